// Reading and writing whole files for the verbs.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace tirconf::tools {

// Writes `text` to a temporary file beside `p`, syncs it and renames it into place (creating the
// folders): a reader, or a process killed at any moment, never sees a half-written file. False
// when it could not.
bool write_atomically(const std::filesystem::path &p, const std::string &text);

// The file's bytes, or nothing when it cannot be read.
std::optional<std::string> read_file(const std::filesystem::path &p);

} // namespace tirconf::tools
