// Matching a rule's left side against a TIR expression, and building its right side.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "ir/expr.h"
#include "oracle/arith/rewrite_rules.h"

namespace tirconf::oracle::arith {

struct Match {
  std::map<std::string, ir::PrimExpr> bind; // pattern variables and constant symbols
  std::optional<ir::DataType> dtype;        // the integer dtype the rule is used at
};

// Whether `e` is an instance of `p` (variables bind sub-expressions of the right type, constant
// symbols bind IntImms, a name bound twice must bind the same tree). Extends `m`.
bool match(const Pat &p, const ir::PrimExpr &e, const RewriteRule &rule, Match &m);

// The expression `p` denotes at integer dtype `t` under `bind`; literals wrap into t.
ir::PrimExpr instantiate(const Pat &p, ir::DataType t,
                         const std::map<std::string, ir::PrimExpr> &bind);

// The same tree: node kinds, dtypes and constants equal, Vars compared by identity.
bool same_expr(const ir::PrimExpr &a, const ir::PrimExpr &b);

// The value of literal v as an IntImm of t (t's bits, sign-extended for Int).
int64_t wrap_literal(int64_t v, ir::DataType t);

} // namespace tirconf::oracle::arith
