// The simplifier differential check (`tirconf simplify-check`): random integer expressions
// (prover/expr_gen.h) go through a simplifier under test, and Z3 decides whether each output
// may replace its input at the expression's width (prover/equiv.h). Each refutation is confirmed
// on the oracle and reduced, as Halide's simplifier fuzzer does, to the smallest sub-expression
// that the simplifier still gets wrong, with the inputs that break it.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ir/expr.h"
#include "prover/equiv.h"

namespace tirconf::prover {

// A simplifier under test, as runner::Implementation is a TIR implementation under test: ours
// today; a third-party one (TVM's arith::Analyzer through the backend protocol) plugs in with a
// `simplify` that ships the expression out and reads the answer back. nullopt: it declined.
struct SimplifierImpl {
  std::string name;
  std::string description;
  std::function<std::optional<ir::PrimExpr>(const ir::PrimExpr &)> simplify;
};

// The simplifiers known by name: "tirconf" (oracle/arith), "tirconf-unsound" (the same, also
// applying the catalog's known-wrong rules: the check must catch it), "identity".
// Each call makes a fresh instance (a simplifier need not be thread-safe).
std::vector<std::string> simplifier_names();
std::optional<SimplifierImpl> make_simplifier(const std::string &name);

struct CheckOptions {
  uint64_t seed = 1;
  int count = 1000;
  std::string impl = "tirconf";
  int jobs = 2;
  RefinementOptions refine;
};

struct Finding {
  int index = 0; // which expression of the seed's sequence
  ir::PrimExpr original, simplified;
  ir::PrimExpr minimal, minimal_simplified;
  RefinementResult result; // for the minimal pair (refuted)
};

struct CheckSummary {
  int count = 0, int32 = 0, int64 = 0;
  int unchanged = 0, proven = 0, refuted = 0, unknown = 0, declined = 0;
  size_t nodes_in = 0, nodes_out = 0;                // total size before and after simplification
  std::vector<Finding> findings;                     // refutations, in index order
  std::vector<std::pair<int, std::string>> unknowns; // index, why
  double seconds = 0;
};

CheckSummary run_simplify_check(const CheckOptions &opts);

// The smallest sub-expression of `e` (and, replacing its parts by leaves, of that) whose
// simplification `impl` still gets wrong; e itself if nothing smaller fails.
Finding minimize(const ir::PrimExpr &e, const SimplifierImpl &impl, const RefinementOptions &opts);

// A finding as the text written to its file.
std::string describe(const Finding &f, const CheckOptions &opts);

} // namespace tirconf::prover
