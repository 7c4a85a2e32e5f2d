#include "tools/files.h"

#include <fcntl.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

namespace tirconf::tools {

namespace {

// write(2) until everything is written or it fails.
bool write_all(int fd, const std::string &text) {
  size_t at = 0;
  while (at < text.size()) {
    const ssize_t n = ::write(fd, text.data() + at, text.size() - at);
    if (n < 0)
      return false;
    at += static_cast<size_t>(n);
  }
  return true;
}

} // namespace

bool write_atomically(const std::filesystem::path &p, const std::string &text) {
  std::error_code ec;
  const std::filesystem::path dir = p.parent_path().empty() ? "." : p.parent_path();
  std::filesystem::create_directories(dir, ec);
  const std::filesystem::path tmp = p.string() + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    return false;
  // The data reaches the disk before the rename makes it visible: after a power loss the file
  // is the old one or the new one, never a torn or empty one.
  const bool written = write_all(fd, text) && ::fsync(fd) == 0;
  ::close(fd);
  if (!written) {
    std::filesystem::remove(tmp, ec);
    return false;
  }
  std::filesystem::rename(tmp, p, ec);
  if (ec)
    return false;
  const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    ::fsync(dfd); // the rename itself
    ::close(dfd);
  }
  return true;
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
