// Whether one TIR integer expression may replace another: the same question prover/prove.h asks
// of a rule, asked of two concrete expressions over the same free Vars (a simplifier's input and
// output). Proven: the target refines the source at the Vars' dtype (same value, same error,
// anything where the source is unspecified). Refuted: inputs where it does not, confirmed by
// running both on the oracle.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>

#include "ir/expr.h"
#include "prover/prove.h"

namespace z3 {
class context;
}

namespace tirconf::prover {

struct RefinementResult {
  Verdict verdict = Verdict::Unknown;
  std::string engine;                            // "sampling", "int-linear", "int-exact", "bv"
  std::map<const ir::VarNode *, int64_t> inputs; // when refuted
  SideOutcome source, target;                    // when refuted: the oracle's outcomes
  std::string detail;                            // why unknown
};

// What the proofs of a run of questions share (simplify-check: one batch of expressions): one Z3
// context, since creating one costs some 4 ms of CPU, more than most of these queries; and the
// proofs found so far, keyed by the pair with its variables renamed in order of occurrence, so
// that a rewrite met again (`x - x` to 0 under any name) is not proved again. Only proofs are
// kept: a pair proven once is proven. Z3's answers can depend on what its context saw before, so
// a session serves one thread, and the same questions in the same order give the same answers.
class ProofSession {
public:
  explicit ProofSession(bool cache = true);
  ~ProofSession();
  ProofSession(const ProofSession &) = delete;
  ProofSession &operator=(const ProofSession &) = delete;
  int lookups() const;
  int hits() const;
  z3::context &context(); // for the prover's own further questions (prover/external_check.cc)
  struct Impl;
  Impl &impl() { return *impl_; }

private:
  std::unique_ptr<Impl> impl_;
};

struct RefinementOptions {
  unsigned timeout_ms = 4000;       // budget of one exact query (as ProveOptions)
  unsigned quick_timeout_ms = 1000; // budget of one linear query
  int samples = 300;                // evaluations before Z3
  uint64_t seed = 1;
  // Pairs whose inputs take at most this many values together (every Var's range multiplied)
  // are decided by evaluating every one of them: constant folding (one value), an int8 Var
  // (256). A proof like any other: nothing is left unevaluated.
  uint64_t exhaustive_points = 4096;
  ProofSession *session = nullptr; // none: a fresh context for each question, no cache
};

// Both expressions integer (or boolean) scalars over Int Vars of one dtype. Throws
// prover::Unsupported (prover/encode.h) for anything else.
RefinementResult check_refinement(const ir::PrimExpr &source, const ir::PrimExpr &target,
                                  const RefinementOptions &opts = {});

// The expressions written out with their Vars numbered in order of occurrence (dtypes and
// constants kept): equal texts, the same expressions but for the Vars' names. Empty when one
// holds a node the encodings do not take (a Cast).
std::string canonical_form(const std::vector<ir::PrimExpr> &exprs);

// The free Vars of e, in first-occurrence order.
std::vector<const ir::VarNode *> free_vars_of(const ir::PrimExpr &e);

// The direct operands of an expression the prover encodes: a Select's three, a Not's one, a
// binary node's two; none for a leaf.
std::vector<ir::PrimExpr> operands(const ir::PrimExpr &e);

} // namespace tirconf::prover
