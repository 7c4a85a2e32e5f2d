// Replacing variables by expressions throughout a statement or an expression.
#pragma once

#include <unordered_map>

#include "ir/stmt.h"

namespace tirconf::ir {

using VarMap = std::unordered_map<const VarNode *, PrimExpr>;

// Every use of a Var of `map` replaced by its expression (binding sites and the Vars inside
// buffer declarations are kept). Unchanged subtrees stay shared.
PrimExpr substitute(const PrimExpr &e, const VarMap &map);
Stmt substitute(const Stmt &s, const VarMap &map);

} // namespace tirconf::ir
