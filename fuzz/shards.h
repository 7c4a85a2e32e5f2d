// A differential run spread over shard processes: with --jobs J, J processes are forked before
// anything else runs (fork_shards.h); shard s takes programs s, s + J, ..., each has its own
// worker, and reports one ProgramResult per program to this process. With one job everything
// runs here.
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
  // Each program's result, in this process, as soon as it arrives (from any shard).
  std::function<void(const ProgramResult &)> result;
  // Called about once a second while waiting for shards (progress display).
  std::function<void()> idle;
};

// Runs every job of `source` on `backends` (the compared backends, the oracle not among them);
// says what went wrong with the shards themselves.
ShardProblems run_sharded(const DiffOptions &o, JobSource &source,
                          const std::vector<std::string> &backends,
                          const ShardCallbacks &callbacks);

} // namespace tirconf::fuzz
