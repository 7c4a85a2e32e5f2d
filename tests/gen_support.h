// Helpers for the generator tests (tests/gen_*_test.cc): running a generated program on the
// oracle with its own arguments, and the properties every generated program must have.
#pragma once

#include <cstdlib>
#include <optional>
#include <string>

#include "generators/program_gen.h"
#include "ir/structural_equal.h"
#include "ir/tvmscript/printer.h"
#include "ir/tvmscript/reader.h"
#include "oracle/eval/interpreter.h"
#include "oracle/typecheck/checker.h"
#include "runner/arguments.h"
#include "tools/gen_check.h"

namespace tirconf::gentest {

inline runtime::Outcome run(const gen::GeneratedProgram &g, oracle::RunOptions opts = {}) {
  if (opts.file.empty())
    opts.file = "gen.py";
  return tools::run_generated(g, opts);
}

// The first property a program breaks, or nullopt: type-checks; print -> read is structurally
// equal; the oracle's outcome is ok; shuffled parallel orders give the same outcome.
inline std::optional<std::string> broken_property(const gen::GeneratedProgram &g,
                                                  oracle::RuleCoverage *coverage = nullptr) {
  if (auto d = oracle::check_module(g.module, "gen.py"); !d.empty())
    return "typecheck: " + ir::format(d.front());
  const std::string text = ir::print_tvmscript(g.module);
  auto back = ir::read_tvmscript(text, "gen.py");
  if (!back.ok())
    return "reads back: " + ir::format(back.diagnostics.front()) + "\n" + text;
  if (!ir::structural_equal(g.module, back.module))
    return "roundtrip:\n" + text;
  oracle::RunOptions opts;
  opts.coverage = coverage;
  runtime::Outcome first = run(g, opts);
  if (!first.is_ok())
    return "outcome: " + runtime::to_string(first) + "\n" + text;
  opts.coverage = nullptr;
  opts.shuffle_parallel = true;
  for (uint64_t seed : {11u, 12u}) {
    opts.seed = seed;
    runtime::OutcomeCompareOptions cmp;
    cmp.same_buffer_set = true;
    if (auto mm = runtime::compare_outcomes(first, run(g, opts), cmp))
      return "determinism (seed " + std::to_string(seed) + "): " + mm->message() + "\n" + text;
  }
  return std::nullopt;
}

// How many programs a property test runs: `fallback`, or TIRCONF_GEN_PROGRAMS when set (the long
// mode: TIRCONF_GEN_PROGRAMS=100000).
inline uint64_t program_count(uint64_t fallback) {
  if (const char *s = std::getenv("TIRCONF_GEN_PROGRAMS"))
    return std::strtoull(s, nullptr, 10);
  return fallback;
}

} // namespace tirconf::gentest
