#include "prover/bv_encoding.h"

#include <algorithm>
#include <stdexcept>

namespace tirconf::prover {

using ir::ExprKind;

namespace {

// Exact intermediate results of side conditions stay below this size; wider ones mean a
// condition the prover was not written for.
const unsigned kMaxExactBits = 2048;

unsigned size(const smt::Expr &e) {
  return e.get_sort().bv_size();
}

// The number of bits a signed two's-complement v needs.
unsigned bits_for(Int128 v) {
  unsigned n = 1;
  while (v < -(static_cast<Int128>(1) << (n - 1)) || v >= (static_cast<Int128>(1) << (n - 1)))
    ++n;
  return n;
}

} // namespace

BvEncoding::BvEncoding(z3::context &c, const Width &dtype)
    : c_(c), dtype_(dtype), bits_(dtype.dtype.bits) {
  if (dtype.unbounded)
    throw std::logic_error("prover bug: bit-vectors need a fixed width");
}

BvEncoding::Val BvEncoding::int_input(const std::string &name) {
  smt::Expr v = c_.bv_const(name.c_str(), bits_);
  inputs_.emplace(name, v);
  return {false, v, false, dtype_.dtype.is_uint(), Status::none(c_)};
}

BvEncoding::Val BvEncoding::bool_input(const std::string &name) {
  smt::Expr v = c_.bool_const(name.c_str());
  inputs_.emplace(name, v);
  return {true, v, false, false, Status::none(c_)};
}

smt::Expr BvEncoding::input_term(const std::string &name) const {
  auto it = inputs_.find(name);
  if (it == inputs_.end())
    throw std::logic_error("prover bug: no input " + name);
  return it->second;
}

BvEncoding::Val BvEncoding::literal(Int128 v, const Width &w) {
  if (w.unbounded)
    return {false, smt::bv_val(c_, v, bits_for(v)), true, false, Status::none(c_)};
  return {false, smt::bv_val(c_, v, bits_), false, dtype_.dtype.is_uint(), Status::none(c_)};
}

BvEncoding::Val BvEncoding::bool_literal(bool v) {
  return {true, c_.bool_val(v), false, false, Status::none(c_)};
}

BvEncoding::Val BvEncoding::exact(const Val &a) const {
  if (a.exact || a.is_bool)
    return a;
  Val r = a;
  r.exact = true;
  r.is_unsigned = false;
  if (a.is_unsigned)
    r.v = smt::zext_to(a.v, size(a.v) + 1); // room for the sign bit
  return r;
}

BvEncoding::Val BvEncoding::exact_binary(ExprKind op, const Val &a0, const Val &b0) {
  Val a = exact(a0), b = exact(b0);
  Status st = then(a.st, b.st);
  if (op == ExprKind::And)
    return {true, a.v && b.v, false, false, then_if(a.st, a.v, b.st)};
  if (op == ExprKind::Or)
    return {true, a.v || b.v, false, false, then_if(a.st, !a.v, b.st)};
  if (a.is_bool || b.is_bool) { // Bool == Bool, Bool != Bool
    smt::Expr r = op == ExprKind::EQ ? a.v == b.v : a.v != b.v;
    return {true, r, false, false, st};
  }
  unsigned wa = size(a.v), wb = size(b.v), wm = std::max(wa, wb);
  unsigned w = wm;
  switch (op) {
  case ExprKind::Add:
  case ExprKind::Sub:
  case ExprKind::Div:
  case ExprKind::FloorDiv:
    w = wm + 1;
    break;
  case ExprKind::Mul:
    w = wa + wb;
    break;
  default:
    break;
  }
  if (w > kMaxExactBits)
    throw std::runtime_error("side condition needs too many bits");
  smt::Expr x = smt::sext_to(a.v, w), y = smt::sext_to(b.v, w);
  smt::Expr zero = c_.bv_val(0, w);
  auto exact_int = [&](const smt::Expr &v, Status s) { return Val{false, v, true, false, s}; };
  auto boolean = [&](const smt::Expr &v) { return Val{true, v, false, false, st}; };
  smt::Expr div_err = y == zero;
  smt::Expr no = c_.bool_val(false);
  // Floor correction of the truncating quotient and remainder.
  smt::Expr q = smt::bv_sdiv(x, y), r = smt::bv_srem(x, y);
  smt::Expr adj = r != zero && (smt::bv_slt(r, zero) != smt::bv_slt(y, zero));
  switch (op) {
  case ExprKind::Add:
    return exact_int(x + y, st);
  case ExprKind::Sub:
    return exact_int(x - y, st);
  case ExprKind::Mul:
    return exact_int(x * y, st);
  case ExprKind::Div:
    return exact_int(q, then_op(st, div_err, no));
  case ExprKind::Mod:
    return exact_int(r, then_op(st, div_err, no));
  case ExprKind::FloorDiv:
    return exact_int(ite(adj, q - 1, q), then_op(st, div_err, no));
  case ExprKind::FloorMod:
    return exact_int(ite(adj, r + y, r), then_op(st, div_err, no));
  case ExprKind::Min:
    return exact_int(ite(smt::bv_sle(x, y), x, y), st);
  case ExprKind::Max:
    return exact_int(ite(smt::bv_sle(y, x), x, y), st);
  case ExprKind::EQ:
    return boolean(x == y);
  case ExprKind::NE:
    return boolean(x != y);
  case ExprKind::LT:
    return boolean(smt::bv_slt(x, y));
  case ExprKind::LE:
    return boolean(smt::bv_sle(x, y));
  case ExprKind::GT:
    return boolean(smt::bv_slt(y, x));
  case ExprKind::GE:
    return boolean(smt::bv_sle(y, x));
  default:
    break;
  }
  throw std::logic_error(std::string("prover bug: no exact encoding of ") + ir::kind_name(op));
}

BvEncoding::Val BvEncoding::tir_binary(ExprKind op, const Val &a, const Val &b) {
  if (a.exact || b.exact)
    throw std::logic_error("prover bug: exact value in a TIR operation");
  Status st = then(a.st, b.st);
  if (op == ExprKind::And)
    return {true, a.v && b.v, false, false, then_if(a.st, a.v, b.st)};
  if (op == ExprKind::Or)
    return {true, a.v || b.v, false, false, then_if(a.st, !a.v, b.st)};
  if (a.is_bool || b.is_bool) {
    smt::Expr r = op == ExprKind::EQ ? a.v == b.v : a.v != b.v;
    return {true, r, false, false, st};
  }
  bool sgn = dtype_.dtype.is_int();
  const smt::Expr &x = a.v;
  const smt::Expr &y = b.v;
  smt::Expr zero = c_.bv_val(0, bits_);
  auto integer = [&](const smt::Expr &v, Status s) { return Val{false, v, false, !sgn, s}; };
  auto boolean = [&](const smt::Expr &v) { return Val{true, v, false, false, st}; };
  auto lt = [&](const smt::Expr &p, const smt::Expr &q) {
    return sgn ? smt::bv_slt(p, q) : smt::bv_ult(p, q);
  };
  auto le = [&](const smt::Expr &p, const smt::Expr &q) {
    return sgn ? smt::bv_sle(p, q) : smt::bv_ule(p, q);
  };
  switch (op) {
  case ExprKind::Add:
    return integer(x + y, st); // [sem.expr.add] wraps
  case ExprKind::Sub:
    return integer(x - y, st); // [sem.expr.sub]
  case ExprKind::Mul:
    return integer(x * y, st); // [sem.expr.mul]
  case ExprKind::Min:
    return integer(ite(le(x, y), x, y), st); // [sem.expr.min]
  case ExprKind::Max:
    return integer(ite(le(y, x), x, y), st); // [sem.expr.max]
  case ExprKind::EQ:
    return boolean(x == y);
  case ExprKind::NE:
    return boolean(x != y);
  case ExprKind::LT:
    return boolean(lt(x, y));
  case ExprKind::LE:
    return boolean(le(x, y));
  case ExprKind::GT:
    return boolean(lt(y, x));
  case ExprKind::GE:
    return boolean(le(y, x));
  default:
    break;
  }
  // The four divisions: a zero divisor is an error; INT_MIN / -1 is unspecified.
  smt::Expr err = y == zero;
  smt::Expr unspec = c_.bool_val(false);
  if (sgn) {
    smt::Expr min = smt::bv_val(c_, -(static_cast<Int128>(1) << (bits_ - 1)), bits_);
    unspec = x == min && y == c_.bv_val(-1, bits_);
  }
  Status dst = then_op(st, err, unspec);
  if (!sgn) { // UInt: floor and truncation agree
    bool quotient = op == ExprKind::Div || op == ExprKind::FloorDiv;
    return integer(quotient ? smt::bv_udiv(x, y) : smt::bv_urem(x, y), dst);
  }
  smt::Expr q = smt::bv_sdiv(x, y), r = smt::bv_srem(x, y);
  // [sem.expr.floordiv] [sem.expr.floormod] the sign correction.
  smt::Expr adj = r != zero && (smt::bv_slt(r, zero) != smt::bv_slt(y, zero));
  switch (op) {
  case ExprKind::Div:
    return integer(q, dst); // [sem.expr.div]
  case ExprKind::Mod:
    return integer(r, dst); // [sem.expr.mod]
  case ExprKind::FloorDiv:
    return integer(ite(adj, q - 1, q), dst);
  case ExprKind::FloorMod:
    return integer(ite(adj, r + y, r), dst);
  default:
    break;
  }
  throw std::logic_error(std::string("prover bug: no bit-vector encoding of ") + ir::kind_name(op));
}

BvEncoding::Val BvEncoding::binary(ExprKind op, const Val &a, const Val &b, const Width &w) {
  return w.unbounded ? exact_binary(op, a, b) : tir_binary(op, a, b);
}

BvEncoding::Val BvEncoding::select(const Val &c, const Val &t0, const Val &f0) {
  Status st = then(then(c.st, t0.st), f0.st);
  if (t0.is_bool)
    return {true, ite(c.v, t0.v, f0.v), false, false, st};
  if (!t0.exact && !f0.exact)
    return {false, ite(c.v, t0.v, f0.v), false, t0.is_unsigned, st};
  Val t = exact(t0), f = exact(f0);
  unsigned w = std::max(size(t.v), size(f.v));
  return {false, ite(c.v, smt::sext_to(t.v, w), smt::sext_to(f.v, w)), true, false, st};
}

BvEncoding::Val BvEncoding::logical_not(const Val &a) {
  return {true, !a.v, false, false, a.st};
}

BvEncoding::Val BvEncoding::fits(const Val &a0, const Width &w) {
  if (w.unbounded)
    return {true, c_.bool_val(true), false, false, a0.st};
  Val a = exact(a0);
  Int128 lo = w.dtype.is_int() ? -(static_cast<Int128>(1) << (w.dtype.bits - 1)) : 0;
  Int128 hi = w.dtype.is_int() ? (static_cast<Int128>(1) << (w.dtype.bits - 1)) - 1
                               : (static_cast<Int128>(1) << w.dtype.bits) - 1;
  unsigned n = std::max(size(a.v), static_cast<unsigned>(w.dtype.bits) + 2);
  smt::Expr v = smt::sext_to(a.v, n);
  return {true, smt::bv_sle(smt::bv_val(c_, lo, n), v) && smt::bv_sle(v, smt::bv_val(c_, hi, n)),
          false, false, a.st};
}

smt::Expr BvEncoding::equal(const Val &a, const Val &b) {
  return a.v == b.v;
}

} // namespace tirconf::prover
