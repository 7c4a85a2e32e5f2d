#include "prover/expr_gen.h"

#include "oracle/arith/match.h"

namespace tirconf::prover {

using ir::ExprKind;
using ir::PrimExpr;

PrimExpr ExprGen::next() {
  return next(rng_.below(2) ? ir::DataType::Int(64) : ir::DataType::Int(32));
}

PrimExpr ExprGen::next(ir::DataType t) {
  t_ = t;
  vars_.clear();
  static const char *names[] = {"x", "y", "z", "w", "v"};
  for (int i = 0; i < policy_.vars && i < 5; ++i)
    vars_.push_back(ir::make_var(names[i], t));
  return gen(0);
}

PrimExpr ExprGen::constant(bool nonzero) {
  int64_t v;
  unsigned pick = static_cast<unsigned>(rng_.below(100));
  int bits = t_.bits;
  if (pick < policy_.const_small) {
    v = rng_.range(-policy_.small_range, policy_.small_range);
  } else if (pick < policy_.const_small + policy_.const_pow2) {
    v = int64_t{1} << rng_.below(static_cast<uint64_t>(bits - 1));
    if (rng_.below(4) == 0)
      v = -v;
  } else {
    const int64_t min = bits == 64 ? INT64_MIN : -(int64_t{1} << (bits - 1));
    const int64_t max = bits == 64 ? INT64_MAX : (int64_t{1} << (bits - 1)) - 1;
    const int64_t boundary[] = {min, max, -1, min + 1, max - 1};
    v = boundary[rng_.below(5)];
  }
  if (nonzero && v == 0)
    v = 1;
  return ir::make_int(t_, oracle::arith::wrap_literal(v, t_));
}

PrimExpr ExprGen::leaf() {
  if (rng_.below(100) < policy_.leaf_const)
    return constant(false);
  return vars_[rng_.below(vars_.size())];
}

PrimExpr ExprGen::condition(int depth) {
  // A comparison of two sub-expressions; now and then combined with And/Or/Not. (Every random
  // draw is its own statement: C++ leaves the order of function arguments unspecified.)
  static const ExprKind cmps[] = {ExprKind::LT, ExprKind::LE, ExprKind::EQ,
                                  ExprKind::NE, ExprKind::GE, ExprKind::GT};
  ExprKind k = cmps[rng_.below(6)];
  PrimExpr a = gen(depth + 1);
  PrimExpr b = gen(depth + 1);
  PrimExpr c = ir::make_binary(k, a, b);
  switch (rng_.below(8)) {
  case 0: {
    PrimExpr d = condition(depth + 1);
    return ir::make_binary(ExprKind::And, c, d);
  }
  case 1: {
    PrimExpr d = condition(depth + 1);
    return ir::make_binary(ExprKind::Or, c, d);
  }
  case 2:
    return std::make_shared<ir::NotNode>(c);
  default:
    return c;
  }
}

PrimExpr ExprGen::gen(int depth) {
  if (depth >= policy_.max_depth || (depth > 0 && rng_.below(100) < policy_.leaf))
    return leaf();
  const ExprPolicy &p = policy_;
  const unsigned weights[] = {
      p.add,          p.sub,          p.mul,       p.floordiv_const, p.floormod_const,
      p.floordiv_var, p.floormod_var, p.div_const, p.mod_const,      p.min,
      p.max,          p.select};
  unsigned total = 0;
  for (unsigned w : weights)
    total += w;
  unsigned pick = static_cast<unsigned>(rng_.below(total));
  int kind = 0;
  while (pick >= weights[kind])
    pick -= weights[kind++];
  auto var = [&] { return PrimExpr(vars_[rng_.below(vars_.size())]); };
  static const ExprKind kinds[] = {ExprKind::Add,      ExprKind::Sub,      ExprKind::Mul,
                                   ExprKind::FloorDiv, ExprKind::FloorMod, ExprKind::FloorDiv,
                                   ExprKind::FloorMod, ExprKind::Div,      ExprKind::Mod,
                                   ExprKind::Min,      ExprKind::Max};
  if (kind == 11) {
    PrimExpr c = condition(depth);
    PrimExpr t = gen(depth + 1);
    PrimExpr f = gen(depth + 1);
    return std::make_shared<ir::SelectNode>(c, t, f);
  }
  PrimExpr a = gen(depth + 1);
  PrimExpr b;
  switch (kind) {
  case 2:
    b = rng_.below(3) ? constant(false) : gen(depth + 1);
    break; // mostly by a constant
  case 3:
  case 4:
  case 7:
  case 8:
    b = constant(true);
    break; // by a nonzero constant
  case 5:
  case 6:
    b = var();
    break; // by a Var, which may be 0
  default:
    b = gen(depth + 1);
    break;
  }
  return ir::make_binary(kinds[kind], a, b);
}

} // namespace tirconf::prover
