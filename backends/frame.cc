#include "backends/frame.h"

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>

namespace tirconf::backends {

namespace {

using Clock = std::chrono::steady_clock;

// send() with MSG_NOSIGNAL on a socket (a dead peer is an error, not SIGPIPE); write() on
// anything else, such as a pipe.
ssize_t write_some(int fd, const char *p, size_t n, bool &socket) {
  if (socket) {
    const ssize_t w = ::send(fd, p, n, MSG_NOSIGNAL);
    if (w >= 0 || errno != ENOTSOCK)
      return w;
    socket = false;
  }
  return ::write(fd, p, n);
}

bool write_all(int fd, const char *p, size_t n) {
  bool socket = true;
  while (n > 0) {
    const ssize_t w = write_some(fd, p, n, socket);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      return false;
    p += w;
    n -= static_cast<size_t>(w);
  }
  return true;
}

// Exactly n bytes, or why not.
FrameRead read_all(int fd, char *p, size_t n, std::optional<Clock::time_point> deadline) {
  while (n > 0) {
    if (deadline) {
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - Clock::now()).count();
      if (left <= 0)
        return FrameRead::TimedOut;
      pollfd pfd{fd, POLLIN, 0};
      const int r = ::poll(&pfd, 1, static_cast<int>(std::min<int64_t>(left, 1 << 30)));
      if (r < 0 && errno == EINTR)
        continue;
      if (r == 0)
        return FrameRead::TimedOut;
      if (r < 0)
        return FrameRead::Closed;
    }
    const ssize_t got = ::read(fd, p, n);
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0)
      return FrameRead::Closed;
    p += got;
    n -= static_cast<size_t>(got);
  }
  return FrameRead::Ok;
}

} // namespace

bool write_frame(int fd, std::string_view payload) {
  const uint32_t n = static_cast<uint32_t>(payload.size());
  // One buffer, so that a small frame goes out in one write: a reader then seldom waits for
  // the rest of a frame it has started.
  std::string frame(reinterpret_cast<const char *>(&n), 4);
  frame += payload;
  return write_all(fd, frame.data(), frame.size());
}

FrameRead read_frame(int fd, std::string &payload, std::optional<Clock::time_point> deadline) {
  uint32_t n = 0;
  if (FrameRead r = read_all(fd, reinterpret_cast<char *>(&n), 4, deadline); r != FrameRead::Ok)
    return r;
  payload.resize(n);
  return read_all(fd, payload.data(), n, deadline);
}

} // namespace tirconf::backends
