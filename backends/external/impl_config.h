// An external implementation's configuration file (PROTOCOL.md, "Configuration files"): how to
// start its worker, how long each request may take, and which of its error messages mean which
// of the spec's error classes.
#pragma once

#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ir/diagnostic.h"
#include "runtime/outcome.h"

namespace tirconf::backends::external {

struct ErrorRule {
  std::string pattern; // as written, for messages
  std::regex regex;    // searched for in the implementation's message
  runtime::ErrorClass error_class = runtime::ErrorClass::Assert;
};

struct ImplConfig {
  std::string name;
  std::string description;
  std::string file; // where it was read from
  std::vector<std::string> command;
  std::vector<std::pair<std::string, std::string>> environment;
  double start_timeout = 60, compile_timeout = 60, run_timeout = 10, simplify_timeout = 60,
         transform_timeout = 120;
  std::vector<ErrorRule> errors;

  // The error class the first matching rule gives `message`; nullopt when none matches.
  std::optional<runtime::ErrorClass> classify(std::string_view message) const;
};

struct ImplConfigResult {
  std::optional<ImplConfig> config;
  ir::Diagnostics diagnostics; // file:line:col of each problem
};

// Reads a configuration file. `${dir}` in the command and environment becomes the file's folder,
// `${python}` the value of TIRCONF_PYTHON (default python3), `${NAME}` the environment variable
// NAME (empty when unset).
ImplConfigResult load_impl_config(const std::string &path);
ImplConfigResult parse_impl_config(std::string_view text, const std::string &path);

} // namespace tirconf::backends::external
