// The CUDA driver API, loaded at run time (dlopen of libcuda.so.1, or of TIRCONF_CUDA_DRIVER
// when set) rather than linked: the binary then starts on machines without a driver, where the
// backend compiles programs to PTX but does not run them (compile-only). device.h:
// driver_device() is the GPU it drives.
#pragma once

#include <optional>
#include <string>

namespace tirconf::backends::cuda {

// Why no kernel can run here ("no CUDA device: the driver library libcuda.so.1 is not
// installed"), or nullopt when the driver loaded and the first GPU's context is ready. Opened
// once per process, on the first call of this or driver_device().
std::optional<std::string> no_device_reason();

} // namespace tirconf::backends::cuda
