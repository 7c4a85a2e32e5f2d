#include "fuzz/shards.h"

#include <algorithm>
#include <chrono>

#include "fuzz/differ.h"
#include "fuzz/fork_shards.h"

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
  return run_forked(
      jobs,
      [&](int shard, const Emit &emit) {
        run_shard(o, source, backends, shard, jobs, deadline,
                  [&](const ProgramResult &r) { emit(encode(r)); });
      },
      [&](std::string message) { callbacks.result(decode(message)); }, callbacks.idle);
}

} // namespace tirconf::fuzz
