// Re-checking a counterexample outside Z3: both sides of the rule are evaluated on the
// counterexample's inputs by the oracle (oracle::run on a one-statement PrimFunc that returns the
// side with tir.ret), so that a refutation never rests on the encodings alone.
//
// Unbounded counterexamples are evaluated with exact 128-bit arithmetic; when no value on the
// way leaves int64, the oracle runs the same sides at int64 (where they then mean the same) and
// must agree.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "ir/expr.h"
#include "prover/evaluate.h"
#include "prover/prove.h"

namespace tirconf::prover {

// How the side `p` of `rule` ends on `in` at width w; nullopt if it cannot be evaluated (a value
// beyond what the evaluator represents). `checked_by` names the evaluator used.
std::optional<SideOutcome> evaluate_side(const RewriteRule &rule, const oracle::arith::Pat &p,
                                         const Width &w, const Inputs &in, std::string &checked_by);

// Whether `target` fails to refine `source` (prover/status.h's refinement on outcomes).
bool breaks_refinement(const SideOutcome &source, const SideOutcome &target);

// Whether the rule's side condition holds on `in` (exactly); nullopt if undecidable here.
std::optional<bool> condition_holds(const RewriteRule &rule, const Width &w, const Inputs &in);

// Runs a closed TIR expression with its free Vars bound to `values` through the oracle.
SideOutcome run_expr(const ir::PrimExpr &e, const std::map<const ir::VarNode *, int64_t> &values);

} // namespace tirconf::prover
