// The LLVM backend: TIR lowered to LLVM IR (lowering.h) and JIT-compiled in process with ORC
// LLJIT (jit.h). Two configurations: llvm-O0 (no IR optimization, fast instruction selection)
// and llvm-O2 (LLVM's -O2 pipeline, where optimizer bugs surface).
#pragma once

#include <memory>

#include "backends/backend.h"

namespace tirconf::backends {

// opt_level 0 or 2.
std::unique_ptr<Backend> make_llvm_backend(int opt_level);

// What the LLVM backend cannot run in `m` (support.cc), without compiling anything.
std::vector<Unsupported> llvm_unsupported(const ir::IRModule &m);

} // namespace tirconf::backends
