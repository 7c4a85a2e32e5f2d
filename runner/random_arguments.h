// Arguments for an arbitrary PrimFunc the oracle can run, made by tirconf itself from a seed:
// the runner must not depend on generators/, whose arguments come with the program they
// generated, and here the program is anyone's (`tirconf run --against`, runner/equivalence.h).
//
//   - Every Var in a buffer parameter's shape (`n` in `T.match_buffer(a, (n, m))`, a scalar
//     parameter or not) gets a small value, 1..8: large enough to take a loop round more than
//     once, small enough that every trial runs quickly. A dimension written as an expression of
//     them (`n * 4`) is worked out with the oracle's arithmetic; a negative one is drawn again.
//   - Declared strides and elem_offset are honoured: an unbound stride Var takes the compact
//     stride and an unbound elem_offset Var 0, as the binding rules would bind them from a
//     compact tensor; anything else becomes a strided tensor or a byte_offset.
//   - Other scalar parameters and every buffer element are random values of their dtype,
//     biased to its edges (runner/random_values.h).
//
// What cannot be made (a handle parameter that is no buffer, a shape that is no constant once its
// Vars have values, arguments too large to run) is reported with the reason.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ir/module.h"
#include "runner/arguments.h"
#include "runner/random_values.h"
#include "runner/testfile.h"

namespace tirconf::runner {

struct RandomCall {
  std::unique_ptr<CallArguments> call; // null when no arguments can be made
  std::string reason;                  // why not, naming the parameter
};

// The arguments of one call of `func`, drawn from `r`.
RandomCall random_arguments(const ir::PrimFuncNode &func, SplitMix64 &r);

// A deep copy (the tensors copied, in their layout), so that two runs start from the same data.
std::unique_ptr<CallArguments> copy_arguments(const CallArguments &c);

// The arguments in the test format (corpus/FORMAT.md's `args`, what `tirconf run --args` reads),
// one per parameter in order, named as callers name them. A strided tensor is written as its
// elements; the layout is not kept.
std::vector<Arg> describe_arguments(const ir::PrimFuncNode &func, const CallArguments &c);

} // namespace tirconf::runner
