#include "backends/registry.h"

#ifdef TIRCONF_HAVE_LLVM
#include "backends/llvm/llvm_backend.h"
#endif

namespace tirconf::backends {

const std::vector<BackendInfo> &known_backends() {
#ifdef TIRCONF_HAVE_LLVM
  constexpr bool llvm = true;
#else
  constexpr bool llvm = false;
#endif
  static const std::vector<BackendInfo> list = {
      {"llvm-O0", "LLVM 14 ORC JIT, no IR optimization, fast instruction selection", llvm,
       llvm ? "" : "LLVM 14 was not found when this binary was configured"},
      {"llvm-O2", "LLVM 14 ORC JIT, the -O2 optimization pipeline", llvm,
       llvm ? "" : "LLVM 14 was not found when this binary was configured"},
      {"cuda", "CUDA code generator (a later issue)", false, "not implemented yet"},
      {"tvm", "Apache TVM through the worker protocol (a later issue)", false,
       "not implemented yet"},
  };
  return list;
}

const BackendInfo *find_backend(std::string_view name) {
  for (const auto &b : known_backends())
    if (b.name == name)
      return &b;
  return nullptr;
}

std::unique_ptr<Backend> make_backend(std::string_view name) {
  const BackendInfo *info = find_backend(name);
  if (!info || !info->built_in)
    return nullptr;
#ifdef TIRCONF_HAVE_LLVM
  if (name == "llvm-O0")
    return make_llvm_backend(0);
  if (name == "llvm-O2")
    return make_llvm_backend(2);
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
