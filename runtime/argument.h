// An argument of a PrimFunc call, shared by the oracle and every backend: a tensor for a buffer
// parameter (passed through its DLTensor view and mutated in place), a Value for a scalar one.
#pragma once

#include <variant>

#include "runtime/ndarray.h"
#include "runtime/value.h"

namespace tirconf::runtime {

using Argument = std::variant<NDArray *, Value>;

} // namespace tirconf::runtime
