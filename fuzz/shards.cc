#include "fuzz/shards.h"

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <iostream>

#include "backends/frame.h"
#include "fuzz/differ.h"

namespace tirconf::fuzz {

namespace {

using Clock = std::chrono::steady_clock;

// Runs jobs shard, shard + jobs, ... in groups of --batch and reports each result; no group
// starts after `deadline`.
void run_shard(const DiffOptions &o, JobSource &source, const std::vector<std::string> &backends,
               int shard, int jobs, Clock::time_point deadline,
               const std::function<void(const ProgramResult &)> &sink) {
  Differ differ(o, backends);
  const uint64_t group = static_cast<uint64_t>(std::max(1, o.batch));
  const uint64_t stride = static_cast<uint64_t>(jobs);
  std::vector<Job> group_jobs;
  for (uint64_t k = static_cast<uint64_t>(shard); k < source.size(); k += stride) {
    if (group_jobs.empty() && Clock::now() >= deadline)
      break;
    group_jobs.push_back(source.make(k));
    if (group_jobs.size() < group && k + stride < source.size())
      continue;
    for (const auto &r : differ.run(group_jobs))
      sink(r);
    group_jobs.clear();
  }
}

std::string how_it_ended(int status) {
  return WIFSIGNALED(status) ? "signal " + std::to_string(WTERMSIG(status))
                             : "exit " + std::to_string(WEXITSTATUS(status));
}

} // namespace

ShardProblems run_sharded(const DiffOptions &o, JobSource &source,
                          const std::vector<std::string> &backends,
                          const ShardCallbacks &callbacks) {
  const int jobs = std::max(1, o.jobs);
  // Taken before the shards are forked, so that they all stop at the same time.
  const Clock::time_point deadline =
      o.time_limit > 0 ? Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                            std::chrono::duration<double>(o.time_limit))
                       : Clock::time_point::max();
  if (jobs == 1) {
    run_shard(o, source, backends, 0, 1, deadline, callbacks.result);
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
      run_shard(o, source, backends, s, jobs, deadline, [&](const ProgramResult &r) {
        if (!backends::write_frame(p[1], encode(r)))
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
    if (callbacks.idle)
      callbacks.idle();
    for (const auto &pf : pfds) {
      if (!(pf.revents & (POLLIN | POLLHUP | POLLERR)))
        continue;
      // A shard writes each report as one frame: once it is readable, the rest follows.
      std::string report;
      if (backends::read_frame(pf.fd, report) != backends::FrameRead::Ok) {
        ::close(pf.fd);
        *std::find(fds.begin(), fds.end(), pf.fd) = -1;
        --open;
        continue;
      }
      callbacks.result(decode(report));
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
