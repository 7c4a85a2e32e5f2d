// The CUDA backend, `cuda`: TIR lowered to CUDA C++ (lowering.h), compiled to PTX with NVRTC
// (nvrtc.h); kernels are loaded and launched through the driver API, loaded at run time
// (driver.h). Where no driver or device is found it is compile-only: compile() still lowers and
// compiles every program to PTX, unavailable() says why nothing runs, and `tirconf diff
// --compile-only` checks compilation alone.
//
// `cuda-host` runs the same generated CUDA C++ on the CPU (host_emulation.h): the lowering
// checked against the oracle without a GPU.
#pragma once

#include <memory>

#include "backends/backend.h"

namespace tirconf::backends {

std::unique_ptr<Backend> make_cuda_backend();
std::unique_ptr<Backend> make_cuda_host_backend();

// What the CUDA backend cannot run in `m` (support.cc), without compiling anything.
std::vector<Unsupported> cuda_unsupported(const ir::IRModule &m);

} // namespace tirconf::backends
