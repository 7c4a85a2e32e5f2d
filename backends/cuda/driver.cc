#include "backends/cuda/driver.h"

#include <cuda.h>
#include <dlfcn.h>

#include <cstdlib>
#include <list>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <unordered_set>

#include "backends/cuda/device.h"

namespace tirconf::backends::cuda {

namespace {

#define TIRCONF_STRINGIFY_EXPANDED(x) #x
#define TIRCONF_STRINGIFY(x) TIRCONF_STRINGIFY_EXPANDED(x)

// The driver entry points used, typed as cuda.h declares them. cuda.h maps some names to
// versioned symbols (cuMemAlloc is cuMemAlloc_v2); TIRCONF_STRINGIFY gives the symbol it maps to,
// which is what dlsym must look up.
struct Api {
  decltype(&::cuInit) init = nullptr;
  decltype(&::cuDeviceGetCount) device_count = nullptr;
  decltype(&::cuDeviceGet) device_get = nullptr;
  decltype(&::cuDevicePrimaryCtxRetain) context_retain = nullptr;
  decltype(&::cuDevicePrimaryCtxReset) context_reset = nullptr;
  decltype(&::cuCtxSetCurrent) context_set_current = nullptr;
  decltype(&::cuCtxSynchronize) context_synchronize = nullptr;
  decltype(&::cuCtxSetLimit) context_set_limit = nullptr;
  decltype(&::cuModuleLoadDataEx) module_load = nullptr;
  decltype(&::cuModuleUnload) module_unload = nullptr;
  decltype(&::cuModuleGetFunction) module_function = nullptr;
  decltype(&::cuMemAlloc) mem_alloc = nullptr;
  decltype(&::cuMemFree) mem_free = nullptr;
  decltype(&::cuMemcpyHtoD) to_device = nullptr;
  decltype(&::cuMemcpyDtoH) to_host = nullptr;
  decltype(&::cuLaunchKernel) launch = nullptr;
  decltype(&::cuGetErrorName) error_name = nullptr;
  decltype(&::cuGetErrorString) error_string = nullptr;
};

template <class F> bool find(void *lib, F &slot, const char *symbol) {
  slot = reinterpret_cast<F>(::dlsym(lib, symbol));
  return slot != nullptr;
}

// Every entry point of `api` from `lib`; the first symbol missing, or nullptr.
const char *load(void *lib, Api &a) {
#define TIRCONF_FIND(slot, name)                                                                   \
  if (!find(lib, a.slot, TIRCONF_STRINGIFY(name)))                                                 \
    return TIRCONF_STRINGIFY(name);
  TIRCONF_FIND(init, cuInit)
  TIRCONF_FIND(device_count, cuDeviceGetCount)
  TIRCONF_FIND(device_get, cuDeviceGet)
  TIRCONF_FIND(context_retain, cuDevicePrimaryCtxRetain)
  TIRCONF_FIND(context_reset, cuDevicePrimaryCtxReset)
  TIRCONF_FIND(context_set_current, cuCtxSetCurrent)
  TIRCONF_FIND(context_synchronize, cuCtxSynchronize)
  TIRCONF_FIND(context_set_limit, cuCtxSetLimit)
  TIRCONF_FIND(module_load, cuModuleLoadDataEx)
  TIRCONF_FIND(module_unload, cuModuleUnload)
  TIRCONF_FIND(module_function, cuModuleGetFunction)
  TIRCONF_FIND(mem_alloc, cuMemAlloc)
  TIRCONF_FIND(mem_free, cuMemFree)
  TIRCONF_FIND(to_device, cuMemcpyHtoD)
  TIRCONF_FIND(to_host, cuMemcpyDtoH)
  TIRCONF_FIND(launch, cuLaunchKernel)
  TIRCONF_FIND(error_name, cuGetErrorName)
  TIRCONF_FIND(error_string, cuGetErrorString)
#undef TIRCONF_FIND
  return nullptr;
}

// Per-thread stack for calls between PrimFuncs (up to RunLimits::call_depth_limit deep); the
// first size the driver accepts. The driver reserves it for every resident thread, so a large
// GPU takes the first and a small one a smaller one.
constexpr size_t kStackBytes[] = {64 << 10, 16 << 10, 4 << 10};
// Modules kept loaded: a campaign loads one per program, so the oldest are unloaded.
constexpr size_t kLoadedModules = 32;

// The first GPU's primary context. Any failed call resets the context (a kernel fault leaves it
// unusable, and a reset is rare enough to make always), dropping its allocations and modules;
// the run that saw the failure ends in a crash outcome and the next starts clean.
class DriverDevice final : public Device {
public:
  DriverDevice(const Api &api, CUdevice device) : api_(api), device_(device) {}

  // Why it cannot run kernels, or nullopt once the context is ready.
  std::optional<std::string> open() {
    try {
      start();
    } catch (const DeviceError &e) {
      return std::string("no usable CUDA device: ") + e.what();
    }
    return std::nullopt;
  }

  void set_heap_bytes(uint64_t bytes) override {
    std::lock_guard lock(mutex_);
    current();
    if (bytes == heap_bytes_)
      return;
    // The heap cannot change once a kernel has used it: a fresh context can take any size.
    if (api_.context_set_limit(CU_LIMIT_MALLOC_HEAP_SIZE, bytes) != CUDA_SUCCESS) {
      reset();
      check(api_.context_set_limit(CU_LIMIT_MALLOC_HEAP_SIZE, bytes),
            "cuCtxSetLimit(CU_LIMIT_MALLOC_HEAP_SIZE)");
    }
    heap_bytes_ = bytes;
  }

  DevicePtr alloc(size_t bytes) override {
    std::lock_guard lock(mutex_);
    current();
    CUdeviceptr p = 0;
    check(api_.mem_alloc(&p, bytes), "cuMemAlloc");
    live_.insert(p);
    return p;
  }

  void free(DevicePtr p) noexcept override {
    std::lock_guard lock(mutex_);
    // A pointer from before a reset went with its context, and its address may be a new
    // allocation's by now.
    if (live_.erase(p) && api_.context_set_current(context_) == CUDA_SUCCESS)
      api_.mem_free(p);
  }

  void to_device(DevicePtr dst, const void *src, size_t bytes) override {
    std::lock_guard lock(mutex_);
    current();
    check(api_.to_device(dst, src, bytes), "cuMemcpyHtoD");
  }

  void to_host(void *dst, DevicePtr src, size_t bytes) override {
    std::lock_guard lock(mutex_);
    current();
    check(api_.to_host(dst, src, bytes), "cuMemcpyDtoH");
  }

  void launch(const std::string &ptx, const Launch &launch, std::span<uint64_t> words) override {
    std::lock_guard lock(mutex_);
    current();
    CUfunction kernel = function(ptx, launch.kernel);
    std::vector<void *> params(words.size());
    for (size_t i = 0; i < words.size(); ++i)
      params[i] = &words[i]; // the driver reads each param's size from its low bytes
    const auto &g = launch.grid;
    const auto &b = launch.block;
    check(api_.launch(kernel, static_cast<unsigned>(g[0]), static_cast<unsigned>(g[1]),
                      static_cast<unsigned>(g[2]), static_cast<unsigned>(b[0]),
                      static_cast<unsigned>(b[1]), static_cast<unsigned>(b[2]), 0, nullptr,
                      params.data(), nullptr),
          "cuLaunchKernel");
    check(api_.context_synchronize(), "cuCtxSynchronize after the kernel");
  }

private:
  struct Loaded {
    std::string ptx;
    CUmodule module = nullptr;
    std::unordered_map<std::string, CUfunction> functions;
  };

  void start() {
    check(api_.context_retain(&context_, device_), "cuDevicePrimaryCtxRetain");
    configure();
  }

  void configure() {
    current();
    for (size_t bytes : kStackBytes)
      if (api_.context_set_limit(CU_LIMIT_STACK_SIZE, bytes) == CUDA_SUCCESS)
        break;
    heap_bytes_ = 0;
  }

  void current() { check(api_.context_set_current(context_), "cuCtxSetCurrent"); }

  // A reset primary context stays retained but inactive: the driver answers
  // CUDA_ERROR_CONTEXT_IS_DESTROYED to every use of it until it is retained again, which sets it
  // up afresh. Each reset so adds one retain, never released: the context lives as long as the
  // process.
  void reset() {
    loaded_.clear(); // unloaded with the context
    live_.clear();
    api_.context_reset(device_);
    resetting_ = true;
    try {
      check(api_.context_retain(&context_, device_), "cuDevicePrimaryCtxRetain after a reset");
      configure();
    } catch (const DeviceError &) {
      // The next call fails and says why.
    }
    resetting_ = false;
  }

  void check(CUresult r, const char *call) {
    if (r == CUDA_SUCCESS)
      return;
    const char *name = nullptr, *text = nullptr;
    api_.error_name(r, &name);
    api_.error_string(r, &text);
    std::string message = std::string(call) + ": " + (name ? name : std::to_string(r)) +
                          (text ? std::string(" (") + text + ")" : "");
    if (!resetting_)
      reset();
    throw DeviceError(message);
  }

  CUfunction function(const std::string &ptx, const std::string &name) {
    auto it = loaded_.begin();
    while (it != loaded_.end() && it->ptx != ptx)
      ++it;
    if (it == loaded_.end()) {
      if (loaded_.size() >= kLoadedModules) {
        api_.module_unload(loaded_.back().module);
        loaded_.pop_back();
      }
      char log[8192] = {};
      CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
      void *values[] = {log, reinterpret_cast<void *>(sizeof log)};
      CUmodule module = nullptr;
      if (const CUresult r = api_.module_load(&module, ptx.c_str(), 2, options, values);
          r != CUDA_SUCCESS) {
        const std::string call = std::string("cuModuleLoadDataEx (the PTX JIT") +
                                 (log[0] ? std::string(": ") + log : std::string()) + ")";
        check(r, call.c_str());
      }
      loaded_.push_front({ptx, module, {}});
      it = loaded_.begin();
    } else if (it != loaded_.begin()) {
      loaded_.splice(loaded_.begin(), loaded_, it);
      it = loaded_.begin();
    }
    auto [f, fresh] = it->functions.try_emplace(name, nullptr);
    if (fresh) {
      const CUresult r = api_.module_function(&f->second, it->module, name.c_str());
      if (r != CUDA_SUCCESS) {
        it->functions.erase(f);
        check(r, ("cuModuleGetFunction(" + name + ")").c_str());
      }
    }
    return f->second;
  }

  Api api_;
  CUdevice device_;
  CUcontext context_ = nullptr;
  uint64_t heap_bytes_ = 0;
  bool resetting_ = false;
  std::list<Loaded> loaded_;           // most recently used first
  std::unordered_set<DevicePtr> live_; // allocations of the context as it is now
  std::mutex mutex_;
};

struct Opened {
  DriverDevice *device = nullptr; // never destroyed: the driver tears its contexts down at exit
  std::optional<std::string> why_not;
};

Opened open_driver() {
  const char *path = std::getenv("TIRCONF_CUDA_DRIVER");
  if (!path || !*path)
    path = "libcuda.so.1";
  void *lib = ::dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    return {nullptr,
            std::string("no CUDA device: the driver library ") + path + " is not installed"};
  Api api;
  if (const char *missing = load(lib, api))
    return {nullptr, std::string("no CUDA device: ") + path + " lacks " + missing};
  if (const CUresult e = api.init(0); e != CUDA_SUCCESS)
    return {nullptr, "no CUDA device: cuInit failed with CUresult " + std::to_string(e)};
  int n = 0;
  if (api.device_count(&n) != CUDA_SUCCESS || n == 0)
    return {nullptr, "no CUDA device: the driver reports none"};
  CUdevice device = 0;
  if (api.device_get(&device, 0) != CUDA_SUCCESS)
    return {nullptr, "no CUDA device: cuDeviceGet(0) failed"};
  auto d = std::make_unique<DriverDevice>(api, device);
  if (auto why = d->open())
    return {nullptr, why};
  return {d.release(), std::nullopt};
}

const Opened &opened() {
  static const Opened o = open_driver();
  return o;
}

} // namespace

std::optional<std::string> no_device_reason() {
  return opened().why_not;
}

Device *driver_device() {
  return opened().device;
}

} // namespace tirconf::backends::cuda
