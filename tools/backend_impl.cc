#include "tools/backend_impl.h"

#include <fstream>
#include <memory>
#include <sstream>

#include "backends/registry.h"
#include "backends/worker.h"
#include "ir/tvmscript/printer.h"

namespace tirconf::tools {

std::optional<runner::Implementation>
find_implementation(const std::string &name, double timeout_seconds, std::string *why,
                    bool *not_built, const oracle::CheckOptions &oracle_check) {
  *not_built = false;
  if (name == "oracle")
    return runner::oracle_implementation(oracle_check);
  const backends::BackendInfo *info = backends::find_backend(name);
  if (!info) {
    *why = "unknown implementation '" + name + "' (known: oracle";
    for (const auto &b : backends::known_backends())
      *why += ", " + b.name;
    *why += ")";
    return std::nullopt;
  }
  std::shared_ptr<backends::Backend> backend = backends::make_backend(name);
  if (!backend) {
    *why = name + (info->external ? " cannot be used: " : " is not built into this binary: ") +
           info->not_built;
    *not_built = true;
    return std::nullopt;
  }
  if (auto u = backend->unavailable()) {
    *why = "not available here: " + *u;
    *not_built = true;
    return std::nullopt;
  }
  struct State {
    backends::Worker worker;
    std::string path, text; // the last file read
  };
  auto state = std::make_shared<State>();
  runner::Implementation impl;
  impl.name = backend->name(); // a configuration file's path names the implementation it declares
  impl.is_reference = false;
  impl.unsupported = [backend](const ir::IRModule &m) -> std::optional<std::string> {
    auto list = backend->unsupported(m);
    if (list.empty())
      return std::nullopt;
    std::string s;
    for (const auto &u : list)
      s += (s.empty() ? "" : "; ") + backends::to_string(u);
    return s;
  };
  impl.run = [state, name, timeout_seconds](const ir::IRModule &m, std::string_view func,
                                            std::span<runtime::Argument> args,
                                            const std::string &file) {
    // The worker reads the program from its text: the file itself when there is one, so that it
    // runs exactly what the file says.
    if (state->path != file) {
      std::ifstream in(file, std::ios::binary);
      std::stringstream buf;
      if (in)
        buf << in.rdbuf();
      state->path = file;
      state->text = in ? buf.str() : ir::print_tvmscript(m, {"", false});
    }
    backends::WorkerRequest req;
    req.backend = name;
    req.program = state->text;
    req.file = file;
    req.func = std::string(func);
    req.args = args;
    req.timeout_seconds = timeout_seconds;
    backends::WorkerReply reply = state->worker.run(req);
    switch (reply.status) {
    case backends::WorkerReply::Status::Ran:
      return reply.outcome;
    case backends::WorkerReply::Status::Unsupported:
      // A construct the backend's declared list (Backend::unsupported) missed.
      return runtime::Outcome(
          runtime::CrashOutcome{"undeclared unsupported construct: " + reply.reason, 0, 0});
    default:
      return runtime::Outcome(runtime::CrashOutcome{reply.reason, 0, 0});
    }
  };
  return impl;
}

} // namespace tirconf::tools
