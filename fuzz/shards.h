// A differential run spread over shard processes: with --jobs J, J processes are forked before
// anything else runs (fork_shards.h); the run's chunks of --batch programs (DiffOptions::shard)
// are dealt to them in turn, each has its own worker, and reports each chunk's results to this
// process at once. With one job everything runs here.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "fuzz/fork_shards.h"
#include "fuzz/job_source.h"
#include "fuzz/options.h"
#include "fuzz/program_result.h"

namespace tirconf::fuzz {

struct ShardCallbacks {
  // The results of a chunk's programs, in this process, as soon as they arrive (from any shard).
  std::function<void(const std::vector<ProgramResult> &)> results;
  // Called about once a second while waiting for shards (progress display).
  std::function<void()> idle;
};

// Runs every job of `source` on `backends` (the compared backends, the oracle not among them);
// says what went wrong with the shards themselves.
ShardProblems run_sharded(const DiffOptions &o, JobSource &source,
                          const std::vector<std::string> &backends,
                          const ShardCallbacks &callbacks);

} // namespace tirconf::fuzz
