// Frames over a file descriptor (backends/frame.h), the one framing of the worker protocol and
// of diff's shard reports: whole frames come back as written, over a pipe and over a socket;
// end of file, a frame cut short by a dying writer, and a deadline are told apart.
#include <sys/socket.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "backends/frame.h"

namespace tirconf {
namespace {

using backends::FrameRead;

struct Fds {
  int read = -1, write = -1;
  ~Fds() {
    if (read >= 0)
      ::close(read);
    if (write >= 0)
      ::close(write);
  }
  void close_write() {
    ::close(write);
    write = -1;
  }
};

Fds make_pipe() {
  int p[2];
  EXPECT_EQ(::pipe(p), 0);
  return {p[0], p[1]};
}

Fds make_socket_pair() {
  int p[2];
  EXPECT_EQ(::socketpair(AF_UNIX, SOCK_STREAM, 0, p), 0);
  return {p[0], p[1]};
}

TEST(Frame, FramesComeBackWholeAndInOrderOverAPipeAndASocket) {
  for (bool socket : {false, true}) {
    Fds f = socket ? make_socket_pair() : make_pipe();
    const std::string binary("a\0b", 3);
    ASSERT_TRUE(backends::write_frame(f.write, "first"));
    ASSERT_TRUE(backends::write_frame(f.write, ""));
    ASSERT_TRUE(backends::write_frame(f.write, binary));
    std::string got;
    ASSERT_EQ(backends::read_frame(f.read, got), FrameRead::Ok);
    EXPECT_EQ(got, "first");
    ASSERT_EQ(backends::read_frame(f.read, got), FrameRead::Ok);
    EXPECT_EQ(got, "");
    ASSERT_EQ(backends::read_frame(f.read, got), FrameRead::Ok);
    EXPECT_EQ(got, binary);
    f.close_write();
    EXPECT_EQ(backends::read_frame(f.read, got), FrameRead::Closed) << "end of file";
  }
}

TEST(Frame, ATruncatedFrameIsClosedNotAMessage) {
  Fds f = make_pipe();
  const uint32_t n = 10; // announces 10 bytes, delivers 3
  ASSERT_EQ(::write(f.write, &n, 4), 4);
  ASSERT_EQ(::write(f.write, "abc", 3), 3);
  f.close_write();
  std::string got;
  EXPECT_EQ(backends::read_frame(f.read, got), FrameRead::Closed);
}

TEST(Frame, NothingBeforeTheDeadlineIsTimedOut) {
  Fds f = make_pipe();
  std::string got;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(20);
  EXPECT_EQ(backends::read_frame(f.read, got, deadline), FrameRead::TimedOut);
  // Half a frame before the deadline is still a timeout, not a message.
  ASSERT_EQ(::write(f.write, "\x05\x00", 2), 2);
  EXPECT_EQ(backends::read_frame(f.read, got,
                                 std::chrono::steady_clock::now() + std::chrono::milliseconds(20)),
            FrameRead::TimedOut);
}

TEST(Frame, WritingToASocketWhosePeerIsGoneFailsWithoutSigpipe) {
  Fds f = make_socket_pair();
  ::close(f.read);
  f.read = -1;
  EXPECT_FALSE(backends::write_frame(f.write, "lost"));
}

} // namespace
} // namespace tirconf
