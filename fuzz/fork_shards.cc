#include "fuzz/fork_shards.h"

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <iostream>

#include "backends/frame.h"

namespace tirconf::fuzz {

namespace {

std::string how_it_ended(int status) {
  return WIFSIGNALED(status) ? "signal " + std::to_string(WTERMSIG(status))
                             : "exit " + std::to_string(WEXITSTATUS(status));
}

} // namespace

ShardProblems run_forked(int jobs, const std::function<void(int, const Emit &)> &work,
                         const std::function<void(std::string)> &on_message,
                         const std::function<void()> &idle) {
  jobs = std::max(1, jobs);
  if (jobs == 1) {
    work(0, [&](std::string_view m) { on_message(std::string(m)); });
    return {};
  }
  // Whatever this process has buffered would otherwise be written once by every shard too.
  std::cout.flush();
  std::cerr.flush();
  std::vector<pid_t> pids;
  std::vector<int> fds;
  for (int s = 0; s < jobs; ++s) {
    int p[2];
    if (::pipe(p) != 0)
      return {"cannot create a pipe", {}};
    const pid_t pid = ::fork();
    if (pid == 0) {
      ::close(p[0]);
      for (int fd : fds)
        ::close(fd);
      work(s, [&](std::string_view m) {
        if (!backends::write_frame(p[1], m))
          ::_exit(1);
      });
      ::close(p[1]);
      ::_exit(0);
    }
    ::close(p[1]);
    pids.push_back(pid);
    fds.push_back(p[0]);
  }
  size_t open = fds.size();
  while (open > 0) {
    std::vector<pollfd> pfds;
    for (int fd : fds)
      if (fd >= 0)
        pfds.push_back({fd, POLLIN, 0});
    if (::poll(pfds.data(), pfds.size(), 1000) < 0 && errno != EINTR)
      break;
    if (idle)
      idle();
    for (const auto &pf : pfds) {
      if (!(pf.revents & (POLLIN | POLLHUP | POLLERR)))
        continue;
      // A shard writes each message as one frame: once it is readable, the rest follows.
      std::string message;
      if (backends::read_frame(pf.fd, message) != backends::FrameRead::Ok) {
        ::close(pf.fd);
        *std::find(fds.begin(), fds.end(), pf.fd) = -1;
        --open;
        continue;
      }
      on_message(std::move(message));
    }
  }
  ShardProblems problems;
  for (pid_t pid : pids) {
    int status = 0;
    ::waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
      problems.died.push_back("a shard process died (" + how_it_ended(status) + ")");
  }
  return problems;
}

} // namespace tirconf::fuzz
