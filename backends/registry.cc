#include "backends/registry.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>

#include "backends/external/external_backend.h"
#include "backends/external/impl_config.h"

#ifdef TIRCONF_HAVE_LLVM
#include "backends/llvm/llvm_backend.h"
#endif
#ifdef TIRCONF_HAVE_CUDA
#include "backends/cuda/cuda_backend.h"
#endif

namespace tirconf::backends {

namespace {

namespace fs = std::filesystem;

BackendInfo external_info(const std::string &path, const std::string &name_as_given) {
  BackendInfo info;
  info.name = name_as_given;
  info.external = true;
  info.config_path = path;
  auto loaded = external::load_impl_config(path);
  if (!loaded.config) {
    info.not_built = loaded.diagnostics.empty() ? path + ": cannot be read"
                                                : ir::format(loaded.diagnostics.front());
    return info;
  }
  if (info.name.empty())
    info.name = loaded.config->name;
  info.description = loaded.config->description;
  info.built_in = true;
  return info;
}

// Every */*.yaml under the implementations folder, sorted by name.
std::vector<BackendInfo> external_implementations() {
  std::vector<BackendInfo> out;
  std::error_code ec;
  const fs::path dir = implementations_dir();
  for (const auto &sub : fs::directory_iterator(dir, ec)) {
    if (!sub.is_directory(ec))
      continue;
    for (const auto &f : fs::directory_iterator(sub.path(), ec))
      if (f.path().extension() == ".yaml")
        out.push_back(external_info(f.path().string(), ""));
  }
  std::sort(out.begin(), out.end(),
            [](const BackendInfo &a, const BackendInfo &b) { return a.name < b.name; });
  return out;
}

BackendInfo compiled_in(std::string name, std::string description, bool built,
                        std::string not_built) {
  BackendInfo info;
  info.name = std::move(name);
  info.description = std::move(description);
  info.built_in = built;
  info.not_built = std::move(not_built);
  return info;
}

bool is_config_path(std::string_view name) {
  return name.size() > 5 && name.substr(name.size() - 5) == ".yaml";
}

std::mutex registry_mutex;

} // namespace

std::string implementations_dir() {
  if (const char *d = std::getenv("TIRCONF_IMPL_DIR"); d && *d)
    return d;
  return TIRCONF_SOURCE_IMPL_DIR;
}

const std::vector<BackendInfo> &known_backends() {
#ifdef TIRCONF_HAVE_LLVM
  constexpr bool llvm = true;
#else
  constexpr bool llvm = false;
#endif
#ifdef TIRCONF_HAVE_CUDA
  constexpr bool cuda = true;
#else
  constexpr bool cuda = false;
#endif
  static const std::vector<BackendInfo> list = [] {
    const std::string no_llvm = llvm ? "" : "LLVM 14 was not found when this binary was configured";
    const std::string no_cuda =
        cuda ? "" : "the CUDA toolkit (NVRTC) was not found when this binary was configured";
    std::vector<BackendInfo> l = {
        compiled_in("llvm-O0", "LLVM 14 ORC JIT, no IR optimization, fast instruction selection",
                    llvm, no_llvm),
        compiled_in("llvm-O2", "LLVM 14 ORC JIT, the -O2 optimization pipeline", llvm, no_llvm),
        compiled_in("cuda",
                    "CUDA C++ compiled to PTX with NVRTC (compile-only where there is no GPU)",
                    cuda, no_cuda),
        compiled_in("cuda-host",
                    "the cuda backend's CUDA C++ run on the CPU: blocks in turn, threads as "
                    "fibers meeting at barriers",
                    cuda, no_cuda),
    };
    for (auto &e : external_implementations())
      l.push_back(std::move(e));
    return l;
  }();
  return list;
}

const BackendInfo *find_backend(std::string_view name) {
  for (const auto &b : known_backends())
    if (b.name == name)
      return &b;
  if (!is_config_path(name))
    return nullptr;
  // Configuration files named on the command line; entries of a map never move.
  static std::map<std::string, BackendInfo, std::less<>> named;
  std::lock_guard lock(registry_mutex);
  auto it = named.find(name);
  if (it == named.end()) {
    std::error_code ec;
    if (!fs::exists(std::string(name), ec))
      return nullptr;
    it =
        named.emplace(std::string(name), external_info(std::string(name), std::string(name))).first;
  }
  return &it->second;
}

std::unique_ptr<Backend> make_backend(std::string_view name) {
  const BackendInfo *info = find_backend(name);
  if (!info || !info->built_in)
    return nullptr;
  if (info->external) {
    // One worker per implementation and process: every instance shares it.
    static std::map<std::string, std::shared_ptr<external::ExternalWorker>> workers;
    std::lock_guard lock(registry_mutex);
    auto &w = workers[info->config_path];
    if (!w) {
      auto loaded = external::load_impl_config(info->config_path);
      if (!loaded.config)
        return nullptr;
      w = std::make_shared<external::ExternalWorker>(std::move(*loaded.config));
    }
    return std::make_unique<external::ExternalBackend>(w);
  }
#ifdef TIRCONF_HAVE_LLVM
  if (name == "llvm-O0")
    return make_llvm_backend(0);
  if (name == "llvm-O2")
    return make_llvm_backend(2);
#endif
#ifdef TIRCONF_HAVE_CUDA
  if (name == "cuda")
    return make_cuda_backend();
  if (name == "cuda-host")
    return make_cuda_host_backend();
#endif
  return nullptr;
}

std::vector<CompileResult> Backend::compile_batch(std::span<const ir::IRModule> modules,
                                                  std::span<const CompileOptions> options) {
  std::vector<CompileResult> out;
  for (size_t i = 0; i < modules.size(); ++i)
    out.push_back(compile(modules[i], options[i]));
  return out;
}

std::string to_string(const Unsupported &u) {
  std::string s;
  if (u.loc.known())
    s = std::to_string(u.loc.line) + ":" + std::to_string(u.loc.col) + ": ";
  return s + u.construct + ": " + u.reason;
}

} // namespace tirconf::backends
