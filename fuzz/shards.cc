#include "fuzz/shards.h"

#include <algorithm>
#include <chrono>

#include "fuzz/differ.h"
#include "fuzz/fork_shards.h"

namespace tirconf::fuzz {

namespace {

using Clock = std::chrono::steady_clock;

bool stop_requested(const DiffOptions &o, Clock::time_point deadline) {
  return Clock::now() >= deadline || (o.stop && *o.stop);
}

// Runs every `jobs`-th chunk of this part of the run, starting with the shard-th, and reports
// each chunk's results; no chunk starts after `deadline` or a stop request.
void run_shard(const DiffOptions &o, JobSource &source, const std::vector<std::string> &backends,
               int shard, int jobs, Clock::time_point deadline,
               const std::function<void(const std::vector<ProgramResult> &)> &sink) {
  Differ differ(o, backends);
  const uint64_t size = source.size(), batch = static_cast<uint64_t>(std::max(1, o.batch));
  const uint64_t shards = std::max<uint64_t>(1, o.shards);
  if (size == 0)
    return;
  uint64_t dealt = 0; // chunks of this part met so far, over all local shards
  for (uint64_t c = o.done_below / batch; c < (size - 1) / batch + 1; ++c) {
    if (c % shards != o.shard ||
        dealt++ % static_cast<uint64_t>(jobs) != static_cast<uint64_t>(shard))
      continue;
    std::vector<Job> chunk;
    std::vector<uint64_t> index;
    for (uint64_t k = c * batch; k < std::min(size, (c + 1) * batch); ++k)
      if (k >= o.done_below && !o.done.count(k))
        index.push_back(k);
    if (index.empty())
      continue;
    if (stop_requested(o, deadline))
      return;
    for (uint64_t k : index)
      chunk.push_back(source.make(k));
    if (o.fresh_worker_per_chunk)
      differ.fresh_worker();
    std::vector<ProgramResult> results = differ.run(chunk);
    for (size_t i = 0; i < results.size(); ++i)
      results[i].index = index[i];
    sink(results);
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
                  [&](const std::vector<ProgramResult> &r) { emit(encode(r)); });
      },
      [&](std::string message) { callbacks.results(decode_chunk(message)); }, callbacks.idle);
}

} // namespace tirconf::fuzz
