// The CUDA driver API, loaded at run time (dlopen of libcuda.so.1) rather than linked: the
// binary then starts on machines without a driver, where the backend compiles programs to PTX
// but does not run them (compile-only).
#pragma once

#include <optional>
#include <string>

namespace tirconf::backends::cuda {

// Why no kernel can run here ("no CUDA device: libcuda.so.1 not found"), or nullopt when a driver
// loaded and reports at least one device. Probed once per process.
std::optional<std::string> no_device_reason();

} // namespace tirconf::backends::cuda
