#include "prover/evaluate.h"

#include "oracle/numeric/integer.h"

namespace tirconf::prover {

using ir::ExprKind;
using oracle::arith::Pat;
using oracle::arith::PatKind;
namespace numeric = oracle::numeric;

bool breaks_refinement(const Eval &source, const Eval &target) {
  switch (source.kind) {
  case Eval::Unspecified:
    return false;
  case Eval::Error:
    return target.kind != Eval::Error;
  case Eval::Ok:
    return target.kind != Eval::Ok || target.v != source.v;
  case Eval::TooBig:
    return false;
  }
  return false;
}

namespace {

Eval boolean(bool b) {
  return {Eval::Ok, b, true};
}

// ---------------------------------------------------------------- fixed width, oracle/numeric
Int128 value_of(uint64_t bits, ir::DataType t) {
  return t.is_int() ? static_cast<Int128>(numeric::sign_extend(bits, t.bits))
                    : static_cast<Int128>(bits);
}

Eval from_lane(const numeric::LaneResult &r, ir::DataType t) {
  switch (r.fault) {
  case numeric::Fault::None:
    return {Eval::Ok, value_of(r.bits, t)};
  case numeric::Fault::DivideByZero:
    return {Eval::Error};
  default:
    return {Eval::Unspecified};
  }
}

Eval at(const Pat &p, ir::DataType t, const Inputs &in) {
  switch (p.kind) {
  case PatKind::Var:
  case PatKind::Sym: {
    auto it = in.find(p.name);
    return it == in.end() ? Eval{Eval::TooBig} : Eval{Eval::Ok, it->second};
  }
  case PatKind::Lit:
    return {Eval::Ok, value_of(numeric::wrap(static_cast<uint64_t>(p.value), t.bits), t)};
  case PatKind::BoolLit:
    return boolean(p.value != 0);
  case PatKind::Fits:
    return {Eval::TooBig};
  case PatKind::Op:
    break;
  }
  // Operands in order; the first that does not end normally ends the whole expression.
  if (p.op == ExprKind::Select) { // [sem.expr.select] all three are evaluated
    Eval c = at(*p.args[0], t, in);
    if (c.kind != Eval::Ok)
      return c;
    Eval x = at(*p.args[1], t, in);
    if (x.kind != Eval::Ok)
      return x;
    Eval y = at(*p.args[2], t, in);
    if (y.kind != Eval::Ok)
      return y;
    return c.v ? x : y;
  }
  if (p.op == ExprKind::Not) {
    Eval a = at(*p.args[0], t, in);
    if (a.kind == Eval::Ok)
      a.v = !a.v;
    return a;
  }
  Eval a = at(*p.args[0], t, in);
  if (a.kind != Eval::Ok)
    return a;
  if (p.op == ExprKind::And && !a.v)
    return boolean(false); // [sem.expr.and]
  if (p.op == ExprKind::Or && a.v)
    return boolean(true); // [sem.expr.or]
  Eval b = at(*p.args[1], t, in);
  if (b.kind != Eval::Ok)
    return b;
  if (p.op == ExprKind::And || p.op == ExprKind::Or)
    return boolean(b.v != 0);
  if (a.is_bool) {
    if (p.op == ExprKind::EQ)
      return boolean(a.v == b.v);
    if (p.op == ExprKind::NE)
      return boolean(a.v != b.v);
  }
  uint64_t x = numeric::wrap(static_cast<uint64_t>(a.v), t.bits);
  uint64_t y = numeric::wrap(static_cast<uint64_t>(b.v), t.bits);
  auto v = [&](uint64_t bits) { return Eval{Eval::Ok, value_of(bits, t)}; };
  using numeric::CmpOp;
  switch (p.op) {
  case ExprKind::Add:
    return v(numeric::int_add(t, x, y));
  case ExprKind::Sub:
    return v(numeric::int_sub(t, x, y));
  case ExprKind::Mul:
    return v(numeric::int_mul(t, x, y));
  case ExprKind::Min:
    return v(numeric::int_min(t, x, y));
  case ExprKind::Max:
    return v(numeric::int_max(t, x, y));
  case ExprKind::Div:
    return from_lane(numeric::int_div(t, x, y), t);
  case ExprKind::Mod:
    return from_lane(numeric::int_mod(t, x, y), t);
  case ExprKind::FloorDiv:
    return from_lane(numeric::int_floordiv(t, x, y), t);
  case ExprKind::FloorMod:
    return from_lane(numeric::int_floormod(t, x, y), t);
  case ExprKind::EQ:
    return boolean(numeric::int_compare(CmpOp::EQ, t, x, y));
  case ExprKind::NE:
    return boolean(numeric::int_compare(CmpOp::NE, t, x, y));
  case ExprKind::LT:
    return boolean(numeric::int_compare(CmpOp::LT, t, x, y));
  case ExprKind::LE:
    return boolean(numeric::int_compare(CmpOp::LE, t, x, y));
  case ExprKind::GT:
    return boolean(numeric::int_compare(CmpOp::GT, t, x, y));
  case ExprKind::GE:
    return boolean(numeric::int_compare(CmpOp::GE, t, x, y));
  default:
    return {Eval::TooBig};
  }
}

// ---------------------------------------------------------------- exact integers
const Int128 kLimit = static_cast<Int128>(1) << 100;

Eval exact(const Pat &p, const Inputs &in, std::optional<ir::DataType> fits, Int128 &max_abs) {
  auto note = [&](Int128 v) {
    Int128 m = v < 0 ? -v : v;
    if (m > max_abs)
      max_abs = m;
  };
  switch (p.kind) {
  case PatKind::Var:
  case PatKind::Sym: {
    auto it = in.find(p.name);
    if (it == in.end())
      return {Eval::TooBig};
    note(it->second);
    return {Eval::Ok, it->second};
  }
  case PatKind::Lit:
    note(p.value);
    return {Eval::Ok, p.value};
  case PatKind::BoolLit:
    return boolean(p.value != 0);
  case PatKind::Fits: {
    Eval a = exact(*p.args[0], in, fits, max_abs);
    if (a.kind != Eval::Ok || !fits)
      return a.kind != Eval::Ok ? a : boolean(true);
    ir::DataType t = *fits;
    Int128 lo = t.is_int() ? -(static_cast<Int128>(1) << (t.bits - 1)) : 0;
    Int128 hi = t.is_int() ? (static_cast<Int128>(1) << (t.bits - 1)) - 1
                           : (static_cast<Int128>(1) << t.bits) - 1;
    return boolean(lo <= a.v && a.v <= hi);
  }
  case PatKind::Op:
    break;
  }
  if (p.op == ExprKind::Select) {
    Eval c = exact(*p.args[0], in, fits, max_abs);
    if (c.kind != Eval::Ok)
      return c;
    Eval x = exact(*p.args[1], in, fits, max_abs);
    if (x.kind != Eval::Ok)
      return x;
    Eval y = exact(*p.args[2], in, fits, max_abs);
    if (y.kind != Eval::Ok)
      return y;
    return c.v ? x : y;
  }
  if (p.op == ExprKind::Not) {
    Eval a = exact(*p.args[0], in, fits, max_abs);
    if (a.kind == Eval::Ok)
      a.v = !a.v;
    return a;
  }
  Eval a = exact(*p.args[0], in, fits, max_abs);
  if (a.kind != Eval::Ok)
    return a;
  if (p.op == ExprKind::And && !a.v)
    return boolean(false);
  if (p.op == ExprKind::Or && a.v)
    return boolean(true);
  Eval b = exact(*p.args[1], in, fits, max_abs);
  if (b.kind != Eval::Ok)
    return b;
  Int128 x = a.v, y = b.v, r = 0;
  switch (p.op) {
  case ExprKind::And:
  case ExprKind::Or:
    return boolean(y != 0);
  case ExprKind::Add:
    r = x + y;
    break;
  case ExprKind::Sub:
    r = x - y;
    break;
  case ExprKind::Mul:
    if (__builtin_mul_overflow(x, y, &r))
      return {Eval::TooBig};
    break;
  case ExprKind::Min:
    r = x < y ? x : y;
    break;
  case ExprKind::Max:
    r = x < y ? y : x;
    break;
  case ExprKind::Div:
  case ExprKind::Mod:
  case ExprKind::FloorDiv:
  case ExprKind::FloorMod: {
    if (y == 0)
      return {Eval::Error};
    Int128 q = x / y, m = x % y;
    if ((p.op == ExprKind::FloorDiv || p.op == ExprKind::FloorMod) && m != 0 &&
        ((m < 0) != (y < 0))) {
      q -= 1;
      m += y;
    }
    r = p.op == ExprKind::Div || p.op == ExprKind::FloorDiv ? q : m;
    break;
  }
  case ExprKind::EQ:
    return boolean(x == y);
  case ExprKind::NE:
    return boolean(x != y);
  case ExprKind::LT:
    return boolean(x < y);
  case ExprKind::LE:
    return boolean(x <= y);
  case ExprKind::GT:
    return boolean(x > y);
  case ExprKind::GE:
    return boolean(x >= y);
  default:
    return {Eval::TooBig};
  }
  if (r > kLimit || r < -kLimit)
    return {Eval::TooBig};
  note(r);
  return {Eval::Ok, r};
}

} // namespace

Eval eval_at(const Pat &p, ir::DataType t, const Inputs &in) {
  return at(p, t, in);
}

Eval eval_expr(const ir::PrimExpr &e, const std::map<const ir::VarNode *, Int128> &env) {
  ir::DataType t = e->dtype;
  if (!t.is_integer() || t.lanes != 1)
    return {Eval::TooBig};
  switch (e->kind) {
  case ExprKind::Var: {
    auto it = env.find(static_cast<const ir::VarNode *>(e.get()));
    return it == env.end() ? Eval{Eval::TooBig} : Eval{Eval::Ok, it->second, t.is_bool()};
  }
  case ExprKind::IntImm: {
    int64_t v = static_cast<const ir::IntImmNode *>(e.get())->value;
    if (t.is_bool())
      return boolean(v != 0);
    return {Eval::Ok, value_of(numeric::wrap(static_cast<uint64_t>(v), t.bits), t)};
  }
  case ExprKind::Select: { // [sem.expr.select] all three operands, in order
    auto *s = static_cast<const ir::SelectNode *>(e.get());
    Eval c = eval_expr(s->condition, env);
    if (c.kind != Eval::Ok)
      return c;
    Eval x = eval_expr(s->true_value, env);
    if (x.kind != Eval::Ok)
      return x;
    Eval y = eval_expr(s->false_value, env);
    if (y.kind != Eval::Ok)
      return y;
    return c.v ? x : y;
  }
  case ExprKind::Not: {
    Eval a = eval_expr(static_cast<const ir::NotNode *>(e.get())->a, env);
    if (a.kind == Eval::Ok)
      a.v = !a.v;
    return a;
  }
  default:
    break;
  }
  if (!ir::is_binary(e->kind))
    return {Eval::TooBig};
  auto *b = static_cast<const ir::BinaryNode *>(e.get());
  Eval x = eval_expr(b->a, env);
  if (x.kind != Eval::Ok)
    return x;
  if (e->kind == ExprKind::And && !x.v)
    return boolean(false); // [sem.expr.and]
  if (e->kind == ExprKind::Or && x.v)
    return boolean(true); // [sem.expr.or]
  Eval y = eval_expr(b->b, env);
  if (y.kind != Eval::Ok)
    return y;
  if (e->kind == ExprKind::And || e->kind == ExprKind::Or)
    return boolean(y.v != 0);
  // The operator at the operands' dtype, through the pattern evaluator's arithmetic.
  static const auto a_pat = oracle::arith::pat_var("a");
  static const auto b_pat = oracle::arith::pat_var("b");
  oracle::arith::Pat op;
  op.kind = PatKind::Op;
  op.op = e->kind;
  op.args = {a_pat, b_pat};
  ir::DataType ot = b->a->dtype;
  if (ot.is_bool()) {
    if (e->kind == ExprKind::EQ)
      return boolean(x.v == y.v);
    if (e->kind == ExprKind::NE)
      return boolean(x.v != y.v);
    return {Eval::TooBig};
  }
  Eval r = at(op, ot, Inputs{{"a", x.v}, {"b", y.v}});
  return r;
}

Eval eval_exact(const Pat &p, const Inputs &in, std::optional<ir::DataType> fits_dtype,
                Int128 *max_abs) {
  Int128 m = 0;
  Eval r = exact(p, in, fits_dtype, m);
  if (max_abs)
    *max_abs = m;
  return r;
}

std::optional<bool> eval_condition_exact(const Pat &cond, const Inputs &in,
                                         std::optional<ir::DataType> fits_dtype) {
  Eval e = eval_exact(cond, in, fits_dtype);
  if (e.kind == Eval::TooBig)
    return std::nullopt;
  return e.kind == Eval::Ok && e.v != 0;
}

} // namespace tirconf::prover
