// Direct evaluation of a rule's patterns on concrete inputs, without Z3:
//   - at a fixed width with the oracle's own lane arithmetic (oracle/numeric), for sampling
//     rules before asking Z3 and for the property tests that cross-check the encodings;
//   - over the integers exactly (128-bit, with a bound), for side conditions and for the sides
//     of a rule at the unbounded width.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ir/dtype.h"
#include "ir/expr.h"
#include "oracle/arith/pattern.h"

namespace tirconf::prover {

using Int128 = __int128;

// How evaluating ended: a value (an integer, or 0/1 for booleans), an error (division by zero)
// or unspecified behaviour (INT_MIN / -1 at a fixed width); TooBig: beyond the exact evaluator.
struct Eval {
  enum Kind { Ok, Error, Unspecified, TooBig } kind = Ok;
  Int128 v = 0; // the value as a mathematical integer (signed for Int, unsigned for UInt)
  bool is_bool = false;
  bool operator==(const Eval &o) const { return kind == o.kind && (kind != Ok || v == o.v); }
};

// Inputs by name: integers as mathematical values (within the width's range), booleans 0/1.
using Inputs = std::map<std::string, Int128>;

// `p` at fixed dtype t (Int/UInt, 8..64 bits), with TIR semantics, through oracle/numeric.
Eval eval_at(const oracle::arith::Pat &p, ir::DataType t, const Inputs &in);

// `p` over the integers (side-condition semantics; also a rule's sides at the unbounded width);
// fits(e) checks e against `fits_dtype` (always true when unset). `max_abs` receives the largest
// magnitude met on the way.
Eval eval_exact(const oracle::arith::Pat &p, const Inputs &in,
                std::optional<ir::DataType> fits_dtype, Int128 *max_abs = nullptr);

// The values of an expression's free Vars, by node: a handful, so a flat list.
class ExprEnv {
public:
  ExprEnv() = default;
  ExprEnv(const std::map<const ir::VarNode *, Int128> &m) : vals_(m.begin(), m.end()) {} // NOLINT
  void set(const ir::VarNode *v, Int128 x) {
    for (auto &[w, y] : vals_)
      if (w == v) {
        y = x;
        return;
      }
    vals_.emplace_back(v, x);
  }
  const Int128 *find(const ir::VarNode *v) const {
    for (const auto &[w, y] : vals_)
      if (w == v)
        return &y;
    return nullptr;
  }
  std::map<const ir::VarNode *, Int128> to_map() const { return {vals_.begin(), vals_.end()}; }

private:
  std::vector<std::pair<const ir::VarNode *, Int128>> vals_;
};

// A TIR integer/boolean scalar expression (the random expressions of simplify-check) with its
// free Vars bound in `env`, with oracle/numeric; TooBig for anything else (Cast, loads, ...).
Eval eval_expr(const ir::PrimExpr &e, const ExprEnv &env);

// The same expression over the mathematical integers, recording whether some operation's value
// left its dtype's range (an overflow at the real width); TooBig past 2^100. One walk serves
// both (evaluate.cc): the order of evaluation, the short-circuits and the errors are the same,
// only the arithmetic differs.
struct IntegerEval {
  Eval result;
  bool overflow = false;
};
IntegerEval eval_integers(const ir::PrimExpr &e, const ExprEnv &env);

// Whether a side condition holds: defined and true. TooBig counts as "cannot tell" (nullopt).
std::optional<bool> eval_condition_exact(const oracle::arith::Pat &cond, const Inputs &in,
                                         std::optional<ir::DataType> fits_dtype);

// Whether `target` fails to refine `source` (error must stay error, value must stay the value,
// an unspecified source allows anything).
bool breaks_refinement(const Eval &source, const Eval &target);

} // namespace tirconf::prover
