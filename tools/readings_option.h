// --reading NAME=VALUE and --readings SET: which reading the oracle takes where the spec leaves
// a choice open (oracle/readings.h); the catalog's when none is given.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "oracle/readings.h"

namespace tirconf::tools {

struct ReadingArgs {
  std::string set;               // --readings tvm
  std::vector<std::string> each; // --reading block-predicate=skip, applied after the set
};
void add_reading_options(CLI::App *cmd, ReadingArgs &args);
// The readings asked for; nullopt after printing why when one is unknown (a usage error).
std::optional<oracle::Readings> readings_from(const ReadingArgs &args);

} // namespace tirconf::tools
