// Typed expressions: every PrimExpr of the spec's grammar, weighted by the profile, each with the
// Facts that later consumers use to prove safety. Operations that can be unspecified (division,
// float Min/Max, float->int casts, shifts, reinterpret, copysign) get their operands repaired
// locally in expr_repair.cc.
#include <algorithm>
#include <cmath>

#include "generators/build.h"
#include "generators/func_gen.h"
#include "generators/literals.h"
#include "ir/builtins.h"

namespace tirconf::gen {

using ir::DataType;
using ir::ExprKind;
using ir::PrimExpr;
namespace b = build;

namespace {

bool is_num(DataType t) {
  return (t.is_integer() && !t.is_bool()) || t.is_floating();
}
bool is_int(DataType t) {
  return t.is_integer() && !t.is_bool();
}

Facts facts_of_float_literal(double v) {
  if (std::isnan(v))
    return Facts::of_float(-INFINITY, INFINITY, true, true);
  return Facts::of_float(v, v, false, v == 0 && std::signbit(v));
}

// The element types that have as many bits as `t` but another code (tir.reinterpret sources).
std::vector<DataType> same_width_types(DataType t, bool floats) {
  std::vector<DataType> out;
  const DataType cands[] = {DataType::Int(t.bits), DataType::UInt(t.bits), DataType::Float(t.bits)};
  for (DataType c : cands)
    if (c.code != t.code && (c.bits != 8 || !c.is_float()) && (floats || !c.is_floating()))
      out.push_back(c);
  if (t.bits == 16 && floats && !t.is_bfloat())
    out.push_back(DataType::BFloat16());
  return out;
}

} // namespace

std::vector<std::string> FuncGen::allowed_math(const std::vector<std::string_view> &ops) const {
  std::vector<std::string> out;
  for (auto op : ops)
    if (std::find(p_.excluded_math.begin(), p_.excluded_math.end(), op) == p_.excluded_math.end())
      out.push_back("tir." + std::string(op));
  return out;
}

TExpr FuncGen::fits_int_type(DataType to, TExpr x) {
  // Clamped into the values both types hold: min(max(x, lo), hi) in x's type.
  const DataType from = x.e->dtype.element_of();
  const i128 lo = std::max(min_of(to), min_of(from)), hi = std::min(max_of(to), max_of(from));
  if (x.f.lo >= lo && x.f.hi <= hi)
    return x;
  const DataType t = x.e->dtype;
  PrimExpr e = x.e;
  if (x.f.lo < lo)
    e = b::bin(ExprKind::Max, e, b::splat_int(t, static_cast<int64_t>(lo)));
  if (x.f.hi > hi)
    e = b::bin(ExprKind::Min, e, b::splat_int(t, static_cast<int64_t>(hi)));
  auto clamp = [&](i128 v) { return std::min(std::max(v, lo), hi); };
  return {e, Facts::of_int(clamp(x.f.lo), clamp(x.f.hi))};
}

int FuncGen::pick_lanes(int at_most) {
  std::vector<int> fit;
  for (int l : p_.limits.lanes)
    if (l <= at_most)
      fit.push_back(l);
  if (fit.empty())
    return 1;
  return fit[r_.below(fit.size())];
}

DataType FuncGen::pick_int_dtype(int lanes) {
  DtypeChoice c = pick_allowed(r_, p_.dtype, [&](DtypeChoice d) {
    DataType t = dtype_of(d);
    return t.is_integer() && !t.is_bool();
  });
  // The profile reader keeps one non-bool integer dtype with a positive weight.
  return (c == DtypeChoice::kCount ? DataType::Int(32) : dtype_of(c)).with_lanes(lanes);
}

DataType FuncGen::pick_dtype(int lanes, bool allow_bool) {
  DtypeChoice c = pick_allowed(r_, p_.dtype, [&](DtypeChoice d) {
    DataType t = dtype_of(d);
    if (t.is_floating() && !p_.features.floats)
      return false;
    if (t.is_bool() && !allow_bool)
      return false;
    return true;
  });
  if (c == DtypeChoice::kCount)
    return DataType::Int(32, lanes);
  return dtype_of(c).with_lanes(lanes);
}

TExpr FuncGen::constant(DataType t) {
  const DataType e = t.element_of();
  TExpr x;
  if (e.is_floating()) {
    double v = float_value(r_, e, p_.chances.literal_edge, p_.features.float_specials, p_.chances);
    x.e = b::splat_float(t, v);
    x.f = facts_of_float_literal(v);
  } else {
    int64_t v = int_value(r_, e, p_.chances.literal_edge, p_.chances);
    x.e = b::splat_int(t, v);
    x.f = Facts::exact(v);
  }
  return x;
}

TExpr FuncGen::expr_leaf(DataType t, const Ctx &c) {
  // Leaves: a constant, an in-scope variable or a buffer element, by the profile's weights.
  const ExprChoice leaves[] = {ExprChoice::Const, ExprChoice::Var, ExprChoice::Load};
  int w[3];
  for (int i = 0; i < 3; ++i)
    w[i] = p_.expr[size_t(leaves[i])];
  for (int attempt = 0; attempt < 3; ++attempt) {
    ExprChoice k = leaves[r_.pick(w)];
    bool ok = true;
    TExpr x = expr_op(k, t, 0, c, ok);
    if (ok)
      return x;
  }
  return constant(t);
}

TExpr FuncGen::expr(DataType t, int depth, const Ctx &c) {
  if (depth <= 0)
    return expr_leaf(t, c);
  const bool vec = t.lanes > 1;
  // Conditions are mostly comparisons and their logical combinations, as in real programs.
  const bool logical_first = t.is_bool() && r_.percent(p_.chances.bool_logical);
  for (int attempt = 0; attempt < 4; ++attempt) {
    ExprChoice k = pick_allowed(r_, p_.expr, [&](ExprChoice k) {
      if (logical_first && k != ExprChoice::Compare && k != ExprChoice::And &&
          k != ExprChoice::Or && k != ExprChoice::Not)
        return false;
      switch (k) {
      case ExprChoice::Add:
      case ExprChoice::Sub:
      case ExprChoice::Mul:
      case ExprChoice::Div:
      case ExprChoice::Min:
      case ExprChoice::Max:
        return is_num(t);
      case ExprChoice::FloorDiv:
      case ExprChoice::FloorMod:
        return is_int(t) || (t.is_floating() && p_.features.float_floor_division);
      case ExprChoice::Mod:
        return is_int(t);
      case ExprChoice::Compare:
      case ExprChoice::And:
      case ExprChoice::Or:
      case ExprChoice::Not:
        return t.is_bool();
      case ExprChoice::Broadcast:
      case ExprChoice::Shuffle:
        return vec;
      case ExprChoice::Ramp:
        return vec && is_int(t);
      case ExprChoice::Call:
        return !vec && p_.features.calls;
      default:
        return true;
      }
    });
    if (k == ExprChoice::kCount)
      break;
    bool ok = true;
    TExpr x = expr_op(k, t, depth, c, ok);
    if (ok)
      return x;
  }
  return expr_leaf(t, c);
}

TExpr FuncGen::int_expr(DataType t, int depth, const Ctx &c) {
  return expr(t, depth, c);
}

TExpr FuncGen::expr_op(ExprChoice k, DataType t, int depth, const Ctx &c, bool &ok) {
  const DataType e = t.element_of();
  const int L = t.lanes;
  switch (k) {
  case ExprChoice::Const:
    return constant(t);
  case ExprChoice::Var: {
    // [sem.expr.var] an in-scope variable of the element type (broadcast for vectors).
    std::vector<const ScalarInfo *> vs;
    for (const auto &s : c.scalars)
      if (s.var->dtype == e)
        vs.push_back(&s);
    if (vs.empty())
      break;
    const ScalarInfo *s = vs[r_.below(vs.size())];
    TExpr x{s->var, s->facts};
    if (L > 1)
      x.e = b::broadcast(x.e, L);
    return x;
  }
  case ExprChoice::Load: {
    TExpr x = load(t, c);
    if (x.e)
      return x;
    break;
  }
  case ExprChoice::Add:
  case ExprChoice::Sub:
  case ExprChoice::Mul:
  case ExprChoice::Div:
  case ExprChoice::Mod:
  case ExprChoice::FloorDiv:
  case ExprChoice::FloorMod:
  case ExprChoice::Min:
  case ExprChoice::Max:
    return arith(k, t, depth, c);
  case ExprChoice::Compare: {
    // [sem.expr.cmp] [sem.expr.cmp.float] operands of any numeric dtype with t's lanes.
    static constexpr ExprKind ops[] = {ExprKind::EQ, ExprKind::NE, ExprKind::LT,
                                       ExprKind::LE, ExprKind::GE, ExprKind::GT};
    DataType od = pick_dtype(L, false);
    TExpr a = expr(od, depth - 1, c), bb = expr(od, depth - 1, c);
    return {b::bin(ops[r_.below(6)], a.e, bb.e), bool_facts()};
  }
  case ExprChoice::And:
  case ExprChoice::Or: {
    // [sem.expr.and] [sem.expr.or] scalar ones short-circuit; [sem.expr.and.vector]
    // [sem.expr.or.vector] lane-wise. No operand can fail, so skipping lanes changes nothing.
    TExpr a = expr(t, depth - 1, c), bb = expr(t, depth - 1, c);
    return {b::bin(k == ExprChoice::And ? ExprKind::And : ExprKind::Or, a.e, bb.e), bool_facts()};
  }
  case ExprChoice::Not:
    return {b::lnot(expr(t, depth - 1, c).e), bool_facts()}; // [sem.expr.not]
  case ExprChoice::Select: {
    // [sem.expr.select] [sem.expr.select.vector] all three operands are evaluated.
    const int cl = L > 1 && r_.percent(p_.chances.select_vector_condition) ? L : 1;
    TExpr cond = expr(DataType::Bool(cl), depth - 1, c);
    TExpr x = expr(t, depth - 1, c), y = expr(t, depth - 1, c);
    return {b::select(cond.e, x.e, y.e), join(x.f, y.f, e)};
  }
  case ExprChoice::Cast:
    return cast_to(t, depth, c);
  case ExprChoice::Let: {
    // [sem.expr.let] a scalar bound for the body.
    DataType vt = pick_scalar_dtype(true);
    TExpr v = expr(vt, depth - 1, c);
    Ctx inner = c;
    ir::Var var = ir::make_var(fresh("v"), vt);
    inner.scalars.push_back({var, v.f});
    TExpr body = expr(t, depth - 1, inner);
    return {b::let(var, v.e, body.e), body.f};
  }
  case ExprChoice::Broadcast: {
    TExpr v = expr(e, depth - 1, c); // [sem.expr.broadcast]
    return {b::broadcast(v.e, L), v.f};
  }
  case ExprChoice::Ramp: {
    // [sem.expr.ramp] base + i * stride, wrapping.
    TExpr base = expr(e, depth - 1, c), stride = expr(e, depth - 1, c);
    Facts f = int_add(e, base.f, int_mul(e, stride.f, Facts::of_int(0, L - 1)));
    return {b::ramp(base.e, stride.e, L), f};
  }
  case ExprChoice::Shuffle:
    return shuffle(t, depth, c);
  case ExprChoice::Builtin:
    return builtin(t, depth, c, ok);
  case ExprChoice::Call:
    return call(t, depth, c, ok);
  case ExprChoice::kCount:
    break;
  }
  ok = false;
  return {};
}

TExpr FuncGen::arith(ExprChoice k, DataType t, int depth, const Ctx &c) {
  const DataType e = t.element_of();
  TExpr a = expr(t, depth - 1, c), y = expr(t, depth - 1, c);
  // [sem.expr.binary] [sem.expr.int_wrap] [sem.expr.float_ieee]
  auto kind_of = [](ExprChoice k) {
    switch (k) {
    case ExprChoice::Add:
      return ExprKind::Add;
    case ExprChoice::Sub:
      return ExprKind::Sub;
    case ExprChoice::Mul:
      return ExprKind::Mul;
    case ExprChoice::Div:
      return ExprKind::Div;
    case ExprChoice::Mod:
      return ExprKind::Mod;
    case ExprChoice::FloorDiv:
      return ExprKind::FloorDiv;
    case ExprChoice::FloorMod:
      return ExprKind::FloorMod;
    case ExprChoice::Min:
      return ExprKind::Min;
    default:
      return ExprKind::Max;
    }
  };
  const ExprKind op = kind_of(k);
  Facts f;
  if (t.is_floating()) {
    switch (k) {
    case ExprChoice::Add:
      f = float_add(e, a.f, y.f);
      break; // [sem.expr.add]
    case ExprChoice::Sub:
      f = float_sub(e, a.f, y.f);
      break; // [sem.expr.sub]
    case ExprChoice::Mul:
      f = float_mul(e, a.f, y.f);
      break; // [sem.expr.mul]
    case ExprChoice::Div:
      f = float_div(e, a.f, y.f);
      break; // [sem.expr.div] IEEE, x/0 is fine
    case ExprChoice::Min:
    case ExprChoice::Max:
      // [sem.expr.min] [sem.expr.max] a NaN operand or a +0.0/-0.0 pair is
      // [unspec.float_minmax_nan]: both operands are made clean first.
      a = clean_float(a, c);
      y = clean_float(y, c);
      f = float_minmax(e, a.f, y.f, k == ExprChoice::Min);
      break;
    default: // [sem.expr.floordiv] [sem.expr.floormod] floor(x / y) on floats
      f = Facts::full(e);
      break;
    }
    return {b::bin(op, a.e, y.e), f};
  }
  switch (k) {
  case ExprChoice::Add:
    f = int_add(e, a.f, y.f);
    break;
  case ExprChoice::Sub:
    f = int_sub(e, a.f, y.f);
    break;
  case ExprChoice::Mul:
    f = int_mul(e, a.f, y.f);
    break;
  case ExprChoice::Min:
    f = int_min(a.f, y.f);
    break;
  case ExprChoice::Max:
    f = int_max(a.f, y.f);
    break;
  default:
    // [sem.expr.div] [sem.expr.mod] [sem.expr.floordiv] [sem.expr.floormod]: a zero divisor is
    // an error and INT_MIN / -1 is [unspec.int_min_div]; the divisor is repaired to exclude both.
    y = safe_divisor(t, a, y);
    f = k == ExprChoice::Div        ? int_div(e, a.f, y.f)
        : k == ExprChoice::Mod      ? int_mod(e, a.f, y.f)
        : k == ExprChoice::FloorDiv ? int_floordiv(e, a.f, y.f)
                                    : int_floormod(e, a.f, y.f);
    break;
  }
  return {b::bin(op, a.e, y.e), f};
}

TExpr FuncGen::cast_to(DataType t, int depth, const Ctx &c) {
  // [sem.expr.cast] from another dtype with the same lanes.
  const DataType e = t.element_of();
  DataType from = pick_dtype(t.lanes, true);
  if (from.element_of() == e && r_.percent(p_.chances.cast_redraw_same_type))
    from = pick_dtype(t.lanes, true);
  if (!p_.features.wrapping_casts && e.is_bool() && from.is_floating())
    from = pick_int_dtype(t.lanes);
  TExpr x = expr(from, depth - 1, c);
  const DataType fe = from.element_of();
  if (!p_.features.wrapping_casts && is_int(fe) && e.is_integer())
    x = fits_int_type(e, x);
  Facts f;
  if (e.is_bool()) {
    f = bool_facts(); // [sem.expr.cast.to_bool] nonzero (NaN included) is 1
  } else if (e.is_floating()) {
    f = float_cast(e, fe, x.f); // [sem.expr.cast.to_float]
  } else if (fe.is_floating()) {
    // [sem.expr.cast.float_to_int] truncation toward zero; out of range is
    // [unspec.float_to_int_range], so the operand is first made to fit.
    x = fits_for_cast(e, x, c);
    f = float_to_int(e, x.f);
  } else {
    f = int_cast(e, x.f); // [sem.expr.cast.int_to_int]
  }
  return {b::cast(t, x.e), f};
}

TExpr FuncGen::shuffle(DataType t, int depth, const Ctx &c) {
  // [sem.expr.shuffle] inputs of t's element type whose lanes add up to t's lanes; every index
  // is a constant below that total ([unspec.shuffle_index_range] cannot happen).
  const int L = t.lanes;
  std::vector<PrimExpr> vectors;
  Facts f;
  bool first = true;
  int parts = L % 2 == 0 && L >= 4 && r_.percent(p_.chances.shuffle_two_vectors) ? 2 : 1;
  for (int i = 0; i < parts; ++i) {
    TExpr v = expr(t.with_lanes(L / parts), depth - 1, c);
    f = first ? v.f : join(f, v.f, t.element_of());
    first = false;
    vectors.push_back(v.e);
  }
  std::vector<PrimExpr> idx;
  for (int i = 0; i < L; ++i)
    idx.push_back(b::i32(static_cast<int64_t>(r_.below(L))));
  return {std::make_shared<ir::ShuffleNode>(t, std::move(vectors), std::move(idx)), f};
}

TExpr FuncGen::builtin(DataType t, int depth, const Ctx &c, bool &ok) {
  const DataType e = t.element_of();
  const bool fl = e.is_floating();
  BuiltinChoice k = pick_allowed(r_, p_.builtin, [&](BuiltinChoice k) {
    switch (k) {
    case BuiltinChoice::IfThenElse:
      return true;
    case BuiltinChoice::Likely:
    case BuiltinChoice::Classify:
      return t.is_bool() && (k != BuiltinChoice::Classify || p_.features.floats);
    case BuiltinChoice::Bitwise:
    case BuiltinChoice::Shift:
    case BuiltinChoice::Popcount:
      return is_int(t);
    case BuiltinChoice::ExactMath:
      return fl &&
             (!allowed_math(kExactMathUnary).empty() || !allowed_math(kExactMathBinary).empty());
    case BuiltinChoice::Ldexp:
      return fl;
    case BuiltinChoice::ApproxMath:
      return fl && p_.features.approx_math &&
             (!allowed_math(kApproxMathUnary).empty() || !allowed_math(kApproxMathBinary).empty());
    case BuiltinChoice::Reinterpret:
      return is_num(t);
    default:
      return false;
    }
  });
  auto one = [&]() { return expr(t, depth - 1, c); };
  switch (k) {
  case BuiltinChoice::IfThenElse: {
    // [builtin.if_then_else] only the chosen arm is evaluated.
    TExpr cond = expr(DataType::Bool(), depth - 1, c);
    TExpr x = one(), y = one();
    return {b::builtin(t, "tir.if_then_else", {cond.e, x.e, y.e}), join(x.f, y.f, e)};
  }
  case BuiltinChoice::Likely:
    return {b::builtin(t, "tir.likely", {one().e}), bool_facts()}; // [builtin.likely]
  case BuiltinChoice::Bitwise: {
    // [builtin.bitwise_and] [builtin.bitwise_or] [builtin.bitwise_xor] [builtin.bitwise_not]
    static constexpr const char *ops[] = {"tir.bitwise_and", "tir.bitwise_or", "tir.bitwise_xor",
                                          "tir.bitwise_not"};
    const char *op = ops[r_.below(4)];
    TExpr x = one();
    if (std::string_view(op) == "tir.bitwise_not")
      return {b::builtin(t, op, {x.e}), Facts::full(e)};
    TExpr y = one();
    Facts f = Facts::full(e);
    if (std::string_view(op) == "tir.bitwise_and") {
      if (x.f.lo >= 0)
        f = Facts::of_int(0, x.f.hi);
      if (y.f.lo >= 0)
        f = Facts::of_int(0, std::min(f.hi, y.f.hi));
    }
    return {b::builtin(t, op, {x.e, y.e}), f};
  }
  case BuiltinChoice::Shift: {
    // [builtin.shift_left] [builtin.shift_right]; the amount is kept in [0, bits)
    // ([unspec.shift_amount]).
    const bool left = r_.percent(p_.chances.shift_left);
    TExpr x = one();
    TExpr n = shift_amount(t, one());
    Facts f = !left && x.f.lo >= 0 ? Facts::of_int(0, x.f.hi) : Facts::full(e);
    return {b::builtin(t, left ? "tir.shift_left" : "tir.shift_right", {x.e, n.e}), f};
  }
  case BuiltinChoice::Popcount:
    return {b::builtin(t, "tir.popcount", {one().e}),
            Facts::of_int(0, e.bits)}; // [builtin.popcount]
  case BuiltinChoice::ExactMath: {
    // [builtin.sqrt] [builtin.fabs] [builtin.floor] [builtin.ceil] [builtin.round]
    // [builtin.trunc] [builtin.nearbyint] [builtin.fmod] [builtin.copysign] [builtin.nextafter]
    const auto unary = allowed_math(kExactMathUnary), binary = allowed_math(kExactMathBinary);
    if (binary.empty() || (!unary.empty() && r_.percent(p_.chances.exact_math_unary))) {
      std::string op = unary[r_.below(unary.size())];
      TExpr x = one();
      // TVMScript folds T.fabs of a literal into a literal (tvm::abs), which would not read back
      // as a call.
      if (op == "tir.fabs" && ir::as<ir::FloatImmNode>(x.e)) {
        op.clear();
        for (const auto &u : unary)
          if (op.empty() && u != "tir.fabs")
            op = u;
        if (op.empty())
          break;
      }
      Facts f = Facts::full(e);
      const double m = std::max(std::fabs(x.f.flo), std::fabs(x.f.fhi));
      if (op == "tir.fabs")
        f = Facts::of_float(0, m, x.f.nan, false);
      else if (op != "tir.sqrt")
        f = Facts::of_float(x.f.flo - 1, x.f.fhi + 1, x.f.nan, true);
      return {b::builtin(t, op, {x.e}), f};
    }
    const std::string op = binary[r_.below(binary.size())];
    TExpr x = one(), y = one();
    // [unspec.nan_payload] copysign reads the sign of y, which a NaN does not give.
    if (op == "tir.copysign")
      y = not_nan(y, c);
    return {b::builtin(t, op, {x.e, y.e}), Facts::full(e)};
  }
  case BuiltinChoice::ApproxMath: {
    // [builtin.exp] [builtin.exp2] [builtin.exp10] [builtin.log] [builtin.log2] [builtin.log10]
    // [builtin.log1p] [builtin.rsqrt] [builtin.tanh] [builtin.sigmoid] [builtin.erf]
    // [builtin.sin] [builtin.cos] [builtin.tan] [builtin.asin] [builtin.acos] [builtin.atan]
    // [builtin.sinh] [builtin.cosh] [builtin.pow] [builtin.hypot] [builtin.atan2]
    const auto unary = allowed_math(kApproxMathUnary), binary = allowed_math(kApproxMathBinary);
    if (binary.empty() || (!unary.empty() && r_.percent(p_.chances.approx_math_unary)))
      return {b::builtin(t, unary[r_.below(unary.size())], {one().e}), Facts::full(e)};
    TExpr x = one(), y = one();
    return {b::builtin(t, binary[r_.below(binary.size())], {x.e, y.e}), Facts::full(e)};
  }
  case BuiltinChoice::Classify: {
    // [builtin.isnan] [builtin.isinf] [builtin.isfinite]
    static constexpr const char *ops[] = {"tir.isnan", "tir.isinf", "tir.isfinite"};
    DataType ft = pick_dtype(t.lanes, false);
    if (!ft.is_floating())
      ft = DataType::Float(32, t.lanes);
    return {b::builtin(t, ops[r_.below(3)], {expr(ft, depth - 1, c).e}), bool_facts()};
  }
  case BuiltinChoice::Reinterpret: {
    // [builtin.reinterpret] the same bits read as t; a NaN source has unspecified bits
    // ([unspec.nan_payload]), so a float source is made NaN-free first.
    auto froms = same_width_types(e, p_.features.floats);
    if (froms.empty())
      break;
    DataType from = froms[r_.below(froms.size())].with_lanes(t.lanes);
    TExpr x = expr(from, depth - 1, c);
    if (from.is_floating())
      x = not_nan(x, c);
    return {b::builtin(t, "tir.reinterpret", {x.e}), Facts::full(e)};
  }
  case BuiltinChoice::Ldexp: {
    // [builtin.ldexp] x * 2^n with an int32 exponent.
    TExpr x = one();
    TExpr n = expr(DataType::Int(32, r_.percent(p_.chances.ldexp_vector_exponent) ? t.lanes : 1),
                   depth - 1, c);
    return {b::builtin(t, "tir.ldexp", {x.e, n.e}), Facts::full(e)};
  }
  default:
    break;
  }
  ok = false;
  return {};
}

TExpr FuncGen::call(DataType t, int depth, const Ctx &c, bool &ok) {
  // [sem.expr.call.primfunc] a scalar PrimFunc of the module that returns t.
  std::vector<const Callee *> cands;
  for (const auto &k : m_.callees)
    if (k.kind != Callee::Kind::Buffer && k.ret == t)
      cands.push_back(&k);
  if (cands.empty() || !afford(c.mult * cands.front()->work)) {
    ok = false;
    return {};
  }
  const Callee &k = *cands[r_.below(cands.size())];
  charge(c.mult * k.work);
  std::vector<PrimExpr> args;
  for (size_t i = 0; i < k.params.size(); ++i) {
    TExpr a = expr(k.params[i], depth - 1, c);
    if (i == 0 && k.kind == Callee::Kind::Recursive) {
      // The recursion depth argument: at most limits.recursion_depth calls deep.
      if (a.f.hi > p_.limits.recursion_depth)
        a.e = b::bin(ExprKind::Min, a.e, b::int_imm(k.params[0], p_.limits.recursion_depth));
    }
    args.push_back(a.e);
  }
  return {b::call(t, k.gv, std::move(args)), Facts::full(t)};
}

PrimExpr FuncGen::true_condition(const Ctx &c) {
  // e <= hi or e >= lo for an int expression whose facts bound it: true whenever evaluated.
  DataType t = pick_dtype(1, false);
  // uint64 bounds above INT64_MAX have no IntImm.
  if (!is_int(t) || t == DataType::UInt(64))
    t = DataType::Int(32);
  TExpr x = expr(t, r_.below(2), c);
  const bool upper = r_.percent(p_.chances.true_condition_upper);
  i128 bound = upper ? x.f.hi : x.f.lo;
  if (bound > max_of(t) || bound < min_of(t))
    bound = upper ? max_of(t) : min_of(t);
  PrimExpr k = b::int_imm(t, static_cast<int64_t>(bound));
  return upper ? b::bin(ExprKind::LE, x.e, k) : b::bin(ExprKind::GE, x.e, k);
}

std::string FuncGen::fresh(const std::string &stem) {
  for (auto &[s, n] : names_)
    if (s == stem)
      return stem + std::to_string(n++);
  names_.emplace_back(stem, 1);
  return stem + "0";
}

} // namespace tirconf::gen
