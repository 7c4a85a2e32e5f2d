#include "oracle/arith/interval.h"

#include <algorithm>
#include <vector>

#include "oracle/numeric/integer.h"

namespace tirconf::oracle::arith {

using ir::ExprKind;
using ir::PrimExpr;

namespace {

const Int128 kBig = static_cast<Int128>(1) << 100;

std::optional<Interval> checked(Int128 lo, Int128 hi) {
  if (lo < -kBig || hi > kBig)
    return std::nullopt;
  return Interval{lo, hi};
}

// Truncating and flooring division of exact integers (b != 0).
Int128 quotient(Int128 a, Int128 b, bool floor) {
  Int128 q = a / b;
  if (floor && a % b != 0 && ((a < 0) != (b < 0)))
    --q;
  return q;
}

// The parts of b without zero: its negative and its positive part.
std::vector<Interval> nonzero_parts(const Interval &b) {
  std::vector<Interval> parts;
  if (b.lo < 0)
    parts.push_back({b.lo, std::min<Int128>(b.hi, -1)});
  if (b.hi > 0)
    parts.push_back({std::max<Int128>(b.lo, 1), b.hi});
  return parts;
}

Interval intersect_or(const Interval &a, const Interval &range) {
  Interval r{std::max(a.lo, range.lo), std::min(a.hi, range.hi)};
  return r.lo <= r.hi ? r : range;
}

bool is_division(ExprKind k) {
  return k == ExprKind::Div || k == ExprKind::Mod || k == ExprKind::FloorDiv ||
         k == ExprKind::FloorMod;
}

} // namespace

Interval Interval::of(ir::DataType t) {
  int bits = t.bits;
  if (t.is_uint())
    return {0, (static_cast<Int128>(1) << bits) - 1};
  return {-(static_cast<Int128>(1) << (bits - 1)), (static_cast<Int128>(1) << (bits - 1)) - 1};
}

Interval hull(const Interval &a, const Interval &b) {
  return {std::min(a.lo, b.lo), std::max(a.hi, b.hi)};
}

std::optional<Interval> add(const Interval &a, const Interval &b) {
  return checked(a.lo + b.lo, a.hi + b.hi);
}
std::optional<Interval> sub(const Interval &a, const Interval &b) {
  return checked(a.lo - b.hi, a.hi - b.lo);
}
std::optional<Interval> mul(const Interval &a, const Interval &b) {
  Int128 c[4];
  if (__builtin_mul_overflow(a.lo, b.lo, &c[0]) || __builtin_mul_overflow(a.lo, b.hi, &c[1]) ||
      __builtin_mul_overflow(a.hi, b.lo, &c[2]) || __builtin_mul_overflow(a.hi, b.hi, &c[3]))
    return std::nullopt;
  return checked(*std::min_element(c, c + 4), *std::max_element(c, c + 4));
}

// For a fixed sign of the divisor the quotient is monotone in each operand, so its extremes over
// the box a x b lie at the corners.
Interval divide(const Interval &a, const Interval &b, bool floor) {
  std::optional<Interval> r;
  for (const auto &part : nonzero_parts(b)) {
    Int128 c[4] = {quotient(a.lo, part.lo, floor), quotient(a.lo, part.hi, floor),
                   quotient(a.hi, part.lo, floor), quotient(a.hi, part.hi, floor)};
    Interval i{*std::min_element(c, c + 4), *std::max_element(c, c + 4)};
    r = r ? hull(*r, i) : i;
  }
  return r ? *r : Interval::point(0);
}

Interval remainder(const Interval &a, const Interval &b, bool floor) {
  Int128 min_abs = b.lo > 0 ? b.lo : b.hi < 0 ? -b.hi : 1;
  Int128 max_abs = std::max(b.lo < 0 ? -b.lo : b.lo, b.hi < 0 ? -b.hi : b.hi);
  if (floor) {
    // [sem.expr.floormod] the result has the divisor's sign and is smaller in magnitude.
    if (b.lo > 0)
      return a.lo >= 0 && a.hi < min_abs ? a : Interval{0, b.hi - 1};
    if (b.hi < 0)
      return a.hi <= 0 && a.lo > -min_abs ? a : Interval{b.lo + 1, 0};
    return {b.lo + 1, b.hi - 1};
  }
  // [sem.expr.mod] the result has the dividend's sign and is smaller in magnitude than |b|.
  if (a.lo > -min_abs && a.hi < min_abs)
    return a;
  Int128 m = max_abs - 1;
  if (a.lo >= 0)
    return {0, std::min(a.hi, m)};
  if (a.hi <= 0)
    return {std::max(a.lo, -m), 0};
  return {std::max(a.lo, -m), std::min(a.hi, m)};
}

// ---------------------------------------------------------------- bounds of TIR expressions
Interval Bounds::of(const PrimExpr &e) {
  ir::DataType t = e->dtype;
  if (!t.is_integer() || t.lanes != 1)
    return Interval::of(ir::DataType::Int(64));
  if (auto it = memo_.find(e.get()); it != memo_.end())
    return it->second.second;
  Interval range = Interval::of(t);
  Interval r = range;
  auto *bin = ir::is_binary(e->kind) ? static_cast<const ir::BinaryNode *>(e.get()) : nullptr;
  switch (e->kind) {
  case ExprKind::Var: {
    auto it = vars_.find(static_cast<const ir::VarNode *>(e.get()));
    if (it != vars_.end())
      r = intersect_or(it->second, range);
    break;
  }
  case ExprKind::IntImm: {
    auto *imm = static_cast<const ir::IntImmNode *>(e.get());
    uint64_t bits = numeric::wrap(static_cast<uint64_t>(imm->value), t.bits);
    r = Interval::point(t.is_int() ? numeric::sign_extend(bits, t.bits)
                                   : static_cast<Int128>(bits));
    break;
  }
  case ExprKind::Add:
  case ExprKind::Sub:
  case ExprKind::Mul: {
    // [sem.expr.int_wrap] exact unless the exact result can leave the dtype's range.
    Interval a = of(bin->a), b = of(bin->b);
    auto x = e->kind == ExprKind::Add   ? add(a, b)
             : e->kind == ExprKind::Sub ? sub(a, b)
                                        : mul(a, b);
    if (x && x->within(range))
      r = *x;
    break;
  }
  case ExprKind::Div:
  case ExprKind::Mod:
  case ExprKind::FloorDiv:
  case ExprKind::FloorMod: {
    Interval a = of(bin->a), b = of(bin->b);
    if (b.lo == 0 && b.hi == 0)
      break; // always divides by zero: no normal end
    bool floor = t.is_uint() || e->kind == ExprKind::FloorDiv || e->kind == ExprKind::FloorMod;
    bool quot = e->kind == ExprKind::Div || e->kind == ExprKind::FloorDiv;
    std::optional<Interval> acc;
    for (const auto &part : nonzero_parts(b)) {
      Interval i = quot ? divide(a, part, floor) : remainder(a, part, floor);
      acc = acc ? hull(*acc, i) : i;
    }
    // INT_MIN / -1 is the only quotient outside the range, and it does not end normally.
    if (acc)
      r = intersect_or(*acc, range);
    break;
  }
  case ExprKind::Min:
  case ExprKind::Max: {
    Interval a = of(bin->a), b = of(bin->b);
    r = e->kind == ExprKind::Min ? Interval{std::min(a.lo, b.lo), std::min(a.hi, b.hi)}
                                 : Interval{std::max(a.lo, b.lo), std::max(a.hi, b.hi)};
    break;
  }
  case ExprKind::Select: {
    auto *s = static_cast<const ir::SelectNode *>(e.get());
    Interval c = of(s->condition);
    if (c.lo == c.hi)
      r = of(c.lo ? s->true_value : s->false_value);
    else
      r = hull(of(s->true_value), of(s->false_value));
    break;
  }
  case ExprKind::Cast: {
    auto *c = static_cast<const ir::CastNode *>(e.get());
    if (c->value->dtype.is_integer() && c->value->dtype.lanes == 1) {
      Interval v = of(c->value);
      if (v.within(range))
        r = v;
    }
    break;
  }
  case ExprKind::EQ:
  case ExprKind::NE:
  case ExprKind::LT:
  case ExprKind::LE:
  case ExprKind::GT:
  case ExprKind::GE: {
    Interval a = of(bin->a), b = of(bin->b);
    if (!bin->a->dtype.is_integer())
      break;
    std::optional<bool> v;
    switch (e->kind) {
    case ExprKind::EQ:
      if (a.is_point() && b.is_point() && a.lo == b.lo)
        v = true;
      else if (a.hi < b.lo || b.hi < a.lo)
        v = false;
      break;
    case ExprKind::NE:
      if (a.is_point() && b.is_point() && a.lo == b.lo)
        v = false;
      else if (a.hi < b.lo || b.hi < a.lo)
        v = true;
      break;
    case ExprKind::LT:
      if (a.hi < b.lo)
        v = true;
      else if (a.lo >= b.hi)
        v = false;
      break;
    case ExprKind::LE:
      if (a.hi <= b.lo)
        v = true;
      else if (a.lo > b.hi)
        v = false;
      break;
    case ExprKind::GT:
      if (a.lo > b.hi)
        v = true;
      else if (a.hi <= b.lo)
        v = false;
      break;
    case ExprKind::GE:
      if (a.lo >= b.hi)
        v = true;
      else if (a.hi < b.lo)
        v = false;
      break;
    default:
      break;
    }
    if (v)
      r = Interval::point(*v);
    break;
  }
  case ExprKind::And:
  case ExprKind::Or: {
    Interval a = of(bin->a), b = of(bin->b);
    bool is_and = e->kind == ExprKind::And;
    if (is_and && (a.hi == 0 || b.hi == 0))
      r = Interval::point(0);
    else if (!is_and && (a.lo == 1 || b.lo == 1))
      r = Interval::point(1);
    else if (a.is_point() && b.is_point())
      r = Interval::point(is_and ? a.lo & b.lo : a.lo | b.lo);
    break;
  }
  case ExprKind::Not: {
    Interval a = of(static_cast<const ir::NotNode *>(e.get())->a);
    if (a.is_point())
      r = Interval::point(!a.lo);
    break;
  }
  default:
    break; // loads, calls, lets, ...: anything of the dtype
  }
  memo_[e.get()] = {e, r};
  return r;
}

bool Bounds::may_fault(const PrimExpr &e) {
  switch (e->kind) {
  case ExprKind::Var:
  case ExprKind::IntImm:
  case ExprKind::FloatImm:
  case ExprKind::StringImm:
    return false;
  case ExprKind::Cast: {
    auto *c = static_cast<const ir::CastNode *>(e.get());
    // Integer-to-integer casts always have a value; other casts may not (float ranges).
    return !(c->value->dtype.is_integer() && e->dtype.is_integer()) || may_fault(c->value);
  }
  case ExprKind::Select: {
    auto *s = static_cast<const ir::SelectNode *>(e.get());
    return may_fault(s->condition) || may_fault(s->true_value) || may_fault(s->false_value);
  }
  case ExprKind::Not:
    return may_fault(static_cast<const ir::NotNode *>(e.get())->a);
  default:
    break;
  }
  if (!ir::is_binary(e->kind))
    return true; // loads (out of bounds), calls, lets: not analysed
  auto *bin = static_cast<const ir::BinaryNode *>(
      e.get()); // loads (out of bounds), calls, lets: not analysed
  if (may_fault(bin->a) || may_fault(bin->b))
    return true;
  if (!is_division(e->kind))
    return false;
  if (!e->dtype.is_integer())
    return false;
  Interval a = of(bin->a), b = of(bin->b);
  if (b.contains(0))
    return true; // [sem.expr.div] ... divide-by-zero
  // [unspec.int_min_div]
  return e->dtype.is_int() && a.contains(Interval::of(e->dtype).lo) && b.contains(-1);
}

// ---------------------------------------------------------------- side conditions
namespace {

struct CondVal {
  bool is_bool = false;
  Interval iv;       // integer: the values it may take
  bool known = true; // integer: false when the interval is unknown (too large)
  Truth t = Truth::Unknown;
  bool may_be_undefined = false; // a division by zero may happen on the way
};

Truth tri_not(Truth t) {
  return t == Truth::True ? Truth::False : t == Truth::False ? Truth::True : Truth::Unknown;
}

CondVal eval(const Pat &p, const std::map<std::string, Interval> &env,
             std::optional<ir::DataType> dtype) {
  CondVal r;
  switch (p.kind) {
  case PatKind::Var:
  case PatKind::Sym: {
    auto it = env.find(p.name);
    if (it == env.end())
      r.known = false;
    else
      r.iv = it->second;
    return r;
  }
  case PatKind::Lit:
    r.iv = Interval::point(p.value);
    return r;
  case PatKind::BoolLit:
    r.is_bool = true;
    r.t = p.value ? Truth::True : Truth::False;
    return r;
  case PatKind::Fits: {
    CondVal a = eval(*p.args[0], env, dtype);
    r.is_bool = true;
    r.may_be_undefined = a.may_be_undefined;
    if (!dtype) {
      r.t = Truth::True;
      return r;
    }
    Interval range = Interval::of(*dtype);
    if (a.known && a.iv.within(range))
      r.t = Truth::True;
    else if (a.known && (a.iv.hi < range.lo || a.iv.lo > range.hi))
      r.t = Truth::False;
    return r;
  }
  case PatKind::Op:
    break;
  }
  ExprKind op = p.op;
  if (op == ExprKind::Not) {
    CondVal a = eval(*p.args[0], env, dtype);
    a.t = tri_not(a.t);
    return a;
  }
  if (op == ExprKind::Select) {
    CondVal c = eval(*p.args[0], env, dtype);
    CondVal t = eval(*p.args[1], env, dtype), f = eval(*p.args[2], env, dtype);
    CondVal out = c.t == Truth::True ? t : c.t == Truth::False ? f : t;
    if (c.t == Truth::Unknown) {
      if (out.is_bool)
        out.t = t.t == f.t ? t.t : Truth::Unknown;
      else {
        out.known = t.known && f.known;
        out.iv = hull(t.iv, f.iv);
      }
    }
    // [sem.expr.select] all operands are evaluated.
    out.may_be_undefined = c.may_be_undefined || t.may_be_undefined || f.may_be_undefined;
    return out;
  }
  CondVal a = eval(*p.args[0], env, dtype);
  if (op == ExprKind::And || op == ExprKind::Or) {
    bool is_and = op == ExprKind::And;
    Truth stop = is_and ? Truth::False : Truth::True; // the value that skips b
    r.is_bool = true;
    if (a.t == stop) {
      r.t = stop;
      r.may_be_undefined = a.may_be_undefined;
      return r;
    }
    CondVal b = eval(*p.args[1], env, dtype);
    r.may_be_undefined = a.may_be_undefined || b.may_be_undefined;
    if (a.t == tri_not(stop))
      r.t = b.t;
    else
      r.t = b.t == stop ? stop : Truth::Unknown;
    return r;
  }
  CondVal b = eval(*p.args[1], env, dtype);
  r.may_be_undefined = a.may_be_undefined || b.may_be_undefined;
  if (ir::is_comparison(op)) {
    r.is_bool = true;
    if (a.is_bool || b.is_bool) {
      if (a.t != Truth::Unknown && b.t != Truth::Unknown) {
        bool eq = a.t == b.t;
        r.t = (op == ExprKind::EQ) == eq ? Truth::True : Truth::False;
      }
      return r;
    }
    if (!a.known || !b.known)
      return r;
    const Interval &x = a.iv, &y = b.iv;
    auto decide = [&](bool yes, bool no) {
      r.t = yes ? Truth::True : no ? Truth::False : Truth::Unknown;
    };
    bool same_point = x.is_point() && y.is_point() && x.lo == y.lo;
    bool apart = x.hi < y.lo || y.hi < x.lo;
    switch (op) {
    case ExprKind::EQ:
      decide(same_point, apart);
      break;
    case ExprKind::NE:
      decide(apart, same_point);
      break;
    case ExprKind::LT:
      decide(x.hi < y.lo, x.lo >= y.hi);
      break;
    case ExprKind::LE:
      decide(x.hi <= y.lo, x.lo > y.hi);
      break;
    case ExprKind::GT:
      decide(x.lo > y.hi, x.hi <= y.lo);
      break;
    case ExprKind::GE:
      decide(x.lo >= y.hi, x.hi < y.lo);
      break;
    default:
      break;
    }
    return r;
  }
  if (!a.known || !b.known) {
    r.known = false;
    return r;
  }
  std::optional<Interval> v;
  switch (op) {
  case ExprKind::Add:
    v = add(a.iv, b.iv);
    break;
  case ExprKind::Sub:
    v = sub(a.iv, b.iv);
    break;
  case ExprKind::Mul:
    v = mul(a.iv, b.iv);
    break;
  case ExprKind::Min:
    v = Interval{std::min(a.iv.lo, b.iv.lo), std::min(a.iv.hi, b.iv.hi)};
    break;
  case ExprKind::Max:
    v = Interval{std::max(a.iv.lo, b.iv.lo), std::max(a.iv.hi, b.iv.hi)};
    break;
  case ExprKind::Div:
  case ExprKind::Mod:
  case ExprKind::FloorDiv:
  case ExprKind::FloorMod: {
    if (b.iv.contains(0))
      r.may_be_undefined = true;
    if (b.iv.lo == 0 && b.iv.hi == 0)
      break;
    bool floor = op == ExprKind::FloorDiv || op == ExprKind::FloorMod;
    bool quot = op == ExprKind::Div || op == ExprKind::FloorDiv;
    std::optional<Interval> acc;
    for (const auto &part : nonzero_parts(b.iv)) {
      Interval i = quot ? divide(a.iv, part, floor) : remainder(a.iv, part, floor);
      acc = acc ? hull(*acc, i) : i;
    }
    v = acc;
    break;
  }
  default:
    break;
  }
  if (v)
    r.iv = *v;
  else
    r.known = false;
  return r;
}

} // namespace

Truth eval_condition(const Pat &cond, const std::map<std::string, Interval> &env,
                     std::optional<ir::DataType> dtype) {
  CondVal v = eval(cond, env, dtype);
  if (v.may_be_undefined)
    return Truth::Unknown; // a condition must be defined to hold
  return v.t;
}

} // namespace tirconf::oracle::arith
