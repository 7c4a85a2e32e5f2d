// The programs of a differential run, one job each: the k-th generated program of a seeded run,
// or the k-th (file, case) pair of conformance files. Every job is made on demand from its
// index, so that a shard makes only its own.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "fuzz/findings.h"
#include "fuzz/options.h"
#include "generators/profile.h"
#include "ir/module.h"
#include "runner/arguments.h"
#include "runner/conformance.h"

namespace tirconf::fuzz {

// One program with one input.
struct Job {
  std::string stem;   // finding file names: diff_<seed>_<index> or <file stem>_case<c>
  std::string source; // for people: "seed S program I, profile P" or "FILE case C"
  std::string text;   // the module's TVMScript: what the workers read
  ir::IRModule module;
  std::string file, func;
  // Two copies of the arguments: the oracle mutates its tensors in place.
  std::unique_ptr<runner::CallArguments> oracle_args, backend_args;
  Finding provenance;           // seed / file fields only
  bool expects_invalid = false; // a conformance case expecting the checker to reject it
  std::string bad;              // why the job cannot run (malformed input); empty: it can
};

class JobSource {
public:
  // `profile` (generated programs only) must outlive the source.
  JobSource(const DiffOptions &o, const gen::Profile *profile) : o_(o), profile_(profile) {}

  // Lists the (file, case) pairs of the options' files; unreadable files and files that are
  // not conformance tests go to `errors`. False when there were any.
  bool list_files(std::vector<std::string> &errors);

  // Generated programs: --count, or as many as a time limit allows when no count is given.
  uint64_t size() const {
    return o_.seeded ? (o_.count ? o_.count : UINT64_MAX - o_.first) : cases_.size();
  }
  Job make(uint64_t k);

private:
  struct Case {
    std::string path;
    int index;
  };
  Job generated(uint64_t index);
  Job from_file(const Case &c);

  const DiffOptions &o_;
  const gen::Profile *profile_;
  std::vector<Case> cases_;
  // The file of the last case made: consecutive cases of one file read it once.
  std::string loaded_path_, loaded_text_;
  runner::LoadedFile loaded_;
};

} // namespace tirconf::fuzz
