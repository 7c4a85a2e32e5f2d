// A child process that tirconf talks to over its standard input and output, with deadlines: the
// transport of external implementations (PROTOCOL.md). The child runs in a process group of its
// own, so that killing it also kills whatever it started, and dies with its parent.
//
// While waiting to write or to read, what the child writes to stderr is drained into a bounded
// tail (a child blocked on a full stderr pipe would otherwise never answer), and the tail is
// kept for crash reports.
#pragma once

#include <sys/types.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tirconf::backends::external {

using Clock = std::chrono::steady_clock;

struct ChildOptions {
  std::vector<std::string> argv;                            // argv[0] is looked up on PATH
  std::vector<std::pair<std::string, std::string>> environ; // set on top of the caller's
};

// How a child ended: killed by `signal`, or exited with `exit_code`.
struct ChildExit {
  int signal = 0;
  int exit_code = 0;
  std::string describe() const; // "killed by SIGSEGV", "exit code 3"
};

class ChildProcess {
public:
  enum class Io { Ok, Closed, TimedOut };

  ChildProcess() = default;
  ChildProcess(const ChildProcess &) = delete;
  ChildProcess &operator=(const ChildProcess &) = delete;
  ~ChildProcess(); // kills a child still running

  // Starts the child; false, with `error` set, when it cannot be started (no such program is
  // reported by the child exiting with code 127 and a message on stderr).
  bool start(const ChildOptions &options, std::string *error);
  bool running() const { return pid_ > 0; }
  // False in a fork of the process that started the child: the fork shares its pipes but must
  // neither talk to it nor kill it (abandon() lets go of them).
  bool owned() const { return owner_ == ::getpid(); }
  void abandon();

  Io write_all(std::string_view data, Clock::time_point deadline);
  Io read_exact(char *data, size_t size, Clock::time_point deadline);

  // SIGKILL to the child's process group, then reap it.
  ChildExit kill();
  // Closes the child's stdin and waits for it to exit by itself until `deadline`, then kills it.
  ChildExit finish(Clock::time_point deadline);

  // The last few KiB the child wrote to stderr.
  const std::string &stderr_tail() const { return stderr_tail_; }
  // Forgets it, so that a report shows only what the child wrote since.
  void clear_stderr_tail() { stderr_tail_.clear(); }

private:
  // Waits until `fd` is ready for `events` or the deadline passes, draining stderr meanwhile.
  Io wait_for(int fd, short events, Clock::time_point deadline);
  void drain_stderr();
  ChildExit reap(bool block);
  void close_pipes();

  pid_t pid_ = -1;
  pid_t owner_ = -1;
  int in_ = -1, out_ = -1, err_ = -1;
  std::string stderr_tail_;
};

} // namespace tirconf::backends::external
