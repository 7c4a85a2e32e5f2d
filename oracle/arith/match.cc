#include "oracle/arith/match.h"

#include <stdexcept>

#include "oracle/numeric/integer.h"

namespace tirconf::oracle::arith {

using ir::ExprKind;
using ir::PrimExpr;

int64_t wrap_literal(int64_t v, ir::DataType t) {
  if (t.is_bool())
    return v != 0;
  uint64_t bits = numeric::wrap(static_cast<uint64_t>(v), t.bits);
  return t.is_int() ? numeric::sign_extend(bits, t.bits) : static_cast<int64_t>(bits);
}

namespace {

bool is_int_scalar(ir::DataType t) {
  return t.is_integer() && !t.is_bool() && t.lanes == 1;
}

bool same_dtype(Match &m, ir::DataType t) {
  if (!m.dtype) {
    m.dtype = t;
    return true;
  }
  return *m.dtype == t;
}

} // namespace

bool same_expr(const PrimExpr &a, const PrimExpr &b) {
  if (a == b)
    return true;
  if (!a || !b || a->kind != b->kind || a->dtype != b->dtype)
    return false;
  switch (a->kind) {
  case ExprKind::IntImm:
    return static_cast<const ir::IntImmNode *>(a.get())->value ==
           static_cast<const ir::IntImmNode *>(b.get())->value;
  case ExprKind::Cast:
    return same_expr(static_cast<const ir::CastNode *>(a.get())->value,
                     static_cast<const ir::CastNode *>(b.get())->value);
  case ExprKind::Select: {
    auto *x = static_cast<const ir::SelectNode *>(a.get()),
         *y = static_cast<const ir::SelectNode *>(b.get());
    return same_expr(x->condition, y->condition) && same_expr(x->true_value, y->true_value) &&
           same_expr(x->false_value, y->false_value);
  }
  case ExprKind::Not:
    return same_expr(static_cast<const ir::NotNode *>(a.get())->a,
                     static_cast<const ir::NotNode *>(b.get())->a);
  default:
    break;
  }
  if (ir::is_binary(a->kind)) {
    auto *x = static_cast<const ir::BinaryNode *>(a.get()),
         *y = static_cast<const ir::BinaryNode *>(b.get());
    return same_expr(x->a, y->a) && same_expr(x->b, y->b);
  }
  return false; // Vars by identity (a == b above); other nodes are not compared
}

bool match(const Pat &p, const PrimExpr &e, const RewriteRule &rule, Match &m) {
  switch (p.kind) {
  case PatKind::Var: {
    bool want_bool = rule.is_bool_var(p.name);
    if (want_bool ? !(e->dtype.is_bool() && e->dtype.lanes == 1) : !is_int_scalar(e->dtype))
      return false;
    if (!want_bool && !same_dtype(m, e->dtype))
      return false;
    auto [it, fresh] = m.bind.emplace(p.name, e);
    return fresh || same_expr(it->second, e);
  }
  case PatKind::Sym: {
    if (e->kind != ExprKind::IntImm || !is_int_scalar(e->dtype) || !same_dtype(m, e->dtype))
      return false;
    auto [it, fresh] = m.bind.emplace(p.name, e);
    return fresh || same_expr(it->second, e);
  }
  case PatKind::Lit:
    return e->kind == ExprKind::IntImm && is_int_scalar(e->dtype) && same_dtype(m, e->dtype) &&
           static_cast<const ir::IntImmNode *>(e.get())->value == wrap_literal(p.value, e->dtype);
  case PatKind::BoolLit:
    return e->kind == ExprKind::IntImm && e->dtype.is_bool() &&
           static_cast<const ir::IntImmNode *>(e.get())->value == p.value;
  case PatKind::Fits:
    return false;
  case PatKind::Op:
    break;
  }
  if (e->kind != p.op || e->dtype.lanes != 1)
    return false;
  switch (p.op) {
  case ExprKind::Select: {
    auto *s = static_cast<const ir::SelectNode *>(e.get());
    return match(*p.args[0], s->condition, rule, m) && match(*p.args[1], s->true_value, rule, m) &&
           match(*p.args[2], s->false_value, rule, m);
  }
  case ExprKind::Not:
    return match(*p.args[0], static_cast<const ir::NotNode *>(e.get())->a, rule, m);
  default:
    break;
  }
  auto *b = static_cast<const ir::BinaryNode *>(e.get());
  return match(*p.args[0], b->a, rule, m) && match(*p.args[1], b->b, rule, m);
}

PrimExpr instantiate(const Pat &p, ir::DataType t, const std::map<std::string, PrimExpr> &bind) {
  switch (p.kind) {
  case PatKind::Var:
  case PatKind::Sym: {
    auto it = bind.find(p.name);
    if (it == bind.end())
      throw std::logic_error("rewrite rule bug: unbound " + p.name);
    return it->second;
  }
  case PatKind::Lit:
    return ir::make_int(t, wrap_literal(p.value, t));
  case PatKind::BoolLit:
    return ir::make_bool(p.value != 0);
  case PatKind::Fits:
    throw std::logic_error("rewrite rule bug: fits() outside a condition");
  case PatKind::Op:
    break;
  }
  switch (p.op) {
  case ExprKind::Select:
    return std::make_shared<ir::SelectNode>(instantiate(*p.args[0], t, bind),
                                            instantiate(*p.args[1], t, bind),
                                            instantiate(*p.args[2], t, bind));
  case ExprKind::Not:
    return std::make_shared<ir::NotNode>(instantiate(*p.args[0], t, bind));
  default:
    return ir::make_binary(p.op, instantiate(*p.args[0], t, bind),
                           instantiate(*p.args[1], t, bind));
  }
}

} // namespace tirconf::oracle::arith
