// Expression edits: an expression replaced by an operand or a constant; constants made smaller.
#include <cmath>

#include "ir/expr.h"
#include "ir/substitute.h"
#include "reduce/passes.h"
#include "reduce/site_walk.h"

namespace tirconf::reduce {

namespace {

using namespace ir;

bool is_constant(const PrimExpr &e) {
  return e->kind == ExprKind::IntImm || e->kind == ExprKind::FloatImm ||
         e->kind == ExprKind::StringImm;
}

// The operands that can stand in for `e`: those of its own dtype. A Let's body stands in with
// its variable replaced by the bound value.
std::vector<PrimExpr> operands(const PrimExpr &e) {
  std::vector<PrimExpr> out;
  auto add = [&](const PrimExpr &x) {
    if (x && x->dtype == e->dtype)
      out.push_back(x);
  };
  if (is_binary(e->kind)) {
    const auto *b = static_cast<const BinaryNode *>(e.get());
    add(b->a);
    add(b->b);
    return out;
  }
  switch (e->kind) {
  case ExprKind::Select:
    add(as<SelectNode>(e)->true_value);
    add(as<SelectNode>(e)->false_value);
    break;
  case ExprKind::Cast:
    add(as<CastNode>(e)->value);
    break;
  case ExprKind::Not:
    add(as<NotNode>(e)->a);
    break;
  case ExprKind::Let: {
    const auto *l = as<LetNode>(e);
    add(substitute(l->body, {{l->var.get(), l->value}}));
    break;
  }
  case ExprKind::Call:
    for (const auto &a : as<CallNode>(e)->args)
      add(a);
    break;
  case ExprKind::Shuffle:
    for (const auto &v : as<ShuffleNode>(e)->vectors)
      add(v);
    break;
  default:
    break;
  }
  return out;
}

class OperandWalk : public SiteWalk {
public:
  using SiteWalk::SiteWalk;

protected:
  size_t expr_options(const PrimExpr &e) override { return operands(e).size(); }
  PrimExpr expr_option(const PrimExpr &e, size_t i) override { return operands(e)[i]; }
};

// `v` as a constant of dtype t (every lane, for a vector).
PrimExpr constant(DataType t, double v) {
  const DataType lane = t.element_of();
  PrimExpr c = lane.is_floating() ? PrimExpr(std::make_shared<FloatImmNode>(lane, v))
                                  : PrimExpr(make_int(lane, static_cast<int64_t>(v)));
  return t.lanes > 1 ? std::make_shared<BroadcastNode>(c, t.lanes) : c;
}

class ConstantWalk : public SiteWalk {
public:
  using SiteWalk::SiteWalk;

protected:
  size_t expr_options(const PrimExpr &e) override {
    return is_constant(e) || e->dtype.is_handle() || e->dtype.code == TypeCode::Handle ? 0 : 2;
  }
  PrimExpr expr_option(const PrimExpr &e, size_t i) override {
    return constant(e->dtype, i == 0 ? 0 : 1);
  }
};

// Smaller values for a constant, simplest first.
std::vector<PrimExpr> smaller(const PrimExpr &e) {
  std::vector<PrimExpr> out;
  if (const auto *i = as<IntImmNode>(e)) {
    if (i->value != 0)
      out.push_back(make_int(e->dtype, 0));
    if (i->value != 0 && i->value != 1)
      out.push_back(make_int(e->dtype, 1));
    if (i->value > 2 || i->value < -2)
      out.push_back(make_int(e->dtype, i->value / 2));
  } else if (const auto *f = as<FloatImmNode>(e)) {
    auto add = [&](double v) { out.push_back(std::make_shared<FloatImmNode>(e->dtype, v)); };
    if (f->value != 0 || std::signbit(f->value))
      add(0);
    if (f->value != 1 && f->value != 0)
      add(1);
    if (std::isfinite(f->value) && std::trunc(f->value) != f->value && std::trunc(f->value) != 0)
      add(std::trunc(f->value));
  }
  return out;
}

class SmallerConstantWalk : public SiteWalk {
public:
  using SiteWalk::SiteWalk;

protected:
  size_t expr_options(const PrimExpr &e) override { return smaller(e).size(); }
  PrimExpr expr_option(const PrimExpr &e, size_t i) override { return smaller(e)[i]; }
};

} // namespace

std::optional<Candidate> to_operand(const Candidate &c, size_t site) {
  return apply_walk(c, OperandWalk(site));
}
std::optional<Candidate> to_constant(const Candidate &c, size_t site) {
  return apply_walk(c, ConstantWalk(site));
}
std::optional<Candidate> smaller_constant(const Candidate &c, size_t site) {
  return apply_walk(c, SmallerConstantWalk(site));
}

} // namespace tirconf::reduce
