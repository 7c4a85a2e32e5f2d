// The reference interpreter: runs a PrimFunc of an IRModule exactly as the spec's "Semantics"
// section says, and says precisely when the spec promises nothing. Every run ends in exactly one
// outcome: ok (final buffers + return value), error (divide-by-zero, assert, binding, limit),
// unspecified (out-of-bounds, conflict, uninitialized, overflow, ambiguous; with the rule and
// location) or invalid (the checker rejected the module; nothing ran). An inconsistency of the
// oracle itself (the evaluator meets what the checker should have rejected, or an exception)
// ends the run as an internal error naming the rule and the site: an oracle bug, never a
// verdict on the program.
#pragma once

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <variant>

#include "ir/module.h"
#include "oracle/readings.h"
#include "oracle/typecheck/checker.h"
#include "runtime/argument.h"
#include "runtime/ndarray.h"
#include "runtime/outcome.h"
#include "runtime/value.h"

namespace tirconf::oracle {

// How often each semantics rule's implementing site ran (`tirconf run --rule-coverage`).
class RuleCoverage {
public:
  void hit(std::string_view rule) { ++counts_[std::string(rule)]; }
  void hit(std::string_view rule, uint64_t n); // adds n at once
  const std::map<std::string, uint64_t> &counts() const { return counts_; }
  void merge(const RuleCoverage &other);

private:
  std::map<std::string, uint64_t> counts_;
};

// What a run cost (filled in when RunOptions::stats is set, however the run ends): the work
// done and the most memory held at once, the program's data and the interpreter's shadow state
// (initialization bits, conflict words) separately.
struct RunStats {
  uint64_t steps = 0;
  uint64_t peak_data_bytes = 0;
  uint64_t peak_shadow_bytes = 0;
  uint64_t fast_nodes = 0; // compiled nodes that are fast paths (RunOptions::fast_paths)
};

struct RunOptions {
  // Parallel and thread-bound iterations run in an order shuffled with this seed (the spec
  // allows any interleaving); with shuffle off they run in increasing order. Vectorized loops
  // always run in order: the spec keeps their side effects and errors ordered.
  bool shuffle_parallel = false;
  uint64_t seed = 0;
  // Budgets: executed statements (While loops) and PrimFunc call depth (recursion). Exceeding
  // either ends the run with error: limit.
  uint64_t step_limit = 50'000'000;
  int call_depth_limit = 200;
  // Source file name for locations in outcomes.
  std::string file;
  RuleCoverage *coverage = nullptr; // optional
  RunStats *stats = nullptr;        // optional
  // The interpreter's fast paths (oracle/eval/fast_paths.h): nodes specialised for the commonest
  // shapes, equal to the plain node of their rule in outcome, rule counts and steps. Off, every
  // node is the plain one; tests run both ways and compare.
  bool fast_paths = true;
  CheckOptions check; // test hooks of the checker run() starts with
  // Where the spec leaves a choice open, the reading to take (readings.h); the catalog's by
  // default. A run under another one says so in its outcome (Outcome::readings).
  Readings readings;
};

// One argument per parameter of the entry function, in parameter order: a tensor for a buffer
// parameter (bound through its DLTensor view per the spec's PrimFunc invocation rules and
// mutated in place), a Value for a scalar parameter.
using Argument = runtime::Argument;

// Type-checks `m` (invalid outcome if it is rejected), then calls `func`. On ok, the outcome's
// buffers are the final contents of every buffer argument, named after their parameters.
runtime::Outcome run(const ir::IRModule &m, std::string_view func, std::span<Argument> args,
                     const RunOptions &options = {});

} // namespace tirconf::oracle
