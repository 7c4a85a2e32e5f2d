// The type checker and well-formedness checker: the spec's "Typing Rules" (PrimExprs, statements,
// other constructs) and "Variable Scoping", in the spec's order. Every diagnostic names the rule
// it enforces (spec/rules/*.yaml) and the source location of the offending node.
#pragma once

#include <string_view>

#include "ir/diagnostic.h"
#include "ir/module.h"

namespace tirconf::oracle {

// Checks every PrimFunc of `m`. An empty result means the module is valid. `file` is used only
// to fill Diagnostic::file.
ir::Diagnostics check_module(const ir::IRModule &m, std::string_view file);

} // namespace tirconf::oracle
