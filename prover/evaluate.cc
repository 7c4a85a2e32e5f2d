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
Int128 lo_of(ir::DataType t) {
  return t.is_uint() ? 0 : -(static_cast<Int128>(1) << (t.bits - 1));
}
Int128 hi_of(ir::DataType t) {
  return t.is_uint() ? (static_cast<Int128>(1) << t.bits) - 1
                     : (static_cast<Int128>(1) << (t.bits - 1)) - 1;
}

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

// One binary operator at fixed dtype t on two values within t's range (or booleans for
// And/Or), with oracle/numeric's lane arithmetic.
Eval apply_at(ExprKind op, ir::DataType t, Int128 a, Int128 b) {
  uint64_t x = numeric::wrap(static_cast<uint64_t>(a), t.bits);
  uint64_t y = numeric::wrap(static_cast<uint64_t>(b), t.bits);
  auto v = [&](uint64_t bits) { return Eval{Eval::Ok, value_of(bits, t)}; };
  using numeric::CmpOp;
  switch (op) {
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

// One binary operator over the mathematical integers (operands within +-kLimit); TooBig past
// the limit. Division by zero is an error at every width.
Eval apply_exact(ExprKind op, Int128 x, Int128 y) {
  Int128 r = 0;
  switch (op) {
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
    if ((op == ExprKind::FloorDiv || op == ExprKind::FloorMod) && m != 0 && ((m < 0) != (y < 0))) {
      q -= 1;
      m += y;
    }
    r = op == ExprKind::Div || op == ExprKind::FloorDiv ? q : m;
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
  return {Eval::Ok, r};
}

// ------------------------------------------------------------- the walk over a pattern
// Operands in order; the first that does not end normally ends the whole expression
// ([sem.expr.select]: all three operands are evaluated; [sem.expr.and], [sem.expr.or]: the
// second operand only when the first does not decide). `leaf` evaluates a leaf (or returns
// nullopt for an operator), `binary` a binary operator on two values.
template <class Leaf, class Binary>
Eval walk_pat(const Pat &p, const Leaf &leaf, const Binary &binary) {
  if (p.kind != PatKind::Op)
    return leaf(p);
  auto sub = [&](int i) { return walk_pat(*p.args[i], leaf, binary); };
  if (p.op == ExprKind::Select) {
    Eval c = sub(0);
    if (c.kind != Eval::Ok)
      return c;
    Eval x = sub(1);
    if (x.kind != Eval::Ok)
      return x;
    Eval y = sub(2);
    if (y.kind != Eval::Ok)
      return y;
    return c.v ? x : y;
  }
  if (p.op == ExprKind::Not) {
    Eval a = sub(0);
    if (a.kind == Eval::Ok)
      a.v = !a.v;
    return a;
  }
  Eval a = sub(0);
  if (a.kind != Eval::Ok)
    return a;
  if (p.op == ExprKind::And && !a.v)
    return boolean(false);
  if (p.op == ExprKind::Or && a.v)
    return boolean(true);
  Eval b = sub(1);
  if (b.kind != Eval::Ok)
    return b;
  if (p.op == ExprKind::And || p.op == ExprKind::Or)
    return boolean(b.v != 0);
  return binary(p.op, a, b);
}

Eval at(const Pat &p, ir::DataType t, const Inputs &in) {
  auto leaf = [&](const Pat &q) -> Eval {
    switch (q.kind) {
    case PatKind::Var:
    case PatKind::Sym: {
      auto it = in.find(q.name);
      return it == in.end() ? Eval{Eval::TooBig} : Eval{Eval::Ok, it->second};
    }
    case PatKind::Lit:
      return {Eval::Ok, value_of(numeric::wrap(static_cast<uint64_t>(q.value), t.bits), t)};
    case PatKind::BoolLit:
      return boolean(q.value != 0);
    default:
      return {Eval::TooBig};
    }
  };
  auto binary = [&](ExprKind op, const Eval &a, const Eval &b) -> Eval {
    if (a.is_bool) {
      if (op == ExprKind::EQ)
        return boolean(a.v == b.v);
      if (op == ExprKind::NE)
        return boolean(a.v != b.v);
    }
    return apply_at(op, t, a.v, b.v);
  };
  return walk_pat(p, leaf, binary);
}

Eval exact(const Pat &p, const Inputs &in, std::optional<ir::DataType> fits, Int128 &max_abs) {
  auto note = [&](const Eval &e) {
    Int128 m = e.v < 0 ? -e.v : e.v;
    if (e.kind == Eval::Ok && !e.is_bool && m > max_abs)
      max_abs = m;
    return e;
  };
  auto leaf = [&](const Pat &q) -> Eval {
    switch (q.kind) {
    case PatKind::Var:
    case PatKind::Sym: {
      auto it = in.find(q.name);
      return it == in.end() ? Eval{Eval::TooBig} : note({Eval::Ok, it->second});
    }
    case PatKind::Lit:
      return note({Eval::Ok, q.value});
    case PatKind::BoolLit:
      return boolean(q.value != 0);
    case PatKind::Fits: {
      Eval a = exact(*q.args[0], in, fits, max_abs);
      if (a.kind != Eval::Ok || !fits)
        return a.kind != Eval::Ok ? a : boolean(true);
      ir::DataType t = *fits;
      Int128 lo = t.is_int() ? -(static_cast<Int128>(1) << (t.bits - 1)) : 0;
      Int128 hi = t.is_int() ? (static_cast<Int128>(1) << (t.bits - 1)) - 1
                             : (static_cast<Int128>(1) << t.bits) - 1;
      return boolean(lo <= a.v && a.v <= hi);
    }
    default:
      return {Eval::TooBig};
    }
  };
  auto binary = [&](ExprKind op, const Eval &a, const Eval &b) {
    return note(apply_exact(op, a.v, b.v));
  };
  return walk_pat(p, leaf, binary);
}

// ---------------------------------------------------------- the walk over a TIR expression
// The same order of evaluation as walk_pat, over a PrimExpr whose free Vars `env` binds; `arith`
// gives a literal's value and a binary operator's result (the arithmetic: at the width, or over
// the integers).
template <class Arith> Eval walk_expr(const ir::PrimExpr &e, const ExprEnv &env, Arith &arith) {
  ir::DataType t = e->dtype;
  if (!t.is_integer() || t.lanes != 1)
    return {Eval::TooBig};
  switch (e->kind) {
  case ExprKind::Var: {
    const Int128 *v = env.find(static_cast<const ir::VarNode *>(e.get()));
    return v ? Eval{Eval::Ok, *v, t.is_bool()} : Eval{Eval::TooBig};
  }
  case ExprKind::IntImm: {
    int64_t v = static_cast<const ir::IntImmNode *>(e.get())->value;
    return t.is_bool() ? boolean(v != 0) : arith.literal(t, v);
  }
  case ExprKind::Select: { // [sem.expr.select] all three operands, in order
    auto *s = static_cast<const ir::SelectNode *>(e.get());
    Eval c = walk_expr(s->condition, env, arith);
    if (c.kind != Eval::Ok)
      return c;
    Eval x = walk_expr(s->true_value, env, arith);
    if (x.kind != Eval::Ok)
      return x;
    Eval y = walk_expr(s->false_value, env, arith);
    if (y.kind != Eval::Ok)
      return y;
    return c.v ? x : y;
  }
  case ExprKind::Not: {
    Eval a = walk_expr(static_cast<const ir::NotNode *>(e.get())->a, env, arith);
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
  Eval x = walk_expr(b->a, env, arith);
  if (x.kind != Eval::Ok)
    return x;
  if (e->kind == ExprKind::And && !x.v)
    return boolean(false); // [sem.expr.and]
  if (e->kind == ExprKind::Or && x.v)
    return boolean(true); // [sem.expr.or]
  Eval y = walk_expr(b->b, env, arith);
  if (y.kind != Eval::Ok)
    return y;
  if (e->kind == ExprKind::And || e->kind == ExprKind::Or)
    return boolean(y.v != 0);
  if (b->a->dtype.is_bool()) {
    if (e->kind == ExprKind::EQ)
      return boolean(x.v == y.v);
    if (e->kind == ExprKind::NE)
      return boolean(x.v != y.v);
    return {Eval::TooBig};
  }
  // The operator at its operands' dtype.
  return arith.binary(e->kind, b->a->dtype, t, x.v, y.v);
}

// At the width: oracle/numeric's lane arithmetic.
struct AtWidth {
  Eval literal(ir::DataType t, int64_t v) const {
    return {Eval::Ok, value_of(numeric::wrap(static_cast<uint64_t>(v), t.bits), t)};
  }
  Eval binary(ExprKind op, ir::DataType operands, ir::DataType, Int128 a, Int128 b) const {
    return apply_at(op, operands, a, b);
  }
};

// Over the integers, noting whether some operation's value leaves its dtype's range.
struct OverIntegers {
  bool overflow = false;
  Eval literal(ir::DataType, int64_t v) const { return {Eval::Ok, v}; }
  Eval binary(ExprKind op, ir::DataType, ir::DataType result, Int128 a, Int128 b) {
    Eval r = apply_exact(op, a, b);
    if (r.kind == Eval::Ok && !r.is_bool && (r.v < lo_of(result) || r.v > hi_of(result)))
      overflow = true; // [sem.expr.int_wrap] the width would wrap this value
    return r;
  }
};

} // namespace

Eval eval_at(const Pat &p, ir::DataType t, const Inputs &in) {
  return at(p, t, in);
}

Eval eval_expr(const ir::PrimExpr &e, const ExprEnv &env) {
  AtWidth arith;
  return walk_expr(e, env, arith);
}

IntegerEval eval_integers(const ir::PrimExpr &e, const ExprEnv &env) {
  OverIntegers arith;
  Eval r = walk_expr(e, env, arith);
  return {r, arith.overflow};
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
