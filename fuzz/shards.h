// A differential run spread over shard processes: with --jobs J, J processes are forked before
// anything else runs (no thread or worker exists yet to be duplicated); shard s takes programs
// s, s + J, ..., each has its own worker, and reports one ProgramResult per program to this
// process as a frame over a pipe (backends/frame.h). With one job everything runs here.
#pragma once

#include <functional>
#include <string>
#include <vector>

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

struct ShardProblems {
  std::string fatal;             // the run could not be spread (no pipe): nothing was tallied
  std::vector<std::string> died; // "a shard process died (signal 9)", one per shard
};

// Runs every job of `source` on `backends` (the compared backends, the oracle not among them);
// says what went wrong with the shards themselves.
ShardProblems run_sharded(const DiffOptions &o, JobSource &source,
                          const std::vector<std::string> &backends,
                          const ShardCallbacks &callbacks);

} // namespace tirconf::fuzz
