// Random integer expressions for the simplifier differential check (`tirconf simplify-check`)
// and the simplifier's property test: Vars of int32 or int64, + - *, FloorDiv/FloorMod and
// Div/Mod by constants and by Vars, nested Min/Max/Select with comparison conditions. The same
// seed gives the same expressions on every platform (prover/rng.h).
//
// The policy is data (as YARPGen's GenPolicy): each field says why it has its value.
#pragma once

#include <cstdint>

#include "ir/expr.h"
#include "prover/rng.h"

namespace tirconf::prover {

struct ExprPolicy {
  // Deeper trees rarely reach new simplifier paths and cost Z3 more; 5 levels give up to ~60
  // nodes, enough for rules to meet (x + c1) // c2 * c2 shapes two or three levels down.
  int max_depth = 5;
  // Three Vars: enough for x - y + y cancellations and Min/Max of three operands.
  int vars = 3;
  // Weights of the node kinds of an inner node (out of their sum).
  unsigned add = 12, sub = 10, mul = 7;
  unsigned floordiv_const = 9, floormod_const = 9, floordiv_var = 3, floormod_var = 3;
  unsigned div_const = 3, mod_const = 3; // truncating, the rarer spelling in TVM's index code
  unsigned min = 6, max = 6, select = 6;
  // Chance (percent) that a node is a leaf before max_depth; a leaf is a Var or a constant.
  unsigned leaf = 25, leaf_const = 35;
  // Constants: mostly small (index arithmetic), sometimes a power of two or a boundary value
  // (INT_MIN, INT_MAX, -1) to reach wrap-around and INT_MIN / -1.
  unsigned const_small = 75, const_pow2 = 15; // the rest: boundary values
  int small_range = 12;
};

class ExprGen {
public:
  ExprGen(uint64_t seed, ExprPolicy policy = {}) : rng_(seed), policy_(policy) {}

  // The next expression: int32 or int64 (even odds), with fresh Vars x, y, z.
  ir::PrimExpr next();
  ir::PrimExpr next(ir::DataType t);

private:
  ir::PrimExpr gen(int depth);
  ir::PrimExpr leaf();
  ir::PrimExpr constant(bool nonzero);
  ir::PrimExpr condition(int depth);

  Rng rng_;
  ExprPolicy policy_;
  ir::DataType t_ = ir::DataType::Int(32);
  std::vector<ir::Var> vars_;
};

} // namespace tirconf::prover
