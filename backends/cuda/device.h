// What the host side of a run needs from a GPU: memory, copies, and synchronous kernel launches
// from a module given as PTX. The CUDA driver implements it (driver.cc); the tests implement it
// in host memory with kernels written in C++, so that everything around a launch (launch.h's
// plan_entry order, the status word, argument words, copies back) is tested without a GPU.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>

#include "backends/cuda/lowering.h"

namespace tirconf::backends::cuda {

// A driver call that failed ("cuLaunchKernel: CUDA_ERROR_ILLEGAL_ADDRESS (an illegal memory
// access was encountered)"). After one, the device has put itself back in a usable state (the
// driver resets a context a kernel fault poisoned), losing every allocation and loaded module.
struct DeviceError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

using DevicePtr = uint64_t;

class Device {
public:
  virtual ~Device() = default;
  // The budget for run-time sized allocations of kernels (malloc's heap), in bytes; kept until
  // changed. Throws DeviceError when the device cannot give it.
  virtual void set_heap_bytes(uint64_t bytes) = 0;
  virtual DevicePtr alloc(size_t bytes) = 0; // bytes > 0
  virtual void free(DevicePtr p) noexcept = 0;
  virtual void to_device(DevicePtr dst, const void *src, size_t bytes) = 0;
  virtual void to_host(void *dst, DevicePtr src, size_t bytes) = 0;
  // Runs kernel `kernel` of the module `ptx` (loaded the first time; the device keeps it) with
  // `launch`'s dimensions and returns when it has finished. `words` are its arguments, one 8-byte
  // word each with the value in its low bytes (the kernel's parameter types say how many).
  virtual void launch(const std::string &ptx, const Launch &launch, std::span<uint64_t> words) = 0;
};

// The machine's first GPU through the CUDA driver, or null when there is none (driver.h:
// no_device_reason says why). One per process.
Device *driver_device();

} // namespace tirconf::backends::cuda
