// Constant folding and a small linear normaliser over integer PrimExprs, for the static proofs
// the spec asks of the checker ("the compiler must be able to statically prove ... including via
// arithmetic simplification", MatchBufferRegion 8 and 9).
//
// An integer expression is brought to the form  c0 + c1*a1 + ... + cn*an  where the atoms ai are
// sub-expressions the normaliser does not look into (Vars, loads, calls, products of two
// non-constants ...), compared structurally with Vars and Buffers by identity. Add, Sub, Mul by a
// constant and negation follow TIR's wrapping two's-complement arithmetic exactly (they are ring
// operations modulo 2^bits, so the form is exact). Div/Mod/FloorDiv/FloorMod fold on constants
// with TIR's truncating/flooring rules, and divide a form whose every coefficient is a multiple of
// a positive constant divisor; like TVM's arith::Analyzer, that last step assumes the index
// arithmetic does not overflow. prove_equal falls back on the verified simplifier
// (oracle/arith/simplify.h) when the linear forms alone do not decide.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "ir/expr.h"

namespace tirconf::oracle::typecheck {

struct LinearForm {
  std::vector<std::pair<ir::PrimExpr, int64_t>> terms; // atom, nonzero coefficient
  int64_t constant = 0;

  bool is_constant() const { return terms.empty(); }
};

// The linear form of an integer scalar expression; nullopt for anything else (floats, vectors,
// handles).
std::optional<LinearForm> linearize(const ir::PrimExpr &e);

// The value of an integer scalar expression that folds to a constant.
std::optional<int64_t> fold_constant(const ir::PrimExpr &e);

// True when a and b are integer scalars whose values are provably equal (numerically: an int32 4
// equals an int64 4).
bool prove_equal(const ir::PrimExpr &a, const ir::PrimExpr &b);
bool prove_equal(const ir::PrimExpr &a, int64_t value);

// Same tree: same node kinds, dtypes and constants, with Vars and Buffers compared by identity
// (unlike ir::structural_equal, which allows renaming).
bool exact_equal(const ir::PrimExpr &a, const ir::PrimExpr &b);

} // namespace tirconf::oracle::typecheck
