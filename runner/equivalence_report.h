// How `tirconf run --against` reports an equivalence check (runner/equivalence.h): for people,
// the verdict and its reason on one line, then the arguments of the deciding trial; for tools,
// one JSON object.
#pragma once

#include <string>

#include "runner/equivalence.h"

namespace tirconf::runner {

// "differ: trial 2 of seed 0: B[1, 3] is 5 in BEFORE, 6 in AFTER", followed, for a verdict that
// a trial decided, by "  arguments: n = 3, A = int32[3, 4] [...]" (long data abbreviated).
std::string equivalence_text(const EquivalenceResult &r);

// {"verdict", "reason", "seed", "before": {"file", "func"}, "after": {...}, "compared",
//  "rules": [...], "trials": [{"trial", "verdict", "detail", "before": OUTCOME, "after": OUTCOME,
//  "difference": {"buffer", "index", "flat_index", "lane", "before", "after"}, "args": ARGS}]}
// OUTCOME: {"kind", "class", "rule", "location", "message", "return"}, empty fields left out.
// ARGS (only on the trials that keep their arguments) is an argument document that
// `tirconf run FILE --args` reads as it is: {"A": {"dtype", "shape", "data"}, "n": "3"}.
std::string equivalence_json(const EquivalenceResult &r);

} // namespace tirconf::runner
