// Whether one TIR integer expression may replace another: the same question prover/prove.h asks
// of a rule, asked of two concrete expressions over the same free Vars (a simplifier's input and
// output). Proven: the target refines the source at the Vars' dtype (same value, same error,
// anything where the source is unspecified). Refuted: inputs where it does not, confirmed by
// running both on the oracle.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "ir/expr.h"
#include "prover/prove.h"

namespace tirconf::prover {

struct RefinementResult {
  Verdict verdict = Verdict::Unknown;
  std::string engine;                            // "sampling", "int-linear", "int-exact", "bv"
  std::map<const ir::VarNode *, int64_t> inputs; // when refuted
  SideOutcome source, target;                    // when refuted: the oracle's outcomes
  std::string detail;                            // why unknown
};

struct RefinementOptions {
  unsigned timeout_ms = 4000;       // budget of one exact query (as ProveOptions)
  unsigned quick_timeout_ms = 1000; // budget of one linear query
  int samples = 300;                // evaluations before Z3
  uint64_t seed = 1;
};

// Both expressions integer (or boolean) scalars over Int Vars of one dtype. Throws
// prover::Unsupported (prover/encode.h) for anything else.
RefinementResult check_refinement(const ir::PrimExpr &source, const ir::PrimExpr &target,
                                  const RefinementOptions &opts = {});

// The free Vars of e, in first-occurrence order.
std::vector<const ir::VarNode *> free_vars_of(const ir::PrimExpr &e);

// The direct operands of an expression the prover encodes: a Select's three, a Not's one, a
// binary node's two; none for a leaf.
std::vector<ir::PrimExpr> operands(const ir::PrimExpr &e);

} // namespace tirconf::prover
