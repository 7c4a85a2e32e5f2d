// The controls of the stand-in CUDA driver (fake_driver.cc), a libcuda.so of host memory that
// backends/cuda/driver.cc loads through TIRCONF_CUDA_DRIVER in driver_test.cc. A test finds
// these with dlsym in the same library the backend opened.
#pragma once

#include <cstddef>
#include <cstdint>

extern "C" {

// What the fake counts, since cuInit.
struct FakeCudaCounters {
  int retains = 0;     // cuDevicePrimaryCtxRetain calls
  int resets = 0;      // cuDevicePrimaryCtxReset calls
  int activations = 0; // times the primary context became active (first retain, and after resets)
  int module_loads = 0, module_unloads = 0, live_modules = 0;
  int allocations = 0, live_allocations = 0;
  int launches = 0;
  // Calls the real driver would refuse for a reason that is the caller's fault: a stale or
  // unknown pointer or handle, a copy outside an allocation, a launch the hardware cannot make.
  int misuses = 0;
  size_t stack_bytes = 0; // CU_LIMIT_STACK_SIZE of the active context
  size_t heap_bytes = 0;  // CU_LIMIT_MALLOC_HEAP_SIZE of the active context
};

// Called for each launch the fake accepts, with the kernel's name, its dimensions and its
// parameters, each read at the size the PTX declares it and zero-extended. Device pointers are
// host addresses. Returns 0, or a CUresult (700: CUDA_ERROR_ILLEGAL_ADDRESS) that the context
// keeps as a sticky error, reported from the next cuCtxSynchronize on, as a kernel fault is.
using FakeCudaKernel = int (*)(void *user, const char *kernel, const unsigned grid[3],
                               const unsigned block[3], const uint64_t *params, size_t count);

void fake_cuda_set_kernel(FakeCudaKernel kernel, void *user);
// The next call of the entry point named as cuda.h names it ("cuMemAlloc") fails with `result`
// and does nothing else.
void fake_cuda_fail_next(const char *call, int result);
// The next cuModuleLoadDataEx fails with CUDA_ERROR_INVALID_PTX and this text in the JIT's error
// log.
void fake_cuda_reject_next_ptx(const char *log);
FakeCudaCounters fake_cuda_counters();
}
