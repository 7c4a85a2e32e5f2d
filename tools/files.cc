#include "tools/files.h"

#include <fstream>
#include <sstream>

namespace tirconf::tools {

bool write_atomically(const std::filesystem::path &p, const std::string &text) {
  std::error_code ec;
  std::filesystem::create_directories(
      p.parent_path().empty() ? std::filesystem::path(".") : p.parent_path(), ec);
  const std::filesystem::path tmp = p.string() + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary);
    out << text;
    if (!out.flush())
      return false;
  }
  std::filesystem::rename(tmp, p, ec);
  return !ec;
}

std::optional<std::string> read_file(const std::filesystem::path &p) {
  std::ifstream in(p, std::ios::binary);
  if (!in)
    return std::nullopt;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

} // namespace tirconf::tools
