// What `tirconf diff` writes for a finding: the program as a conformance test file (its
// arguments and the oracle's outcome as the expectation, so `tirconf test --impl B` reproduces
// it) and a JSON record of what differed.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ir/module.h"
#include "runner/signature.h"
#include "runtime/argument.h"
#include "runtime/outcome.h"

namespace tirconf::fuzz {

// The `args:` entries (indented two spaces) for a call of `func` with `args`: tensors with their
// dtype, shape and flat row-major lanes, scalars as literals.
std::string arguments_yaml(const ir::PrimFuncNode &func, std::span<const runtime::Argument> args);
// The `expect:` block for `o` (ok: buffers and return; error: its class).
std::string expectation_yaml(const runtime::Outcome &o);

struct BackendDifference {
  std::string backend; // "oracle" for an internal error of the oracle
  std::string check;   // fixed wording: "Value mismatch", "Outcome mismatch", "Crash", "Timeout",
                       // oracle_bug_check, ...
  std::string message; // compare_outcomes' message, or the compile error
  std::optional<runtime::OutcomeMismatch> mismatch;
  runtime::Outcome outcome;
  runner::Signature signature; // what kind of finding, for grouping
};

struct Finding {
  std::string stem;   // file name without extension
  std::string source; // "seed S program I (profile P)" or the input file and case
  std::optional<uint64_t> seed, index, program_seed;
  std::string profile, input_file;
  int case_index = -1;
  std::string func;
  std::vector<std::string> backends; // every backend compared, oracle first
  runtime::Outcome oracle;
  std::vector<BackendDifference> differences;
};

// The check of a finding of the oracle itself: an internal error, the oracle contradicting itself.
inline constexpr const char *oracle_bug_check = "Internal error";
// Its message: "[rule] at file:line:col: message" (the parts it has).
std::string describe_internal_error(const runtime::Outcome &internal_error);

// Writes DIR/<stem>.py and DIR/<stem>.json; returns an error message or "".
// For an internal error of the oracle, the conformance file states what the evaluator claims
// (invalid, by the rule the checker should have enforced; `rules:` names it), or, when the
// oracle names no rule, `unspecified: any` as a placeholder its description points out.
std::string write_finding(const std::string &dir, const Finding &f, const ir::IRModule &m,
                          std::span<const runtime::Argument> args);

// The check's name in fixed wording (Alive2 style) for a backend outcome that differs.
std::string check_name(const runtime::OutcomeMismatch &m, const runtime::Outcome &actual);

} // namespace tirconf::fuzz
