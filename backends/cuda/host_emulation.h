// The CUDA backend's generated code run on the CPU (`cuda-host`): the same CUDA C++ translation
// unit that NVRTC compiles for a GPU, compiled by the host's C++ compiler against a small model
// of the CUDA execution model, so that what the lowering computes is compared with the oracle on
// machines without a GPU. What it checks is the lowering (indexing, wrapping, division, the
// status word, launches, calls, shared memory and barriers); what it cannot check is the GPU:
// its compiler, its math library's last bits, and truly concurrent threads.
//
// The model: a launch runs its blocks one after another; a block's threads are fibers (ucontext)
// on one OS thread, each run until it reaches __syncthreads() or returns; when every thread still
// running has reached the barrier they all go on (a thread that returned no longer takes part,
// as on Volta and later). __shared__ memory is a static of its function, which one block at a
// time uses. Device pointers are host addresses; the device heap is the host's malloc.
// Integers, IEEE float and double arithmetic without contraction (-ffp-contract=off), and
// float16 / bfloat16 through the toolkit's own cuda_fp16.h / cuda_bf16.h host code are the same
// operations the GPU runs; the math functions are the host C library's, within the same bounds
// of the catalog.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "backends/cuda/device.h"

namespace tirconf::backends::cuda {

// TEST ONLY: set and not empty, every __syncthreads() does nothing, so that tests can show the
// gpu generator profile's programs notice a backend that loses barriers.
inline constexpr const char *kDropBarriersEnv = "TIRCONF_TEST_CUDA_HOST_DROP_BARRIERS";

// The translation unit for the host: the emulation model, `program.source`, and for each launch
// an `extern "C" void tirconf_host_<kernel>(const void *words)` that calls the kernel with its
// 8-byte argument words unpacked to their C types.
std::string host_translation_unit(const CudaProgram &program);

// Why host emulation cannot run here (no C++ compiler), or nullopt. The compiler is $CXX, else
// c++; TIRCONF_CUDA_HOST_CXX overrides both.
std::optional<std::string> host_emulation_unavailable();

// A device in host memory that runs kernels of translation units made by
// host_translation_unit(), each compiled once to a shared object (cached by source hash).
// launch()'s `module` is that translation unit's text.
class HostEmulatedDevice final : public Device {
public:
  HostEmulatedDevice();
  ~HostEmulatedDevice() override;
  // Compiles and loads `source` (a no-op if it already is); the compiler's errors, or nullopt.
  std::optional<std::string> load(const std::string &source);

  void set_heap_bytes(uint64_t bytes) override;
  DevicePtr alloc(size_t bytes) override;
  void free(DevicePtr p) noexcept override;
  void to_device(DevicePtr dst, const void *src, size_t bytes) override;
  void to_host(void *dst, DevicePtr src, size_t bytes) override;
  void launch(const std::string &module, const Launch &launch, std::span<uint64_t> words) override;

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// One per process.
HostEmulatedDevice &host_emulated_device();

} // namespace tirconf::backends::cuda
