// The type checker and well-formedness checker: the spec's "Typing Rules" (PrimExprs, statements,
// other constructs) and "Variable Scoping", in the spec's order. Every diagnostic names the rule
// it enforces (spec/rules/*.yaml) and the source location of the offending node.
#pragma once

#include <string>
#include <string_view>

#include "ir/diagnostic.h"
#include "ir/module.h"
#include "oracle/readings.h"

namespace tirconf::oracle {

// Fault injection, for the tests that prove an inconsistency between the checker and the
// evaluator is reported as an oracle internal error (never skipped as an invalid program).
struct CheckOptions {
  // A rule the checker pretends not to have: its diagnostics are dropped, so a program that
  // violates only it is accepted. Empty (the default): every rule is enforced.
  std::string disabled_rule;
  // Where the spec's typing rules leave a choice open (shuffle-indices), the reading to take.
  Readings readings;
};

// Checks every PrimFunc of `m`. An empty result means the module is valid. `file` is used only
// to fill Diagnostic::file.
ir::Diagnostics check_module(const ir::IRModule &m, std::string_view file,
                             const CheckOptions &options = {});

} // namespace tirconf::oracle
