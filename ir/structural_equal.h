// Structural equality and hashing of TIR up to consistent renaming of variables and buffers:
// two programs are equal when a bijection between their Vars (and Buffers) makes them identical.
// Names, source locations and Buffer names do not matter; dtypes, type annotations, constants,
// node kinds and field order do.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "ir/module.h"

namespace tirconf::ir {

bool structural_equal(const PrimExpr &a, const PrimExpr &b);
bool structural_equal(const Stmt &a, const Stmt &b);
bool structural_equal(const PrimFunc &a, const PrimFunc &b);
bool structural_equal(const IRModule &a, const IRModule &b);

// Like structural_equal, but says where the first difference is ("" when equal).
std::string structural_diff(const PrimFunc &a, const PrimFunc &b);
std::string structural_diff(const IRModule &a, const IRModule &b);

size_t structural_hash(const PrimExpr &e);
size_t structural_hash(const Stmt &s);
size_t structural_hash(const PrimFunc &f);
size_t structural_hash(const IRModule &m);

} // namespace tirconf::ir
