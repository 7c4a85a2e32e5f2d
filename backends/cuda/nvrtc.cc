#include "backends/cuda/nvrtc.h"

#include <nvrtc.h>

#include <chrono>
#include <cstdlib>
#include <functional>
#include <list>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace tirconf::backends::cuda {

std::string include_dir() {
  if (const char *d = std::getenv("TIRCONF_CUDA_INCLUDE"); d && *d)
    return d;
#ifdef TIRCONF_CUDA_INCLUDE_DIR
  return TIRCONF_CUDA_INCLUDE_DIR;
#else
  return "";
#endif
}

namespace {

std::vector<std::string> options(const std::string &arch) {
  std::vector<std::string> o = {
      "-pch",        "-arch=" + arch, "--fmad=false", "--prec-div=true", "--prec-sqrt=true",
      "--ftz=false", "-std=c++17"};
  if (const std::string d = include_dir(); !d.empty())
    o.push_back("-I" + d);
  return o;
}

// The last kCacheSize compilations, by a hash of (arch, source); the source itself is compared
// too, so that a hash collision costs a compilation, not a wrong result.
constexpr size_t kCacheSize = 512;
struct Cached {
  std::string key;
  std::string ptx;
};
std::mutex cache_mutex;
std::list<Cached> cache_order; // most recent first
std::unordered_multimap<size_t, std::list<Cached>::iterator> cache_index;

} // namespace

std::string nvrtc_options_text(const std::string &arch) {
  std::string s;
  for (const auto &o : options(arch))
    s += (s.empty() ? "" : " ") + o;
  return s;
}

std::string default_arch() {
  if (const char *a = std::getenv("TIRCONF_CUDA_ARCH"); a && *a)
    return a;
  return "compute_80";
}

std::string nvrtc_version() {
  int major = 0, minor = 0;
  if (nvrtcVersion(&major, &minor) != NVRTC_SUCCESS)
    return "unknown";
  return std::to_string(major) + "." + std::to_string(minor);
}

PtxResult compile_to_ptx(const std::string &source, const std::string &arch) {
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  PtxResult r;
  const std::string key = arch + '\0' + source;
  const size_t hash = std::hash<std::string>{}(key);
  {
    std::lock_guard lock(cache_mutex);
    auto [lo, hi] = cache_index.equal_range(hash);
    for (auto it = lo; it != hi; ++it)
      if (it->second->key == key) {
        cache_order.splice(cache_order.begin(), cache_order, it->second);
        r.ok = true;
        r.ptx = it->second->ptx;
        r.cached = true;
        r.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
        return r;
      }
  }
  nvrtcProgram prog = nullptr;
  if (nvrtcCreateProgram(&prog, source.c_str(), "tirconf.cu", 0, nullptr, nullptr) !=
      NVRTC_SUCCESS) {
    r.log = "nvrtcCreateProgram failed";
    return r;
  }
  const std::vector<std::string> opts = options(arch);
  std::vector<const char *> argv;
  for (const auto &o : opts)
    argv.push_back(o.c_str());
  const nvrtcResult status = nvrtcCompileProgram(prog, static_cast<int>(argv.size()), argv.data());
  size_t log_size = 0;
  if (nvrtcGetProgramLogSize(prog, &log_size) == NVRTC_SUCCESS && log_size > 1) {
    r.log.resize(log_size);
    nvrtcGetProgramLog(prog, r.log.data());
    r.log.resize(log_size - 1);
  }
  if (status == NVRTC_SUCCESS) {
    size_t ptx_size = 0;
    if (nvrtcGetPTXSize(prog, &ptx_size) == NVRTC_SUCCESS && ptx_size > 0) {
      r.ptx.resize(ptx_size);
      if (nvrtcGetPTX(prog, r.ptx.data()) == NVRTC_SUCCESS) {
        r.ptx.resize(ptx_size - 1); // without its NUL
        r.ok = true;
      }
    }
  } else if (r.log.empty()) {
    r.log = nvrtcGetErrorString(status);
  }
  nvrtcDestroyProgram(&prog);
  r.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  if (r.ok) {
    std::lock_guard lock(cache_mutex);
    cache_order.push_front({key, r.ptx});
    cache_index.emplace(hash, cache_order.begin());
    if (cache_order.size() > kCacheSize) {
      const auto last = std::prev(cache_order.end());
      const size_t h = std::hash<std::string>{}(last->key);
      auto [lo, hi] = cache_index.equal_range(h);
      for (auto it = lo; it != hi; ++it)
        if (it->second == last) {
          cache_index.erase(it);
          break;
        }
      cache_order.pop_back();
    }
  }
  return r;
}

} // namespace tirconf::backends::cuda
