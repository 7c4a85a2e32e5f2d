// The pattern language of the rewrite-rule catalog (spec/rewrites/README.md): integer and boolean
// expressions over pattern variables (x, y, ...), constant symbols (c1, c2, ...), literals and the
// TIR operators, written in TVMScript's spelling (`//` is FloorDiv, `%` is FloorMod, Div and Mod
// are truncating). Side conditions use the same syntax plus `fits(e)`, and are read over the
// mathematical integers (no wrapping), as a simplifier evaluates them on constants.
//
// Conventions: p is a pattern, v a pattern variable, c a constant symbol.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/expr.h"

namespace tirconf::oracle::arith {

struct Pat;
using PatRef = std::shared_ptr<const Pat>;

enum class PatKind : uint8_t {
  Var,     // a pattern variable: matches any expression (x, y, z, w, ...)
  Sym,     // a constant symbol: matches an integer constant only (c1, c2, ...)
  Lit,     // an integer literal (an IntImm of the rule's dtype)
  BoolLit, // true / false
  Op,      // a TIR operator `op` applied to `args` (Add .. Not, Select)
  Fits,    // fits(e): side conditions only; e's exact value lies in the rule's dtype
};

struct Pat {
  PatKind kind = PatKind::Lit;
  ir::ExprKind op = ir::ExprKind::Add; // for Op
  std::string name;                    // for Var and Sym
  int64_t value = 0;                   // for Lit (and BoolLit: 0/1)
  std::vector<PatRef> args;            // for Op (2, or 3 for Select, 1 for Not) and Fits (1)
  int offset = 0;                      // byte offset in the source text, for diagnostics

  bool is_bool_valued() const; // comparisons, And/Or/Not, BoolLit (Select: per its arms)
};

// The pattern's source text, re-printed in the catalog's syntax with minimal parentheses.
std::string to_string(const Pat &p);
inline std::string to_string(const PatRef &p) {
  return to_string(*p);
}

struct PatParseError {
  int offset = 0; // byte offset into the text
  std::string message;
};

// Parses one pattern or condition. `allow_fits`: conditions only.
// Returns the pattern, or sets `error` and returns null.
PatRef parse_pattern(std::string_view text, bool allow_fits, PatParseError &error);

// Every distinct Var / Sym name in p, in first-occurrence order.
std::vector<std::string> pattern_vars(const Pat &p);
std::vector<std::string> pattern_syms(const Pat &p);

// Node builders, for code that makes patterns (tests, the prover's own queries).
PatRef pat_var(std::string name);
PatRef pat_sym(std::string name);
PatRef pat_lit(int64_t v);
PatRef pat_op(ir::ExprKind op, std::vector<PatRef> args);

} // namespace tirconf::oracle::arith
