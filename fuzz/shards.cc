#include "fuzz/shards.h"

#include <algorithm>
#include <chrono>

#include "fuzz/differ.h"
#include "fuzz/fork_shards.h"

namespace tirconf::fuzz {

namespace {

using Clock = std::chrono::steady_clock;

// Whether job k belongs to this run and is still to do (DiffOptions::shard, done).
bool to_do(const DiffOptions &o, uint64_t k) {
  return k % std::max<uint64_t>(1, o.shards) == o.shard && k >= o.done_below && !o.done.count(k);
}

bool stop_requested(const DiffOptions &o, Clock::time_point deadline) {
  return Clock::now() >= deadline || (o.stop && *o.stop);
}

// Runs every `jobs`-th job to do, starting with the shard-th, in groups of --batch, and reports
// each result; no group starts after `deadline` or a stop request.
void run_shard(const DiffOptions &o, JobSource &source, const std::vector<std::string> &backends,
               int shard, int jobs, Clock::time_point deadline,
               const std::function<void(const ProgramResult &)> &sink) {
  Differ differ(o, backends);
  const uint64_t group = static_cast<uint64_t>(std::max(1, o.batch));
  std::vector<Job> group_jobs;
  std::vector<uint64_t> group_index;
  auto flush = [&] {
    std::vector<ProgramResult> results = differ.run(group_jobs);
    for (size_t i = 0; i < results.size(); ++i) {
      results[i].index = group_index[i];
      sink(results[i]);
    }
    group_jobs.clear();
    group_index.clear();
  };
  uint64_t seen = 0; // jobs to do met so far, over all local shards
  for (uint64_t k = o.done_below; k < source.size(); ++k) {
    if (!to_do(o, k) || seen++ % static_cast<uint64_t>(jobs) != static_cast<uint64_t>(shard))
      continue;
    if (group_jobs.empty() && stop_requested(o, deadline))
      return;
    group_jobs.push_back(source.make(k));
    group_index.push_back(k);
    if (group_jobs.size() == group)
      flush();
  }
  if (!group_jobs.empty())
    flush();
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
