// Looking for a counterexample by evaluation before asking Z3 (as Halide's simplifier fuzzer
// does): a wrong rule usually breaks on a boundary value (0, +-1, INT_MIN, INT_MAX, ...) or a
// small one, and evaluating takes microseconds where a bit-vector query over a symbolic divisor
// can take seconds. A sample only ever refutes; proofs come from Z3.
#pragma once

#include <optional>

#include "oracle/arith/rewrite_rules.h"
#include "prover/evaluate.h"

namespace tirconf::prover {

class Rng;

// One input value of width w: a boundary value, a small one or a uniform one (sample.cc says
// how often each).
Int128 draw_value(Rng &rng, const oracle::arith::Width &w);

// The first of `samples` seeded draws of the rule's inputs (at width w) that satisfy the side
// condition and break refinement, or nullopt.
std::optional<Inputs> sample_counterexample(const oracle::arith::RewriteRule &rule,
                                            const oracle::arith::Width &w, uint64_t seed,
                                            int samples);

} // namespace tirconf::prover
