// A stand-in libcuda.so: the driver entry points backends/cuda/driver.cc uses, over host memory,
// keeping the rules of the real driver that the launcher's own logic depends on, so that its
// context handling, module cache, copies and launches are tested on a machine without a GPU:
//
// - the primary context is retained to become active; cuDevicePrimaryCtxReset destroys its
//   allocations, modules and limits and leaves it inactive, its handle the same, until it is
//   retained again: calls in between answer CUDA_ERROR_CONTEXT_IS_DESTROYED (what the driver
//   does when a process keeps using a reset primary context without retaining it);
// - a kernel fault is a sticky error of its context, answered by every call from the next
//   cuCtxSynchronize until the context is reset;
// - CU_LIMIT_MALLOC_HEAP_SIZE cannot change once a kernel has run in the context;
// - launch dimensions within the hardware's limits, one parameter pointer per parameter the
//   PTX entry declares, read at its declared size.
//
// Kernels themselves are the test's C++ (fake_driver.h): PTX is parsed for its entries and
// their parameters, not run. Entry points are defined under the names cuda.h binds them to
// (cuMemAlloc is cuMemAlloc_v2), which is what the launcher looks up.
#include "tests/cuda/driver/fake_driver.h"

#include <cuda.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

struct CUctx_st {};

struct CUfunc_st {
  CUmod_st *module = nullptr;
  std::string name;
  std::vector<size_t> param_bytes;
};

struct CUmod_st {
  std::map<std::string, std::unique_ptr<CUfunc_st>> entries;
};

namespace {

constexpr unsigned kMaxBlock[3] = {1024, 1024, 64};
constexpr unsigned kMaxGrid[3] = {2147483647u, 65535, 65535};
constexpr unsigned kMaxThreadsPerBlock = 1024;

struct Fake {
  std::mutex mutex;
  bool initialized = false;
  CUctx_st primary;
  CUcontext current = nullptr;
  bool active = false;
  CUresult sticky = CUDA_SUCCESS;
  bool kernel_ran = false; // since the context became active
  std::map<CUdeviceptr, std::vector<std::byte>> allocations;
  std::set<CUmod_st *> modules; // of the active context
  FakeCudaCounters counters;
  FakeCudaKernel kernel = nullptr;
  void *kernel_user = nullptr;
  std::map<std::string, CUresult> fail_next;
  std::string reject_log;
  bool reject_ptx = false;
  size_t max_stack = 512 << 10;

  Fake() {
    if (const char *s = std::getenv("FAKE_CUDA_MAX_STACK"))
      max_stack = std::strtoull(s, nullptr, 10);
  }

  // A failure the test asked for, instead of the call.
  bool injected(const char *call, CUresult &r) {
    auto it = fail_next.find(call);
    if (it == fail_next.end())
      return false;
    r = it->second;
    fail_next.erase(it);
    return true;
  }

  // Whether a call that needs the current context may go on.
  CUresult ready() const {
    if (!initialized)
      return CUDA_ERROR_NOT_INITIALIZED;
    if (current != &primary)
      return CUDA_ERROR_INVALID_CONTEXT;
    if (!active)
      return CUDA_ERROR_CONTEXT_IS_DESTROYED;
    return sticky;
  }

  void destroy_state() {
    allocations.clear();
    for (CUmod_st *m : modules)
      delete m;
    modules.clear();
    counters.live_allocations = 0;
    counters.live_modules = 0;
    counters.stack_bytes = 1024;
    counters.heap_bytes = 8 << 20;
    sticky = CUDA_SUCCESS;
    kernel_ran = false;
  }

  // The allocation holding [p, p + n), or null.
  std::byte *range(CUdeviceptr p, size_t n) {
    auto it = allocations.upper_bound(p);
    if (it == allocations.begin())
      return nullptr;
    --it;
    const CUdeviceptr start = reinterpret_cast<CUdeviceptr>(it->second.data());
    if (p < start || p + n > start + it->second.size())
      return nullptr;
    return it->second.data() + (p - start);
  }

  CUresult misuse(CUresult r) {
    ++counters.misuses;
    return r;
  }
};

Fake &fake() {
  static Fake f;
  return f;
}

#define FAKE_ENTER(call)                                                                           \
  Fake &f = fake();                                                                                \
  std::lock_guard lock(f.mutex);                                                                   \
  if (CUresult injected_result; f.injected(call, injected_result))                                 \
    return injected_result;

#define FAKE_INITIALIZED()                                                                         \
  if (!f.initialized)                                                                              \
    return CUDA_ERROR_NOT_INITIALIZED;

#define FAKE_READY()                                                                               \
  if (const CUresult not_ready = f.ready(); not_ready != CUDA_SUCCESS)                             \
    return not_ready;

size_t param_size(const std::string &type) {
  // .u64 .b32 .f16 .s8 ...: the bits follow the letter.
  const size_t bits = std::strtoull(type.c_str() + 1, nullptr, 10);
  return bits / 8;
}

// The .entry functions of a PTX module and their parameters' sizes; false if it has none or a
// parameter wider than the 8-byte word the launcher passes for each.
bool parse_entries(const std::string &ptx, CUmod_st &module, std::string &log) {
  size_t at = 0;
  while ((at = ptx.find(".entry ", at)) != std::string::npos) {
    at += 7;
    const size_t open = ptx.find('(', at);
    const size_t close = ptx.find(')', open);
    if (open == std::string::npos || close == std::string::npos) {
      log = "fake JIT: an .entry without its parameter list";
      return false;
    }
    auto fn = std::make_unique<CUfunc_st>();
    fn->module = &module;
    fn->name = ptx.substr(at, open - at);
    fn->name.erase(fn->name.find_last_not_of(" \t\n") + 1);
    const std::string params = ptx.substr(open + 1, close - open - 1);
    for (size_t p = 0; (p = params.find(".param", p)) != std::string::npos;) {
      p += 6;
      const size_t line_end = std::min(params.find('\n', p), params.size());
      const std::string decl = params.substr(p, line_end - p);
      size_t bytes = 0;
      if (decl.find(".align") != std::string::npos) {
        // An aggregate (__half is one): `.param .align 2 .b8 name[2]`.
        const size_t bracket = decl.find('[');
        if (decl.find(".b8") != std::string::npos && bracket != std::string::npos)
          bytes = std::strtoull(decl.c_str() + bracket + 1, nullptr, 10);
      } else if (const size_t dot = decl.find('.'); dot != std::string::npos) {
        bytes = param_size(decl.substr(dot + 1, decl.find_first_of(" \t", dot) - dot - 1));
      }
      if (bytes == 0 || bytes > 8) {
        log = "fake JIT: parameter `" + decl + "` of " + fn->name + " is not modelled";
        return false;
      }
      fn->param_bytes.push_back(bytes);
      p = line_end;
    }
    module.entries[fn->name] = std::move(fn);
    at = close;
  }
  if (module.entries.empty())
    log = "fake JIT: no .entry in the module";
  return !module.entries.empty();
}

struct ErrorText {
  CUresult code;
  const char *name;
  const char *text;
};
constexpr ErrorText kErrors[] = {
    {CUDA_SUCCESS, "CUDA_SUCCESS", "no error"},
    {CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
    {CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
    {CUDA_ERROR_NOT_INITIALIZED, "CUDA_ERROR_NOT_INITIALIZED", "initialization error"},
    {CUDA_ERROR_INVALID_CONTEXT, "CUDA_ERROR_INVALID_CONTEXT", "invalid device context"},
    {CUDA_ERROR_CONTEXT_IS_DESTROYED, "CUDA_ERROR_CONTEXT_IS_DESTROYED", "context is destroyed"},
    {CUDA_ERROR_INVALID_PTX, "CUDA_ERROR_INVALID_PTX", "a PTX JIT compilation failed"},
    {CUDA_ERROR_INVALID_HANDLE, "CUDA_ERROR_INVALID_HANDLE", "invalid resource handle"},
    {CUDA_ERROR_NOT_FOUND, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
    {CUDA_ERROR_ILLEGAL_ADDRESS, "CUDA_ERROR_ILLEGAL_ADDRESS",
     "an illegal memory access was encountered"},
    {CUDA_ERROR_INVALID_DEVICE, "CUDA_ERROR_INVALID_DEVICE", "invalid device ordinal"},
};

const ErrorText *error_text(CUresult r) {
  for (const ErrorText &e : kErrors)
    if (e.code == r)
      return &e;
  return nullptr;
}

} // namespace

extern "C" {

void fake_cuda_set_kernel(FakeCudaKernel kernel, void *user) {
  Fake &f = fake();
  std::lock_guard lock(f.mutex);
  f.kernel = kernel;
  f.kernel_user = user;
}

void fake_cuda_fail_next(const char *call, int result) {
  Fake &f = fake();
  std::lock_guard lock(f.mutex);
  f.fail_next[call] = static_cast<CUresult>(result);
}

void fake_cuda_reject_next_ptx(const char *log) {
  Fake &f = fake();
  std::lock_guard lock(f.mutex);
  f.reject_ptx = true;
  f.reject_log = log;
}

FakeCudaCounters fake_cuda_counters() {
  Fake &f = fake();
  std::lock_guard lock(f.mutex);
  return f.counters;
}

} // extern "C"

CUresult CUDAAPI cuInit(unsigned int flags) {
  FAKE_ENTER("cuInit")
  if (flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  f.initialized = true;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGetCount(int *count) {
  FAKE_ENTER("cuDeviceGetCount")
  FAKE_INITIALIZED()
  *count = 1;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGet(CUdevice *device, int ordinal) {
  FAKE_ENTER("cuDeviceGet")
  FAKE_INITIALIZED()
  if (ordinal != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  *device = 0;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDevicePrimaryCtxRetain(CUcontext *context, CUdevice device) {
  FAKE_ENTER("cuDevicePrimaryCtxRetain")
  FAKE_INITIALIZED()
  if (device != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  ++f.counters.retains;
  if (!f.active) {
    f.active = true;
    ++f.counters.activations;
    f.destroy_state(); // a fresh context: default limits, nothing loaded
  }
  *context = &f.primary;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDevicePrimaryCtxReset(CUdevice device) {
  FAKE_ENTER("cuDevicePrimaryCtxReset")
  FAKE_INITIALIZED()
  if (device != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  ++f.counters.resets;
  f.destroy_state();
  f.active = false; // retained still (a reset releases nothing), but inactive until retained
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxSetCurrent(CUcontext context) {
  FAKE_ENTER("cuCtxSetCurrent")
  FAKE_INITIALIZED()
  if (context && context != &f.primary)
    return f.misuse(CUDA_ERROR_INVALID_CONTEXT);
  f.current = context; // a destroyed context can be made current; using it fails
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxSynchronize() {
  FAKE_ENTER("cuCtxSynchronize")
  FAKE_READY()
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxSetLimit(CUlimit limit, size_t value) {
  FAKE_ENTER("cuCtxSetLimit")
  FAKE_READY()
  switch (limit) {
  case CU_LIMIT_STACK_SIZE:
    if (value > f.max_stack)
      return CUDA_ERROR_OUT_OF_MEMORY;
    f.counters.stack_bytes = value;
    return CUDA_SUCCESS;
  case CU_LIMIT_MALLOC_HEAP_SIZE:
    if (f.kernel_ran)
      return CUDA_ERROR_INVALID_VALUE;
    f.counters.heap_bytes = value;
    return CUDA_SUCCESS;
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
}

CUresult CUDAAPI cuModuleLoadDataEx(CUmodule *module, const void *image, unsigned int count,
                                    CUjit_option *options, void **values) {
  FAKE_ENTER("cuModuleLoadDataEx")
  FAKE_READY()
  char *log = nullptr;
  size_t log_bytes = 0;
  for (unsigned i = 0; i < count; ++i) {
    if (options[i] == CU_JIT_ERROR_LOG_BUFFER)
      log = static_cast<char *>(values[i]);
    else if (options[i] == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
      log_bytes = reinterpret_cast<size_t>(values[i]);
  }
  auto write_log = [&](const std::string &text) {
    if (log && log_bytes > 0) {
      const size_t n = std::min(text.size(), log_bytes - 1);
      std::memcpy(log, text.data(), n);
      log[n] = '\0';
    }
  };
  if (f.reject_ptx) {
    f.reject_ptx = false;
    write_log(f.reject_log);
    return CUDA_ERROR_INVALID_PTX;
  }
  auto m = std::make_unique<CUmod_st>();
  std::string why;
  if (!parse_entries(static_cast<const char *>(image), *m, why)) {
    write_log(why);
    return CUDA_ERROR_INVALID_PTX;
  }
  ++f.counters.module_loads;
  ++f.counters.live_modules;
  *module = m.get();
  f.modules.insert(m.release());
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuModuleUnload(CUmodule module) {
  FAKE_ENTER("cuModuleUnload")
  FAKE_READY()
  if (!f.modules.erase(module))
    return f.misuse(CUDA_ERROR_INVALID_HANDLE);
  delete module;
  ++f.counters.module_unloads;
  --f.counters.live_modules;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuModuleGetFunction(CUfunction *function, CUmodule module, const char *name) {
  FAKE_ENTER("cuModuleGetFunction")
  FAKE_READY()
  if (!f.modules.count(module))
    return f.misuse(CUDA_ERROR_INVALID_HANDLE);
  auto it = module->entries.find(name);
  if (it == module->entries.end())
    return CUDA_ERROR_NOT_FOUND;
  *function = it->second.get();
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemAlloc(CUdeviceptr *p, size_t bytes) {
  FAKE_ENTER("cuMemAlloc")
  FAKE_READY()
  if (bytes == 0)
    return f.misuse(CUDA_ERROR_INVALID_VALUE);
  std::vector<std::byte> block(bytes, std::byte{0xa5}); // device memory starts undefined
  *p = reinterpret_cast<CUdeviceptr>(block.data());
  f.allocations[*p] = std::move(block);
  ++f.counters.allocations;
  ++f.counters.live_allocations;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemFree(CUdeviceptr p) {
  FAKE_ENTER("cuMemFree")
  FAKE_READY()
  if (!f.allocations.erase(p))
    return f.misuse(CUDA_ERROR_INVALID_VALUE);
  --f.counters.live_allocations;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemcpyHtoD(CUdeviceptr dst, const void *src, size_t bytes) {
  FAKE_ENTER("cuMemcpyHtoD")
  FAKE_READY()
  std::byte *to = f.range(dst, bytes);
  if (!to)
    return f.misuse(CUDA_ERROR_INVALID_VALUE);
  std::memcpy(to, src, bytes);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemcpyDtoH(void *dst, CUdeviceptr src, size_t bytes) {
  FAKE_ENTER("cuMemcpyDtoH")
  FAKE_READY()
  const std::byte *from = f.range(src, bytes);
  if (!from)
    return f.misuse(CUDA_ERROR_INVALID_VALUE);
  std::memcpy(dst, from, bytes);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuLaunchKernel(CUfunction function, unsigned grid_x, unsigned grid_y,
                                unsigned grid_z, unsigned block_x, unsigned block_y,
                                unsigned block_z, unsigned shared_bytes, CUstream stream,
                                void **params, void **extra) {
  FAKE_ENTER("cuLaunchKernel")
  FAKE_READY()
  if (!function || !f.modules.count(function->module) || extra || stream || shared_bytes)
    return f.misuse(CUDA_ERROR_INVALID_HANDLE);
  const unsigned grid[3] = {grid_x, grid_y, grid_z};
  const unsigned block[3] = {block_x, block_y, block_z};
  uint64_t threads = 1;
  for (int i = 0; i < 3; ++i) {
    if (grid[i] < 1 || grid[i] > kMaxGrid[i] || block[i] < 1 || block[i] > kMaxBlock[i])
      return f.misuse(CUDA_ERROR_INVALID_VALUE);
    threads *= block[i];
  }
  if (threads > kMaxThreadsPerBlock)
    return f.misuse(CUDA_ERROR_INVALID_VALUE);
  std::vector<uint64_t> words;
  for (size_t i = 0; i < function->param_bytes.size(); ++i) {
    if (!params || !params[i])
      return f.misuse(CUDA_ERROR_INVALID_VALUE);
    uint64_t word = 0;
    std::memcpy(&word, params[i], function->param_bytes[i]); // little-endian: the low bytes
    words.push_back(word);
  }
  ++f.counters.launches;
  f.kernel_ran = true;
  if (f.kernel) {
    if (const int fault = f.kernel(f.kernel_user, function->name.c_str(), grid, block, words.data(),
                                   words.size()))
      f.sticky = static_cast<CUresult>(fault);
  }
  return CUDA_SUCCESS; // a fault shows at the next synchronization, as on the device
}

CUresult CUDAAPI cuGetErrorName(CUresult error, const char **name) {
  const ErrorText *e = error_text(error);
  *name = e ? e->name : nullptr;
  return e ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult CUDAAPI cuGetErrorString(CUresult error, const char **text) {
  const ErrorText *e = error_text(error);
  *text = e ? e->text : nullptr;
  return e ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}
