// Running generated programs through the checker, the printer/reader and the oracle: the
// properties `tirconf gen --check` verifies and the oracle expectation `--expect-from-oracle`
// writes. Glue between generators/ and oracle/, which never depend on each other.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "generators/program_gen.h"
#include "oracle/eval/interpreter.h"
#include "runner/arguments.h"
#include "runtime/outcome.h"

namespace tirconf::tools {

// The program's arguments as the runner takes them (test-format values).
std::vector<runner::Arg> runner_args(const gen::GeneratedProgram &g);

// Every lane of every element of a tensor, test-format spelling: "[1, 2, 3]".
std::string lanes_list(const runtime::NDArray &a);

// Runs main on the program's own arguments (fresh tensors each call).
runtime::Outcome run_generated(const gen::GeneratedProgram &g, const oracle::RunOptions &options);

// The `expect:` block for an ok outcome (buffers and return value in test-format spelling).
std::string expect_yaml(const runtime::Outcome &ok);

// Every property of a generated program, in order; the first that fails, with its detail:
//   typecheck     check_module finds nothing
//   roundtrip     print -> read gives a structurally equal module
//   outcome       the oracle's outcome is ok (never error, unspecified, invalid or limit)
//   determinism   shuffled parallel orders (two seeds) give the same outcome
// `coverage`, when set, collects the oracle's rule hits of the first run.
std::optional<std::string> check_generated(const gen::GeneratedProgram &g, const std::string &file,
                                           oracle::RuleCoverage *coverage,
                                           runtime::Outcome *outcome = nullptr);

} // namespace tirconf::tools
