#include "ir/tvmscript/linear.h"

#include <vector>

namespace tirconf::ir::script {

namespace {

bool same_list(const std::vector<PrimExpr> &a, const std::vector<PrimExpr> &b) {
  if (a.size() != b.size())
    return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!same_expr(a[i], b[i]))
      return false;
  return true;
}

// c0 + sum(coef_k * term_k), terms compared with same_expr. Coefficients are kept modulo 2^64:
// TIR integer arithmetic wraps at its width (sem.expr.int_wrap), so Add, Sub and Mul by a
// constant are ring operations and the wrapped sums are exact modulo 2^bits for any bits <= 64.
// `exact` records whether they are also the mathematical integers (nothing wrapped), which is
// what a difference between operands of different widths needs.
struct Linear {
  uint64_t constant = 0;
  std::vector<std::pair<PrimExpr, uint64_t>> terms;
  bool exact = true;

  static uint64_t add(uint64_t a, uint64_t b, bool &exact) {
    int64_t r;
    exact = exact && !__builtin_add_overflow(int64_t(a), int64_t(b), &r);
    return a + b;
  }
  static uint64_t mul(uint64_t a, uint64_t b, bool &exact) {
    int64_t r;
    exact = exact && !__builtin_mul_overflow(int64_t(a), int64_t(b), &r);
    return a * b;
  }
  void add_const(uint64_t c) { constant = add(constant, c, exact); }
  void add_term(const PrimExpr &e, uint64_t coef) {
    for (auto &[t, c] : terms)
      if (same_expr(t, e)) {
        c = add(c, coef, exact);
        return;
      }
    terms.emplace_back(e, coef);
  }
};

void collect(const PrimExpr &e, uint64_t scale, Linear &out, int depth) {
  if (depth > 64) {
    out.add_term(e, scale);
    return;
  }
  if (auto *imm = as<IntImmNode>(e)) {
    out.add_const(Linear::mul(uint64_t(imm->value), scale, out.exact));
    return;
  }
  if (auto *add = as<AddNode>(e)) {
    collect(add->a, scale, out, depth + 1);
    collect(add->b, scale, out, depth + 1);
    return;
  }
  if (auto *sub = as<SubNode>(e)) {
    collect(sub->a, scale, out, depth + 1);
    collect(sub->b, Linear::mul(scale, uint64_t(-1), out.exact), out, depth + 1);
    return;
  }
  if (auto *mul = as<MulNode>(e)) {
    const IntImmNode *c = as<IntImmNode>(mul->b);
    PrimExpr other = mul->a;
    if (!c) {
      c = as<IntImmNode>(mul->a);
      other = mul->b;
    }
    if (c) {
      collect(other, Linear::mul(scale, uint64_t(c->value), out.exact), out, depth + 1);
      return;
    }
  }
  out.add_term(e, scale);
}

// x modulo 2^bits as a signed bits-wide number.
int64_t wrap_signed(uint64_t x, int bits) {
  if (bits >= 64)
    return int64_t(x);
  uint64_t m = uint64_t(1) << (bits - 1);
  x &= (uint64_t(1) << bits) - 1;
  return int64_t(x ^ m) - int64_t(m);
}

} // namespace

bool same_expr(const PrimExpr &a, const PrimExpr &b) {
  if (a == b)
    return true;
  if (!a || !b || a->kind != b->kind || a->dtype != b->dtype)
    return false;
  switch (a->kind) {
  case ExprKind::Var:
    return false; // distinct Var nodes are distinct variables
  case ExprKind::IntImm:
    return as<IntImmNode>(a)->value == as<IntImmNode>(b)->value;
  case ExprKind::FloatImm: {
    double x = as<FloatImmNode>(a)->value, y = as<FloatImmNode>(b)->value;
    return x == y || (x != x && y != y);
  }
  case ExprKind::StringImm:
    return as<StringImmNode>(a)->value == as<StringImmNode>(b)->value;
  case ExprKind::Cast:
    return same_expr(as<CastNode>(a)->value, as<CastNode>(b)->value);
  case ExprKind::Select: {
    auto *x = as<SelectNode>(a), *y = as<SelectNode>(b);
    return same_expr(x->condition, y->condition) && same_expr(x->true_value, y->true_value) &&
           same_expr(x->false_value, y->false_value);
  }
  case ExprKind::BufferLoad: {
    auto *x = as<BufferLoadNode>(a), *y = as<BufferLoadNode>(b);
    return x->buffer == y->buffer && same_list(x->indices, y->indices);
  }
  case ExprKind::Ramp: {
    auto *x = as<RampNode>(a), *y = as<RampNode>(b);
    return x->lanes == y->lanes && same_expr(x->base, y->base) && same_expr(x->stride, y->stride);
  }
  case ExprKind::Broadcast: {
    auto *x = as<BroadcastNode>(a), *y = as<BroadcastNode>(b);
    return x->lanes == y->lanes && same_expr(x->value, y->value);
  }
  case ExprKind::Let: {
    auto *x = as<LetNode>(a), *y = as<LetNode>(b);
    return x->var == y->var && same_expr(x->value, y->value) && same_expr(x->body, y->body);
  }
  case ExprKind::Call: {
    auto *x = as<CallNode>(a), *y = as<CallNode>(b);
    return x->op == y->op && x->callee == y->callee && same_list(x->args, y->args);
  }
  case ExprKind::Shuffle: {
    auto *x = as<ShuffleNode>(a), *y = as<ShuffleNode>(b);
    return same_list(x->vectors, y->vectors) && same_list(x->indices, y->indices);
  }
  case ExprKind::Not:
    return same_expr(as<NotNode>(a)->a, as<NotNode>(b)->a);
  default:
    break;
  }
  if (is_binary(a->kind)) {
    auto *x = static_cast<const BinaryNode *>(a.get());
    auto *y = static_cast<const BinaryNode *>(b.get());
    return same_expr(x->a, y->a) && same_expr(x->b, y->b);
  }
  return false;
}

std::optional<int64_t> constant_difference(const PrimExpr &stop, const PrimExpr &start) {
  if (!stop || !start || !stop->dtype.is_integer() || !start->dtype.is_integer())
    return std::nullopt;
  Linear lin;
  collect(stop, 1, lin, 0);
  collect(start, uint64_t(-1), lin, 0);
  // Operands of one width: every term has that width too (Add, Sub and Mul take equal dtypes;
  // a Cast is a term), so the difference is exact modulo 2^bits, where a coefficient that is a
  // multiple of 2^bits cancels its term (T.int64(-9223372036854775808) * i twice). Mixed widths
  // wrap at different moduli, so there only the unwrapped integers are trusted.
  int bits = stop->dtype.bits;
  if (bits == start->dtype.bits && bits >= 1 && bits <= 64) {
    for (const auto &[t, c] : lin.terms)
      if (wrap_signed(c, bits) != 0)
        return std::nullopt;
    return wrap_signed(lin.constant, bits);
  }
  if (!lin.exact)
    return std::nullopt;
  for (const auto &[t, c] : lin.terms)
    if (c != 0)
      return std::nullopt;
  return int64_t(lin.constant);
}

} // namespace tirconf::ir::script
