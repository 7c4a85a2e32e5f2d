// What a differential run compares, and how: `tirconf diff`'s options, less those that only
// change what it prints.
#pragma once

#include <csignal>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "oracle/typecheck/checker.h"

namespace tirconf::fuzz {

struct DiffOptions {
  std::string backends = "oracle,llvm-O0,llvm-O2"; // comma-separated, the oracle first
  // Generated programs: derive_seed(seed, first + k) for k < count, from `profile` ...
  bool seeded = false;
  uint64_t seed = 0, count = 0, first = 0;
  std::string profile = "default";
  // ... or the cases of these conformance files and folders.
  std::vector<std::string> files;
  std::string out; // where findings are written; empty: nowhere
  int jobs = 1;    // shard processes
  uint64_t ulp = 0;
  double timeout = 10; // seconds a backend may take per program, compile and run
  // Seconds the whole run may take (0: no limit): no group of programs starts after that, so a
  // run ends within about one group's time of it. With no count, generated programs go on until
  // it passes.
  double time_limit = 0;
  int batch = 16; // programs compiled together per backend
  // Jobs are run in chunks of `batch` consecutive indices (chunk c: c * batch .. c * batch +
  // batch - 1), the same chunks however the run is spread, so that a chunk's programs share a
  // module and a worker the same way in every run. A part of the run (--shard I/N) takes the
  // chunks c with c % shards == shard.
  uint64_t shard = 0, shards = 1;
  // A fresh worker for every chunk: nothing a program did to a worker reaches another chunk, so
  // each chunk's results are the same in a resumed, sharded or differently spread run.
  bool fresh_worker_per_chunk = false;
  // Jobs already done (a resumed campaign), skipped: every k below done_below, and those in done.
  uint64_t done_below = 0;
  std::set<uint64_t> done;
  // Set asynchronously (a signal handler; shared with the shard processes): no group of programs
  // starts once it is set.
  const volatile std::sig_atomic_t *stop = nullptr;
  // Each program's result lists the semantics rules its oracle run reached that this shard had
  // not reached before (ProgramResult::new_rules).
  bool rule_coverage = false;
  // Reduce the first finding of each signature (tirconf reduce), into out/reduced/<slug>.py,
  // each within this many seconds; 0: do not reduce.
  double reduce_seconds = 0;
  std::string inject; // test hook (--inject-mismatch): this backend's outcomes are altered
  oracle::CheckOptions oracle_check; // test hook (--oracle-disable-rule)
};

} // namespace tirconf::fuzz
