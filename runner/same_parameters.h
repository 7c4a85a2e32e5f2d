// Whether two PrimFuncs take the same parameters, so that the arguments made for one can be
// given to the other (`tirconf run --against`, runner/equivalence.h): the same number, each
// the same kind (buffer or scalar) and dtype, each buffer the same shape, strides and elem_offset
// up to a consistent renaming of their Vars, and the same return type. Parameter and buffer
// names do not matter: passes rename them. Alignment and offset_factor do not either: they
// only promise something about the data pointer, never what an element holds.
#pragma once

#include <optional>
#include <string>

#include "ir/module.h"

namespace tirconf::runner {

// Nothing when they match; else the first difference, naming the parameter as BEFORE names it,
// e.g. "parameter 2 (B): shape [n, 16] in BEFORE, [n, 8] in AFTER".
std::optional<std::string> parameter_difference(const ir::PrimFuncNode &before,
                                                const ir::PrimFuncNode &after);

} // namespace tirconf::runner
