// The counts of a differential run so far: programs by verdict, and per backend how many were
// compared, found different or unsupported, and what compiling them cost.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "fuzz/program_result.h"

namespace tirconf::fuzz {

struct Tally {
  explicit Tally(size_t backends) : per_backend(backends) {}

  void add(const ProgramResult &r);
  uint64_t skipped() const { return invalid + unspecified + limit; }

  uint64_t done = 0, compared = 0;
  uint64_t invalid = 0, unspecified = 0, limit = 0, expects_invalid = 0, bad = 0;
  uint64_t oracle_bugs = 0; // internal errors of the oracle (each also a finding)
  uint64_t findings = 0;    // programs with at least one
  double oracle_seconds = 0;

  struct PerBackend {
    uint64_t compared = 0, findings = 0, unsupported = 0;
    uint64_t compiles = 0; // not from the worker's cache
    double compile_seconds = 0;
  };
  std::vector<PerBackend> per_backend; // one per compared backend, in order
};

} // namespace tirconf::fuzz
