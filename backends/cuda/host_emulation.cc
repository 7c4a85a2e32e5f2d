#include "backends/cuda/host_emulation.h"

#include <dlfcn.h>
#include <ucontext.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <list>
#include <mutex>
#include <sstream>
#include <vector>

#include "backends/cuda/lowering.h"
#include "backends/cuda/nvrtc.h"

namespace tirconf::backends::cuda {

namespace {

// Put before the generated source. The prelude declares the fixed-width integer types itself
// (NVRTC has no system headers); the host's differ (int64_t is long here), so the prelude's are
// renamed after the system headers are in.
const char *kHostModel =
    R"(// tirconf: the CUDA execution model on the host (backends/cuda/host_emulation.h)
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#define int8_t tirconf_int8_t
#define int16_t tirconf_int16_t
#define int32_t tirconf_int32_t
#define int64_t tirconf_int64_t
#define uint8_t tirconf_uint8_t
#define uint16_t tirconf_uint16_t
#define uint32_t tirconf_uint32_t
#define uint64_t tirconf_uint64_t
#define __device__
#define __global__
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(threads)
// One block runs at a time: a function's static is the block's shared memory.
#define __shared__ static
struct tirconf_host_dim3 { unsigned x, y, z; };
struct tirconf_host_thread { tirconf_host_dim3 thread_idx, block_idx, block_dim, grid_dim; };
extern "C" {
tirconf_host_thread *tirconf_host_current = 0; // the running thread's, set by the scheduler
void (*tirconf_host_barrier)(void) = 0;
}
#define threadIdx (tirconf_host_current->thread_idx)
#define blockIdx (tirconf_host_current->block_idx)
#define blockDim (tirconf_host_current->block_dim)
#define gridDim (tirconf_host_current->grid_dim)
#define __syncthreads() tirconf_host_barrier()
// Threads switch only at barriers: read-compare-write is atomic.
static inline int atomicCAS(int *p, int compare, int value) {
  const int old = *p;
  if (old == compare)
    *p = value;
  return old;
}
static inline int __popc(unsigned x) { return __builtin_popcount(x); }
static inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
static inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned)x); }
static inline int __clzll(long long x) { return x == 0 ? 64 : __builtin_clzll((unsigned long long)x); }
template <class To, class From> static inline To tirconf_host_bits(From x) {
  To r;
  memcpy(&r, &x, sizeof r);
  return r;
}
static inline int __float_as_int(float x) { return tirconf_host_bits<int>(x); }
static inline unsigned __float_as_uint(float x) { return tirconf_host_bits<unsigned>(x); }
static inline float __int_as_float(int x) { return tirconf_host_bits<float>(x); }
static inline long long __double_as_longlong(double x) { return tirconf_host_bits<long long>(x); }
static inline double __longlong_as_double(long long x) { return tirconf_host_bits<double>(x); }
static inline double rsqrt(double x) { return 1.0 / sqrt(x); }
// CUDA's integer min and max overloads (the math API's; float ones are fminf / fmaxf).
#define TIRCONF_HOST_MIN_MAX(T)                                                                  \
  static inline T min(T a, T b) { return a < b ? a : b; }                                        \
  static inline T max(T a, T b) { return a < b ? b : a; }
TIRCONF_HOST_MIN_MAX(int)
TIRCONF_HOST_MIN_MAX(unsigned)
TIRCONF_HOST_MIN_MAX(long long)
TIRCONF_HOST_MIN_MAX(unsigned long long)
// Argument word i of a launch, as the kernel parameter's type.
template <class T> static inline T tirconf_host_word(const void *words, int i) {
  T v;
  memcpy(&v, (const char *)words + 8 * i, sizeof v);
  return v;
}
)";

std::string param_type(const KernelParam &p) {
  switch (p.kind) {
  case KernelParam::Kind::Buffer:
    return "void *";
  case KernelParam::Kind::Scalar:
    return c_type(p.dtype);
  case KernelParam::Kind::Field:
    return "int64_t";
  }
  return "void *";
}

std::string compiler() {
  for (const char *var : {"TIRCONF_CUDA_HOST_CXX", "CXX"})
    if (const char *c = std::getenv(var); c && *c)
      return c;
  return "c++";
}

std::string read_file(const std::filesystem::path &p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

using Trampoline = void (*)(const void *words);

struct HostThread { // the layout of the model's tirconf_host_thread
  unsigned thread_idx[3], block_idx[3], block_dim[3], grid_dim[3];
};

// The block being run, for the fibers' entry and the barrier (both plain functions).
struct Block;
thread_local Block *running_block = nullptr;

constexpr size_t kFiberStackBytes = 512 << 10; // calls between PrimFuncs recurse on it

struct Fiber {
  ucontext_t context;
  HostThread state;
  bool done = false;
  std::unique_ptr<char[]> stack;
};

struct Block {
  ucontext_t scheduler;
  std::vector<Fiber> fibers;
  size_t current = 0;
  Trampoline kernel = nullptr;
  const void *words = nullptr;
};

void fiber_main() {
  Block &b = *running_block;
  b.kernel(b.words);
  b.fibers[b.current].done = true; // uc_link returns to the scheduler
}

void barrier() {
  Block &b = *running_block;
  swapcontext(&b.fibers[b.current].context, &b.scheduler);
}

// A fiber that starts at fiber_main and returns to `scheduler`. A function of its own, out of
// the scheduler's loops: the compiler takes getcontext to return twice, and would have their
// variables clobbered.
[[gnu::noinline]] void prepare(Fiber &f, ucontext_t &scheduler) {
  f.done = false;
  getcontext(&f.context);
  f.context.uc_stack.ss_sp = f.stack.get();
  f.context.uc_stack.ss_size = kFiberStackBytes;
  f.context.uc_link = &scheduler;
  makecontext(&f.context, &fiber_main, 0);
}

struct Module {
  std::string source;
  void *handle = nullptr;
  HostThread **current = nullptr;
};

} // namespace

std::string host_translation_unit(const CudaProgram &program) {
  std::string out = kHostModel;
  if (const char *drop = std::getenv(kDropBarriersEnv); drop && *drop)
    out += "#undef __syncthreads\n#define __syncthreads() ((void)0)\n";
  out += program.source;
  out += "\n// Launch entry points: each kernel's argument words unpacked to its parameters.\n";
  for (const KernelInfo &k : program.kernels)
    for (const Launch &l : k.launches) {
      out += "extern \"C\" void tirconf_host_" + l.kernel + "(const void *w) {\n  " + l.kernel +
             "(tirconf_host_word<TirconfStatus *>(w, 0)";
      for (size_t i = 0; i < k.params.size(); ++i)
        out += ", tirconf_host_word<" + param_type(k.params[i]) + ">(w, " + std::to_string(i + 1) +
               ")";
      out += ");\n}\n";
    }
  return out;
}

std::optional<std::string> host_emulation_unavailable() {
  static const std::optional<std::string> why = []() -> std::optional<std::string> {
    const std::string cxx = compiler();
    if (std::system((cxx + " --version >/dev/null 2>&1").c_str()) != 0)
      return "no host C++ compiler: `" + cxx + " --version` failed (set CXX)";
    return std::nullopt;
  }();
  return why;
}

struct HostEmulatedDevice::Impl {
  std::mutex mutex;
  std::filesystem::path dir;
  std::list<Module> modules; // most recently used first

  ~Impl() {
    for (Module &m : modules)
      ::dlclose(m.handle);
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }

  Module *find(const std::string &source) {
    for (auto it = modules.begin(); it != modules.end(); ++it)
      if (it->source == source) {
        modules.splice(modules.begin(), modules, it);
        return &modules.front();
      }
    return nullptr;
  }

  // The loaded module of `source`, compiled first if it is not loaded; null with `error` set when
  // it cannot be.
  Module *load(const std::string &source, std::string &error) {
    if (Module *m = find(source))
      return m;
    if (dir.empty()) {
      dir = std::filesystem::temp_directory_path() /
            ("tirconf-cuda-host-" + std::to_string(::getpid()));
      std::filesystem::create_directories(dir);
    }
    char name[32];
    std::snprintf(name, sizeof name, "%016zx", std::hash<std::string>{}(source));
    const auto cc = dir / (std::string(name) + ".cc");
    const auto so = dir / (std::string(name) + ".so");
    const auto log = dir / (std::string(name) + ".log");
    std::ofstream(cc) << source;
    // -ffp-contract=off: no a * b + c in one rounding ([sem.expr.float_ieee]), as --fmad=false
    // on the GPU.
    const std::string command =
        compiler() + " -std=c++17 -O1 -fPIC -shared -ffp-contract=off -w -I'" + include_dir() +
        "' -o '" + so.string() + "' '" + cc.string() + "' 2>'" + log.string() + "'";
    const int status = std::system(command.c_str());
    std::error_code ec;
    if (status != 0) {
      std::string errors = read_file(log);
      std::filesystem::remove(cc, ec);
      std::filesystem::remove(log, ec);
      error = "the host compiler (" + compiler() + ") rejected it:\n" + errors;
      return nullptr;
    }
    void *handle = ::dlopen(so.c_str(), RTLD_NOW | RTLD_LOCAL);
    std::filesystem::remove(cc, ec);
    std::filesystem::remove(so, ec);
    std::filesystem::remove(log, ec);
    if (!handle) {
      error = std::string("dlopen of the compiled module: ") + ::dlerror();
      return nullptr;
    }
    auto **current = static_cast<HostThread **>(::dlsym(handle, "tirconf_host_current"));
    auto *barrier_slot = static_cast<void (**)()>(::dlsym(handle, "tirconf_host_barrier"));
    if (!current || !barrier_slot) {
      ::dlclose(handle);
      error = "the compiled module lacks the host model's symbols";
      return nullptr;
    }
    *barrier_slot = &barrier;
    if (modules.size() >= 64) {
      ::dlclose(modules.back().handle);
      modules.pop_back();
    }
    modules.push_front({source, handle, current});
    return &modules.front();
  }

  void run(Module &m, const Launch &l, std::span<uint64_t> words) {
    auto kernel =
        reinterpret_cast<Trampoline>(::dlsym(m.handle, ("tirconf_host_" + l.kernel).c_str()));
    if (!kernel)
      throw DeviceError("no kernel named " + l.kernel + " in the module");
    const size_t threads = static_cast<size_t>(l.block[0] * l.block[1] * l.block[2]);
    Block b;
    b.kernel = kernel;
    b.words = words.data();
    b.fibers.resize(threads);
    for (Fiber &f : b.fibers)
      f.stack = std::make_unique_for_overwrite<char[]>(kFiberStackBytes);
    running_block = &b;
    for (int64_t bz = 0; bz < l.grid[2]; ++bz)
      for (int64_t by = 0; by < l.grid[1]; ++by)
        for (int64_t bx = 0; bx < l.grid[0]; ++bx) {
          size_t i = 0;
          for (int64_t tz = 0; tz < l.block[2]; ++tz)
            for (int64_t ty = 0; ty < l.block[1]; ++ty)
              for (int64_t tx = 0; tx < l.block[0]; ++tx, ++i) {
                Fiber &f = b.fibers[i];
                auto u = [](int64_t v) { return static_cast<unsigned>(v); };
                f.state = {{u(tx), u(ty), u(tz)},
                           {u(bx), u(by), u(bz)},
                           {u(l.block[0]), u(l.block[1]), u(l.block[2])},
                           {u(l.grid[0]), u(l.grid[1]), u(l.grid[2])}};
                prepare(f, b.scheduler);
              }
          // Each pass runs every thread still going to its next barrier or its end.
          for (size_t live = threads; live > 0;)
            for (size_t t = 0; t < threads; ++t) {
              if (b.fibers[t].done)
                continue;
              b.current = t;
              *m.current = &b.fibers[t].state;
              swapcontext(&b.scheduler, &b.fibers[t].context);
              if (b.fibers[t].done)
                --live;
            }
        }
    running_block = nullptr;
  }
};

HostEmulatedDevice::HostEmulatedDevice() : impl_(std::make_unique<Impl>()) {}
HostEmulatedDevice::~HostEmulatedDevice() = default;

std::optional<std::string> HostEmulatedDevice::load(const std::string &source) {
  std::lock_guard lock(impl_->mutex);
  std::string error;
  if (!impl_->load(source, error))
    return error;
  return std::nullopt;
}

void HostEmulatedDevice::set_heap_bytes(uint64_t) {
  // Kernels allocate with the host's malloc; the prelude's tirconf_alloc still refuses what is
  // over 2 GiB, as on the GPU.
}

DevicePtr HostEmulatedDevice::alloc(size_t bytes) {
  void *p = std::aligned_alloc(256, (bytes + 255) / 256 * 256);
  if (!p)
    throw DeviceError("out of host memory for " + std::to_string(bytes) + " bytes");
  return reinterpret_cast<DevicePtr>(p);
}

void HostEmulatedDevice::free(DevicePtr p) noexcept {
  std::free(reinterpret_cast<void *>(p));
}

void HostEmulatedDevice::to_device(DevicePtr dst, const void *src, size_t bytes) {
  std::memcpy(reinterpret_cast<void *>(dst), src, bytes);
}

void HostEmulatedDevice::to_host(void *dst, DevicePtr src, size_t bytes) {
  std::memcpy(dst, reinterpret_cast<const void *>(src), bytes);
}

void HostEmulatedDevice::launch(const std::string &module, const Launch &launch,
                                std::span<uint64_t> words) {
  std::lock_guard lock(impl_->mutex);
  std::string error;
  Module *m = impl_->load(module, error);
  if (!m)
    throw DeviceError(error);
  impl_->run(*m, launch, words);
}

HostEmulatedDevice &host_emulated_device() {
  static HostEmulatedDevice d;
  return d;
}

} // namespace tirconf::backends::cuda
