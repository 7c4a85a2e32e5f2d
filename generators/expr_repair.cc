// Local repairs, YARPGen style: when an operand's Facts do not prove an operation safe, the
// operand (not the whole program) is rewritten into one that is, keeping the operation.
#include <cmath>

#include "generators/build.h"
#include "generators/func_gen.h"
#include "generators/literals.h"

namespace tirconf::gen {

using ir::DataType;
using ir::ExprKind;
using ir::PrimExpr;
namespace b = build;

namespace {

// Side-effect-free, cheap and binding nothing: may be repeated instead of bound by a Let (a
// repeated Let would bind its Var twice, [scope.ssa]).
bool is_leaf(const PrimExpr &e) {
  switch (e->kind) {
  case ir::ExprKind::Var:
  case ir::ExprKind::IntImm:
  case ir::ExprKind::FloatImm:
    return true;
  case ir::ExprKind::Broadcast:
    return is_leaf(ir::as<ir::BroadcastNode>(e)->value);
  case ir::ExprKind::Ramp: {
    auto *r = ir::as<ir::RampNode>(e);
    return is_leaf(r->base) && is_leaf(r->stride);
  }
  case ir::ExprKind::BufferLoad:
    for (const auto &i : ir::as<ir::BufferLoadNode>(e)->indices)
      if (!is_leaf(i))
        return false;
    return true;
  default:
    if (ir::is_binary(e->kind)) {
      auto *bn = static_cast<const ir::BinaryNode *>(e.get());
      return is_leaf(bn->a) && is_leaf(bn->b);
    }
    return false;
  }
}

} // namespace

// Binds a non-leaf x to a fresh Let variable so that `use` can mention it several times.
TExpr FuncGen::bind_let(TExpr x, const Ctx &c, const std::function<TExpr(const TExpr &)> &use) {
  if (is_leaf(x.e))
    return use(x);
  ir::Var v = ir::make_var(fresh("t"), x.e->dtype);
  TExpr r = use(TExpr{v, x.f});
  return {b::let(v, x.e, r.e), r.f};
}

TExpr FuncGen::safe_divisor(DataType t, const TExpr &dividend, TExpr y) {
  const DataType e = t.element_of();
  const bool may_zero = y.f.lo <= 0 && y.f.hi >= 0;
  // [unspec.int_min_div] INT_MIN / -1 needs a dividend that can be INT_MIN and a divisor -1.
  const bool may_overflow =
      e.is_int() && dividend.f.lo <= min_of(e) && y.f.lo <= -1 && y.f.hi >= -1;
  if (!may_zero && !may_overflow)
    return y;
  switch (DivisorRepair(r_.pick(p_.divisor_repair))) {
  case DivisorRepair::Constant: {
    // A constant divisor, the common case in real programs (x // 4).
    int64_t k = r_.range(1, 8);
    if (e.is_int() && r_.percent(p_.chances.negative_constant_divisor))
      k = -r_.range(2, 8);
    return {b::splat_int(t, k), Facts::exact(k)};
  }
  case DivisorRepair::Max: {
    // max(y, k) >= k >= 1.
    int64_t k = r_.range(1, 4);
    return {b::bin(ExprKind::Max, y.e, b::splat_int(t, k)), int_max(y.f, Facts::exact(k))};
  }
  case DivisorRepair::Select:
  default: {
    // y where it is safe, else k: Select(y != 0 and y != -1, y, k). The facts keep y's range
    // (for the magnitude of the result); the hole at 0 and -1 is this repair's guarantee.
    int64_t k = r_.range(2, 5);
    return bind_let(y, Ctx{}, [&](const TExpr &v) {
      PrimExpr ok = b::bin(ExprKind::NE, v.e, b::splat_int(t, 0));
      if (e.is_int())
        ok = b::land(ok, b::bin(ExprKind::NE, v.e, b::splat_int(t, -1)));
      Facts f = join(v.f, Facts::exact(k), e);
      if (f.lo == 0)
        f.lo = 1; // magnitude only
      return TExpr{b::select(ok, v.e, b::splat_int(t, k)), f};
    });
  }
  }
}

TExpr FuncGen::not_nan(TExpr x, const Ctx &c) {
  if (!x.f.nan)
    return x;
  // x == x is false exactly for NaN ([sem.expr.cmp.float]).
  const DataType t = x.e->dtype;
  const double k = static_cast<double>(r_.range(-2, 2));
  return bind_let(x, c, [&](const TExpr &v) {
    Facts f = Facts::of_float(std::min(v.f.flo, k), std::max(v.f.fhi, k), false, v.f.negzero);
    return TExpr{b::select(b::bin(ExprKind::EQ, v.e, v.e), v.e, b::splat_float(t, k)), f};
  });
}

TExpr FuncGen::clean_float(TExpr x, const Ctx &c) {
  if (x.f.clean_float())
    return x;
  x = not_nan(std::move(x), c);
  if (!x.f.negzero)
    return x;
  // -0.0 + +0.0 is +0.0 under round-to-nearest, and every other value is unchanged.
  const DataType t = x.e->dtype;
  Facts f = x.f;
  f.negzero = false;
  return {b::bin(ExprKind::Add, x.e, b::splat_float(t, 0.0)), f};
}

TExpr FuncGen::fits_for_cast(DataType to, TExpr x, const Ctx &c) {
  if (fits_int(to, x.f))
    return x;
  const DataType t = x.e->dtype;
  const DataType fe = t.element_of();
  if (r_.percent(p_.chances.float_to_int_from_small_int)) {
    // Replace the operand by a float made from a small integer: its range is known exactly.
    TExpr i = expr(DataType::Int(8, t.lanes), 1, c);
    if (to.is_uint())
      i.e = b::bin(ExprKind::Max, i.e, b::splat_int(i.e->dtype, 0)),
      i.f = int_max(i.f, Facts::exact(0));
    return {b::cast(t, i.e), float_cast(fe, DataType::Int(8), i.f)};
  }
  // Guard: x where lo <= x <= hi (false for NaN and +-inf), else 0. The bounds are values of
  // x's format that truncate into `to`.
  const double limit = std::min(float_max(fe), 0x1p62);
  const double hi = round_toward_zero(fe, std::min(static_cast<double>(max_of(to)), limit));
  const double lo = to.is_uint()
                        ? 0.0
                        : -round_toward_zero(fe, std::min(-static_cast<double>(min_of(to)), limit));
  return bind_let(x, c, [&](const TExpr &v) {
    PrimExpr in = b::land(b::bin(ExprKind::GE, v.e, b::splat_float(t, lo)),
                          b::bin(ExprKind::LE, v.e, b::splat_float(t, hi)));
    return TExpr{b::select(in, v.e, b::splat_float(t, 0.0)), Facts::of_float(lo, hi, false, true)};
  });
}

TExpr FuncGen::shift_amount(DataType t, TExpr n) {
  const int bits = t.element_of().bits;
  if (n.f.within(0, bits - 1))
    return n;
  if (r_.percent(p_.chances.shift_amount_mask)) {
    // bitwise_and with bits - 1 (bits is a power of two) keeps the low bits: 0 <= n < bits.
    return {b::builtin(t, "tir.bitwise_and", {n.e, b::splat_int(t, bits - 1)}),
            Facts::of_int(0, bits - 1)};
  }
  // floormod by bits >= 1 is in [0, bits) for any n.
  return {b::bin(ExprKind::FloorMod, n.e, b::splat_int(t, bits)), Facts::of_int(0, bits - 1)};
}

} // namespace tirconf::gen
