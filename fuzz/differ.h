// One group of programs through a differential comparison: each on the oracle first; the
// programs it finds invalid, unspecified or over its budget are skipped; every backend then
// runs the rest in a worker process (a crash or hang is a finding, not the end of the run) and
// must agree with the oracle: integers exactly, floats bit for bit with all NaNs equal (or
// within --ulp), error classes equal. A difference is a finding: reported in the program's
// result lines and, with an output folder, written as a conformance file plus a JSON record.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "backends/worker.h"
#include "fuzz/findings.h"
#include "fuzz/job_source.h"
#include "fuzz/options.h"
#include "fuzz/program_result.h"

namespace tirconf::fuzz {

// The outcome a backend's reply is compared as: the run's own when it ran; a compile error is the
// implementation rejecting the program (stage "compile"); a bad request a crash of the worker;
// nothing when the backend does not support the program or is not built.
std::optional<runtime::Outcome> reply_outcome(const backends::WorkerReply &reply);

class Differ {
public:
  // `backends`: the compared backends, the oracle not among them.
  Differ(const DiffOptions &o, std::vector<std::string> backends)
      : o_(o), backends_(std::move(backends)) {}

  // One result per job, in order. The backends compile the comparable programs of the group
  // together (--batch), so that the fixed cost of a compilation is paid once.
  std::vector<ProgramResult> run(std::vector<Job> &jobs);
  // The next programs run in a new worker process.
  void fresh_worker() { worker_.stop(); }

private:
  bool oracle_first(Job &j, ProgramResult &r, Finding &finding);
  std::vector<backends::WorkerReply> run_all(const std::vector<backends::WorkerRequest> &reqs,
                                             const std::vector<const runtime::Outcome *> &refs);
  backends::WorkerRequest request(const Job &j, size_t b) const;
  void compare(size_t b, const runtime::Outcome &reference, backends::WorkerReply reply,
               BackendResult &br, Finding &finding);
  void report(Job &j, Finding &f, ProgramResult &r, const std::vector<std::string> *batch);
  runtime::OutcomeCompareOptions comparison() const;

  const DiffOptions &o_;
  std::vector<std::string> backends_;
  backends::Worker worker_;
  std::set<std::string> rules_reached_; // by the oracle in this Differ's programs
};

} // namespace tirconf::fuzz
