// The host side of a kernel launch: a PrimFunc's arguments bound to its params as spec
// "Semantics of Statements / 1. PrimFunc" says ([bind.arity] .. [bind.elem_offset], in TVM's
// ArgBinder order), checked here in C++ before anything is copied to the device, and turned into
// the kernel's argument words (lowering.h: KernelParam). Buffer fields must be IntImms or Vars
// (support.cc declares the rest unsupported), so no expression needs evaluating on the host.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "backends/cuda/lowering.h"
#include "runtime/argument.h"
#include "runtime/outcome.h"

namespace tirconf::backends::cuda {

struct KernelArguments {
  // One 8-byte word per kernel param after the status word, the value in its low bytes: a
  // scalar's bits, a field Var's value; for a buffer, its tensor's data pointer (the host's: the
  // launcher puts the device copy's in its place).
  std::vector<uint64_t> words;
  std::vector<size_t> tensors; // the argument index of each Buffer kernel param, in order
};

// How binding errors name a parameter: a buffer parameter by its buffer's name (`A` for the
// `A_handle` the reader makes of `A: T.Buffer(...)`), any other by its own.
std::string param_name(const ir::PrimFuncNode &f, const ir::Var &p);

// The kernel's argument words, or the binding error (or unspecified outcome) the arguments give.
std::variant<KernelArguments, runtime::Outcome> bind_arguments(const KernelInfo &kernel,
                                                               std::span<runtime::Argument> args,
                                                               const std::string &file);

} // namespace tirconf::backends::cuda
