// The backends this suite knows, whether each is built into this binary, and how to make one.
// A backend that is not built in (no LLVM found, no CUDA, ...) is listed with the reason and
// skipped by `tirconf diff` and `tirconf test --impl`, not failed.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "backends/backend.h"

namespace tirconf::backends {

struct BackendInfo {
  std::string name; // "llvm-O0"
  std::string description;
  bool built_in = false;
  std::string not_built; // why, when !built_in
};

const std::vector<BackendInfo> &known_backends();
const BackendInfo *find_backend(std::string_view name); // null if unknown
// A new instance, or null when the backend is unknown or not built in.
std::unique_ptr<Backend> make_backend(std::string_view name);

} // namespace tirconf::backends
