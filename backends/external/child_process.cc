#include "backends/external/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <thread>

namespace tirconf::backends::external {

namespace {

constexpr size_t kStderrTail = 8 << 10;

int milliseconds_until(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  return left.count() <= 0 ? 0 : static_cast<int>(std::min<int64_t>(left.count(), 1 << 30));
}

void close_fd(int &fd) {
  if (fd >= 0)
    ::close(fd);
  fd = -1;
}

} // namespace

std::string ChildExit::describe() const {
  if (signal) {
    const char *abbrev = sigabbrev_np(signal);
    return std::string("killed by ") +
           (abbrev ? "SIG" + std::string(abbrev) : "signal " + std::to_string(signal));
  }
  return "exit code " + std::to_string(exit_code);
}

ChildProcess::~ChildProcess() {
  if (running() && !owned())
    abandon();
  if (running())
    kill();
}

void ChildProcess::abandon() {
  close_pipes();
  pid_ = -1;
}

bool ChildProcess::start(const ChildOptions &options, std::string *error) {
  if (options.argv.empty()) {
    *error = "no command";
    return false;
  }
  int in[2], out[2], err[2];
  if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0) {
    *error = std::string("pipe: ") + std::strerror(errno);
    return false;
  }
  // Everything the child needs is built before fork: after it, only async-signal-safe calls.
  std::vector<char *> argv;
  for (const auto &a : options.argv)
    argv.push_back(const_cast<char *>(a.c_str()));
  argv.push_back(nullptr);
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    *error = std::string("fork: ") + std::strerror(errno);
    for (int fd : {in[0], in[1], out[0], out[1], err[0], err[1]})
      ::close(fd);
    return false;
  }
  if (pid == 0) {
    ::setpgid(0, 0);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent)
      ::_exit(126); // the parent is already gone
    ::dup2(in[0], 0);
    ::dup2(out[1], 1);
    ::dup2(err[1], 2);
    for (const auto &[name, value] : options.environ)
      ::setenv(name.c_str(), value.c_str(), 1);
    ::execvp(argv[0], argv.data());
    const char *msg = "cannot execute the worker command\n";
    [[maybe_unused]] auto n = ::write(2, msg, std::strlen(msg));
    ::_exit(127);
  }
  ::setpgid(pid, pid); // also from here, so that kill() works even before the child ran
  ::close(in[0]);
  ::close(out[1]);
  ::close(err[1]);
  in_ = in[1];
  out_ = out[0];
  err_ = err[0];
  ::fcntl(err_, F_SETFL, O_NONBLOCK);
  // A worker that died must not kill tirconf with SIGPIPE when it is written to.
  ::signal(SIGPIPE, SIG_IGN);
  pid_ = pid;
  owner_ = ::getpid();
  stderr_tail_.clear();
  return true;
}

void ChildProcess::drain_stderr() {
  if (err_ < 0)
    return;
  char buf[4096];
  for (;;) {
    const ssize_t n = ::read(err_, buf, sizeof buf);
    if (n > 0) {
      stderr_tail_.append(buf, static_cast<size_t>(n));
      if (stderr_tail_.size() > 2 * kStderrTail)
        stderr_tail_.erase(0, stderr_tail_.size() - kStderrTail);
      continue;
    }
    if (n == 0)
      close_fd(err_);
    return; // EAGAIN, or EOF just handled
  }
}

ChildProcess::Io ChildProcess::wait_for(int fd, short events, Clock::time_point deadline) {
  for (;;) {
    pollfd fds[2] = {{fd, events, 0}, {err_, POLLIN, 0}};
    const int n = ::poll(fds, err_ >= 0 ? 2 : 1, milliseconds_until(deadline));
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return Io::Closed;
    if (err_ >= 0 && fds[1].revents)
      drain_stderr();
    if (fds[0].revents & (events | POLLHUP | POLLERR))
      return Io::Ok;
    if (n == 0 || Clock::now() >= deadline)
      return Io::TimedOut;
  }
}

ChildProcess::Io ChildProcess::write_all(std::string_view data, Clock::time_point deadline) {
  while (!data.empty()) {
    if (in_ < 0)
      return Io::Closed;
    const Io ready = wait_for(in_, POLLOUT, deadline);
    if (ready != Io::Ok)
      return ready;
    const ssize_t n = ::write(in_, data.data(), data.size());
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
      continue;
    if (n <= 0)
      return Io::Closed;
    data.remove_prefix(static_cast<size_t>(n));
  }
  return Io::Ok;
}

ChildProcess::Io ChildProcess::read_exact(char *data, size_t size, Clock::time_point deadline) {
  while (size) {
    if (out_ < 0)
      return Io::Closed;
    const Io ready = wait_for(out_, POLLIN, deadline);
    if (ready != Io::Ok)
      return ready;
    const ssize_t n = ::read(out_, data, size);
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
      continue;
    if (n <= 0)
      return Io::Closed;
    data += n;
    size -= static_cast<size_t>(n);
  }
  return Io::Ok;
}

ChildExit ChildProcess::reap(bool block) {
  ChildExit e;
  int status = 0;
  if (::waitpid(pid_, &status, block ? 0 : WNOHANG) != pid_) {
    e.exit_code = -1;
    return e;
  }
  if (WIFSIGNALED(status))
    e.signal = WTERMSIG(status);
  else if (WIFEXITED(status))
    e.exit_code = WEXITSTATUS(status);
  pid_ = -1;
  return e;
}

void ChildProcess::close_pipes() {
  drain_stderr();
  close_fd(in_);
  close_fd(out_);
  close_fd(err_);
}

ChildExit ChildProcess::kill() {
  if (!running())
    return {};
  // The child may have died by itself already: reap first, so its own signal is what we report.
  // The group is killed either way, since what the child started may outlive it.
  const pid_t group = pid_;
  ChildExit e = reap(false);
  ::kill(-group, SIGKILL);
  if (running())
    e = reap(true);
  close_pipes();
  return e;
}

ChildExit ChildProcess::finish(Clock::time_point deadline) {
  if (!running())
    return {};
  close_fd(in_);
  const pid_t group = pid_;
  while (Clock::now() < deadline) {
    ChildExit e = reap(false);
    if (!running()) {
      ::kill(-group, SIGKILL);
      close_pipes();
      return e;
    }
    drain_stderr();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return kill();
}

} // namespace tirconf::backends::external
