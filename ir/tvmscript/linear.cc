#include "ir/tvmscript/linear.h"

#include <vector>

namespace tirconf::ir::script {

namespace {

bool same_list(const std::vector<PrimExpr>& a, const std::vector<PrimExpr>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!same_expr(a[i], b[i])) return false;
  return true;
}

// c0 + sum(coef_k * term_k), terms compared with same_expr.
struct Linear {
  int64_t constant = 0;
  std::vector<std::pair<PrimExpr, int64_t>> terms;
  bool ok = true;

  void add_const(int64_t c) {
    if (__builtin_add_overflow(constant, c, &constant)) ok = false;
  }
  void add_term(const PrimExpr& e, int64_t coef) {
    for (auto& [t, c] : terms)
      if (same_expr(t, e)) {
        if (__builtin_add_overflow(c, coef, &c)) ok = false;
        return;
      }
    terms.emplace_back(e, coef);
  }
};

void collect(const PrimExpr& e, int64_t scale, Linear& out, int depth) {
  if (!out.ok) return;
  if (depth > 64) {
    out.add_term(e, scale);
    return;
  }
  if (auto* imm = as<IntImmNode>(e)) {
    int64_t v;
    if (__builtin_mul_overflow(imm->value, scale, &v)) {
      out.ok = false;
      return;
    }
    out.add_const(v);
    return;
  }
  if (auto* add = as<AddNode>(e)) {
    collect(add->a, scale, out, depth + 1);
    collect(add->b, scale, out, depth + 1);
    return;
  }
  if (auto* sub = as<SubNode>(e)) {
    int64_t neg;
    if (__builtin_mul_overflow(scale, int64_t{-1}, &neg)) {
      out.ok = false;
      return;
    }
    collect(sub->a, scale, out, depth + 1);
    collect(sub->b, neg, out, depth + 1);
    return;
  }
  if (auto* mul = as<MulNode>(e)) {
    const IntImmNode* c = as<IntImmNode>(mul->b);
    PrimExpr other = mul->a;
    if (!c) {
      c = as<IntImmNode>(mul->a);
      other = mul->b;
    }
    if (c) {
      int64_t s;
      if (__builtin_mul_overflow(scale, c->value, &s)) {
        out.ok = false;
        return;
      }
      collect(other, s, out, depth + 1);
      return;
    }
  }
  out.add_term(e, scale);
}

}  // namespace

bool same_expr(const PrimExpr& a, const PrimExpr& b) {
  if (a == b) return true;
  if (!a || !b || a->kind != b->kind || a->dtype != b->dtype) return false;
  switch (a->kind) {
  case ExprKind::Var: return false;  // distinct Var nodes are distinct variables
  case ExprKind::IntImm: return as<IntImmNode>(a)->value == as<IntImmNode>(b)->value;
  case ExprKind::FloatImm: {
    double x = as<FloatImmNode>(a)->value, y = as<FloatImmNode>(b)->value;
    return x == y || (x != x && y != y);
  }
  case ExprKind::StringImm: return as<StringImmNode>(a)->value == as<StringImmNode>(b)->value;
  case ExprKind::Cast: return same_expr(as<CastNode>(a)->value, as<CastNode>(b)->value);
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
  case ExprKind::Not: return same_expr(as<NotNode>(a)->a, as<NotNode>(b)->a);
  default: break;
  }
  if (is_binary(a->kind)) {
    auto* x = static_cast<const BinaryNode*>(a.get());
    auto* y = static_cast<const BinaryNode*>(b.get());
    return same_expr(x->a, y->a) && same_expr(x->b, y->b);
  }
  return false;
}

std::optional<int64_t> constant_difference(const PrimExpr& stop, const PrimExpr& start) {
  if (!stop || !start || !stop->dtype.is_integer() || !start->dtype.is_integer()) return std::nullopt;
  Linear lin;
  collect(stop, 1, lin, 0);
  collect(start, -1, lin, 0);
  if (!lin.ok) return std::nullopt;
  for (const auto& [t, c] : lin.terms)
    if (c != 0) return std::nullopt;
  return lin.constant;
}

}  // namespace tirconf::ir::script
