// The little arithmetic the reader needs where TVM calls its simplifier: the length of a slice
// `A[start:stop]` and the extent of `range(start, stop)` when stop - start is a constant. TVM's
// arith::Analyzer proves more; this handles sums of constant multiples of the same subterms
// (`i * 4 + 4` - `i * 4`, `(i + 5) - (i + 1)`), which is what printed TVMScript contains.
#pragma once

#include <cstdint>
#include <optional>

#include "ir/expr.h"

namespace tirconf::ir::script {

// Structural identity: same node kinds, dtypes and constants, and the very same Vars and Buffers.
bool same_expr(const PrimExpr &a, const PrimExpr &b);

// stop - start, when it is a constant independent of every variable.
std::optional<int64_t> constant_difference(const PrimExpr &stop, const PrimExpr &start);

} // namespace tirconf::ir::script
