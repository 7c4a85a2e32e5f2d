#include "backends/cuda/driver.h"

#include <dlfcn.h>

#include <mutex>

namespace tirconf::backends::cuda {

namespace {

// The two entry points the probe needs, with cuda.h's signatures (CUresult is an int enum).
using CuInit = int (*)(unsigned int);
using CuDeviceGetCount = int (*)(int *);

std::optional<std::string> probe() {
  void *lib = ::dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    return "no CUDA device: the driver library libcuda.so.1 is not installed";
  auto init = reinterpret_cast<CuInit>(::dlsym(lib, "cuInit"));
  auto count = reinterpret_cast<CuDeviceGetCount>(::dlsym(lib, "cuDeviceGetCount"));
  if (!init || !count)
    return "no CUDA device: libcuda.so.1 lacks cuInit or cuDeviceGetCount";
  if (const int e = init(0); e != 0)
    return "no CUDA device: cuInit failed with CUresult " + std::to_string(e);
  int n = 0;
  if (count(&n) != 0 || n == 0)
    return std::string("no CUDA device: the driver reports none");
  return std::nullopt; // the library stays loaded for the rest of the process
}

} // namespace

std::optional<std::string> no_device_reason() {
  static std::once_flag once;
  static std::optional<std::string> reason;
  std::call_once(once, [] { reason = probe(); });
  return reason;
}

} // namespace tirconf::backends::cuda
