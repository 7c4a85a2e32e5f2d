#include "oracle/arith/simplify.h"

#include "oracle/arith/match.h"
#include "oracle/numeric/cast.h"
#include "oracle/numeric/integer.h"

namespace tirconf::oracle::arith {

using ir::ExprKind;
using ir::PrimExpr;

namespace {

bool is_scalar_integer(const PrimExpr &e) {
  return e->dtype.is_integer() && e->dtype.lanes == 1;
}

const ir::IntImmNode *as_int(const PrimExpr &e) {
  return ir::as<ir::IntImmNode>(e);
}

uint64_t pattern_of(const ir::IntImmNode *i) {
  return numeric::wrap(static_cast<uint64_t>(i->value), i->dtype.bits);
}

PrimExpr from_pattern(ir::DataType t, uint64_t bits) {
  int64_t v = t.is_int() ? numeric::sign_extend(bits, t.bits) : static_cast<int64_t>(bits);
  return ir::make_int(t, v);
}

bool applicable_claim(const RewriteRule &r, std::optional<ir::DataType> t, bool include_invalid) {
  auto ok = [&](Claim c) { return c == Claim::Valid || include_invalid; };
  if (t) {
    auto c = r.claim_at(Width::of(*t));
    return c && ok(*c);
  }
  // A rule over booleans only: any fixed width it is claimed at will do.
  for (const auto &[w, c] : r.claims)
    if (!w.unbounded && ok(c))
      return true;
  return false;
}

} // namespace

size_t node_count(const PrimExpr &e) {
  switch (e->kind) {
  case ExprKind::Select: {
    auto *s = static_cast<const ir::SelectNode *>(e.get());
    return 1 + node_count(s->condition) + node_count(s->true_value) + node_count(s->false_value);
  }
  case ExprKind::Not:
    return 1 + node_count(static_cast<const ir::NotNode *>(e.get())->a);
  case ExprKind::Cast:
    return 1 + node_count(static_cast<const ir::CastNode *>(e.get())->value);
  default:
    break;
  }
  if (ir::is_binary(e->kind)) {
    auto *b = static_cast<const ir::BinaryNode *>(e.get());
    return 1 + node_count(b->a) + node_count(b->b);
  }
  return 1;
}

Simplifier::Simplifier(SimplifyOptions options) : opts_(options) {
  const RuleSet &rules = opts_.rules ? *opts_.rules : RuleSet::builtin();
  for (const auto &r : rules.rules()) {
    bool usable = false;
    for (const auto &[w, c] : r.claims)
      usable |= !w.unbounded && (c == Claim::Valid || opts_.include_invalid);
    if (usable)
      index_[r.lhs->op].push_back(&r);
  }
}

void Simplifier::set_var_bound(const ir::Var &v, Interval i) {
  var_bounds_[v.get()] = i;
}

PrimExpr Simplifier::simplify(const PrimExpr &e) {
  if (!e || !is_scalar_integer(e))
    return e;
  memo_.clear();
  bounds_ = Bounds();
  for (const auto &[v, i] : var_bounds_)
    bounds_.set_var(v, i);
  budget_ = opts_.max_rewrites;
  PrimExpr r = visit(e);
  memo_.clear();
  bounds_ = Bounds();
  return r;
}

PrimExpr Simplifier::visit(const PrimExpr &e) {
  if (!is_scalar_integer(e))
    return e;
  if (auto it = memo_.find(e.get()); it != memo_.end())
    return it->second.second;
  PrimExpr n = e;
  if (ir::is_binary(e->kind)) {
    auto *b = static_cast<const ir::BinaryNode *>(e.get());
    PrimExpr a2 = visit(b->a), b2 = visit(b->b);
    if (a2 != b->a || b2 != b->b)
      n = ir::make_binary(e->kind, a2, b2);
  } else if (e->kind == ExprKind::Select) {
    auto *s = static_cast<const ir::SelectNode *>(e.get());
    PrimExpr c = visit(s->condition), t = visit(s->true_value), f = visit(s->false_value);
    if (c != s->condition || t != s->true_value || f != s->false_value)
      n = std::make_shared<ir::SelectNode>(c, t, f);
  } else if (e->kind == ExprKind::Not) {
    auto *x = static_cast<const ir::NotNode *>(e.get());
    PrimExpr a = visit(x->a);
    if (a != x->a)
      n = std::make_shared<ir::NotNode>(a);
  } else if (e->kind == ExprKind::Cast) {
    auto *c = static_cast<const ir::CastNode *>(e.get());
    PrimExpr v = visit(c->value);
    if (v != c->value)
      n = std::make_shared<ir::CastNode>(e->dtype, v);
  }
  PrimExpr r = rewrite(n);
  memo_[e.get()] = {e, r};
  if (n != e)
    memo_[n.get()] = {n, r};
  return r;
}

PrimExpr Simplifier::rewrite(PrimExpr e) {
  // A rule's output is simplified again (visit(out) below), which re-enters rewrite. Two rules of
  // equal size can undo each other (x + y -> y + x and back), and each new node escapes memo_, so
  // a form already being rewritten further up the chain is left as it is, and the chain itself
  // is capped: without both a cycle recurses until the stack runs out.
  if (active_.size() >= kMaxRewriteDepth)
    return e;
  for (const auto &a : active_)
    if (same_expr(a, e))
      return e;
  active_.push_back(e);
  struct Pop {
    std::vector<PrimExpr> &v;
    ~Pop() { v.pop_back(); }
  } pop{active_};
  std::vector<PrimExpr> seen;
  for (;;) {
    PrimExpr f = fold(e);
    if (f != e) {
      ++stats_.folds;
      return f; // a constant, or an operand that is already simplified
    }
    auto it = index_.find(e->kind);
    if (it == index_.end())
      return e;
    bool applied = false;
    for (const RewriteRule *r : it->second) {
      if (budget_ == 0)
        return e;
      PrimExpr out;
      if (!try_rule(*r, e, out))
        continue;
      --budget_;
      out = visit(out);
      size_t before = node_count(e), after = node_count(out);
      bool fresh = true;
      for (const auto &s : seen)
        fresh = fresh && !same_expr(s, out);
      if (after < before || (after == before && fresh && !same_expr(out, e))) {
        ++stats_.rewrites;
        ++stats_.by_rule[r->id];
        seen.push_back(e);
        e = out;
        active_.back() = e;
        applied = true;
        break;
      }
    }
    if (!applied)
      return e;
  }
}

bool Simplifier::try_rule(const RewriteRule &r, const PrimExpr &e, PrimExpr &out) {
  Match m;
  if (!match(*r.lhs, e, r, m))
    return false;
  if (!applicable_claim(r, m.dtype, opts_.include_invalid))
    return false;
  // The prover's variables are values: the sub-expressions they bind must not fault.
  for (const auto &[name, bound] : m.bind)
    if (bound->kind != ExprKind::IntImm && bounds_.may_fault(bound))
      return false;
  ir::DataType t = m.dtype ? *m.dtype : ir::DataType::Int(32);
  if (r.cond) {
    std::map<std::string, Interval> env;
    for (const auto &[name, bound] : m.bind)
      if (!r.is_bool_var(name))
        env[name] = bounds_.of(bound);
    if (eval_condition(*r.cond, env, t) != Truth::True)
      return false;
  }
  out = instantiate(*r.rhs, t, m.bind);
  return true;
}

// Constant folding with the oracle's arithmetic; an operation that faults is kept.
PrimExpr Simplifier::fold(const PrimExpr &e) {
  ir::DataType t = e->dtype;
  if (e->kind == ExprKind::Select) {
    auto *s = static_cast<const ir::SelectNode *>(e.get());
    auto *c = as_int(s->condition);
    if (!c)
      return e;
    // [sem.expr.select] both arms are evaluated: the other arm may only go if it cannot fault.
    const PrimExpr &keep = c->value ? s->true_value : s->false_value;
    const PrimExpr &drop = c->value ? s->false_value : s->true_value;
    return bounds_.may_fault(drop) ? e : keep;
  }
  if (e->kind == ExprKind::Not) {
    auto *a = as_int(static_cast<const ir::NotNode *>(e.get())->a);
    return a ? ir::make_bool(a->value == 0) : e; // [sem.expr.not]
  }
  if (e->kind == ExprKind::Cast) {
    auto *c = static_cast<const ir::CastNode *>(e.get());
    auto *v = as_int(c->value);
    if (!v || !t.is_integer())
      return e;
    // [sem.expr.cast.int_to_int]
    numeric::LaneResult r = numeric::cast_lane(v->dtype, pattern_of(v), t);
    return r.ok() ? from_pattern(t, r.bits) : e;
  }
  if (!ir::is_binary(e->kind))
    return e;
  auto *b = static_cast<const ir::BinaryNode *>(e.get());
  auto *x = as_int(b->a), *y = as_int(b->b);
  // [sem.expr.and] [sem.expr.or] short-circuit: a decides without evaluating b.
  if (e->kind == ExprKind::And || e->kind == ExprKind::Or) {
    bool is_and = e->kind == ExprKind::And;
    if (x)
      return (x->value != 0) == is_and ? b->b : ir::make_bool(!is_and);
    if (y && (y->value != 0) == is_and)
      return b->a; // a && true, a || false
    if (y && !bounds_.may_fault(b->a))
      return ir::make_bool(!is_and); // a && false
    return e;
  }
  if (!x || !y)
    return e;
  ir::DataType ot = b->a->dtype;
  uint64_t p = pattern_of(x), q = pattern_of(y);
  using numeric::CmpOp;
  switch (e->kind) {
  case ExprKind::Add:
    return from_pattern(t, numeric::int_add(t, p, q));
  case ExprKind::Sub:
    return from_pattern(t, numeric::int_sub(t, p, q));
  case ExprKind::Mul:
    return from_pattern(t, numeric::int_mul(t, p, q));
  case ExprKind::Min:
    return from_pattern(t, numeric::int_min(t, p, q));
  case ExprKind::Max:
    return from_pattern(t, numeric::int_max(t, p, q));
  case ExprKind::Div:
  case ExprKind::Mod:
  case ExprKind::FloorDiv:
  case ExprKind::FloorMod: {
    numeric::LaneResult r = e->kind == ExprKind::Div        ? numeric::int_div(t, p, q)
                            : e->kind == ExprKind::Mod      ? numeric::int_mod(t, p, q)
                            : e->kind == ExprKind::FloorDiv ? numeric::int_floordiv(t, p, q)
                                                            : numeric::int_floormod(t, p, q);
    return r.ok() ? from_pattern(t, r.bits) : e; // division by zero, INT_MIN / -1: kept
  }
  case ExprKind::EQ:
    return ir::make_bool(numeric::int_compare(CmpOp::EQ, ot, p, q));
  case ExprKind::NE:
    return ir::make_bool(numeric::int_compare(CmpOp::NE, ot, p, q));
  case ExprKind::LT:
    return ir::make_bool(numeric::int_compare(CmpOp::LT, ot, p, q));
  case ExprKind::LE:
    return ir::make_bool(numeric::int_compare(CmpOp::LE, ot, p, q));
  case ExprKind::GT:
    return ir::make_bool(numeric::int_compare(CmpOp::GT, ot, p, q));
  case ExprKind::GE:
    return ir::make_bool(numeric::int_compare(CmpOp::GE, ot, p, q));
  default:
    return e;
  }
}

} // namespace tirconf::oracle::arith
