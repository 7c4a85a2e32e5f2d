// The backends this suite knows, whether each is built into this binary, and how to make one.
// A backend that is not built in (no LLVM found, no CUDA, ...) is listed with the reason and
// skipped by `tirconf diff` and `tirconf test --impl`, not failed.
//
// External implementations (backends/external/PROTOCOL.md) are named by configuration files:
// the built-in ones are every `*/*.yaml` under the implementations folder (this source tree's
// backends/external, or TIRCONF_IMPL_DIR), each known by the `name` it declares; any other is
// named by the path of its file (`--impl path/to/impl.yaml`).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "backends/backend.h"

namespace tirconf::backends {

struct BackendInfo {
  std::string name; // "llvm-O0", "tvm", or the path of a configuration file
  std::string description;
  bool built_in = false;
  std::string not_built; // why, when !built_in
  // Runs out of process (an external implementation): its worker isolates itself, so it is
  // driven from the calling process, not from a fork of it.
  bool external = false;
  std::string config_path; // external: the configuration file
};

// The folder searched for the configuration files of built-in external implementations.
std::string implementations_dir();

const std::vector<BackendInfo> &known_backends();
// Null if unknown; a name ending in .yaml is read as a configuration file (and remembered).
const BackendInfo *find_backend(std::string_view name);
// A new instance, or null when the backend is unknown or not built in. Instances of one external
// implementation made in one process share its worker process.
std::unique_ptr<Backend> make_backend(std::string_view name);

} // namespace tirconf::backends
