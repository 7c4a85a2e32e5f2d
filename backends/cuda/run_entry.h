// One run of an entry PrimFunc on a GPU, as the host drives it: the arguments bound and checked
// on the host (binding.h), each tensor copied to the device once (a tensor passed for two
// params is one copy, so that the params alias as they do on the host), the status word set
// from the RunLimits, the entry's launches in order (launch.h: plan_entry) with the status word
// read after each, stopping at a failure or a tir.ret, then every tensor copied back.
#pragma once

#include <span>
#include <string>

#include "backends/backend.h"
#include "backends/cuda/device.h"

namespace tirconf::backends::cuda {

// `ptx` is the program's module; `kernel` one of program.kernels. A device failure (a kernel
// fault, a launch the device refuses, memory it cannot give) is a crash outcome naming the
// launch: generated code must never fault.
runtime::Outcome run_entry(Device &device, const std::string &ptx, const CudaProgram &program,
                           const KernelInfo &kernel, std::span<runtime::Argument> args,
                           const RunLimits &limits, const std::string &file);

} // namespace tirconf::backends::cuda
