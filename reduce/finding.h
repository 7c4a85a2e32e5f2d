// A finding as the reducer takes it and gives it back: a conformance file (from `tirconf diff`
// with its JSON record beside it, or any conformance file), reduced into a conformance file that
// says where it came from.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "reduce/candidate.h"
#include "reduce/judge.h"
#include "reduce/reducer.h"
#include "runner/signature.h"

namespace tirconf::reduce {

struct FindingInput {
  std::string path;
  Candidate candidate;
  // From the JSON record of `tirconf diff`, when there is one: the implementations that
  // differed, and where the program came from ("seed 1 program 7, profile default").
  std::vector<std::string> differing_backends;
  std::string source, profile;
  std::optional<uint64_t> seed, index;
};

// Reads PATH (and PATH with .json for .py); `error` says why when it cannot.
std::optional<FindingInput> load_finding(const std::string &path, int case_index,
                                         std::string &error);

struct ReducedFile {
  std::string text;    // the conformance file
  std::string slug;    // the signature's
  size_t ir_nodes = 0; // of the reduced module
};

// The reduced program as a conformance file: the oracle's outcome is its expectation, `rules`
// those the oracle applied running it, and comment lines record the signature, the
// implementation and its version, where the original came from, and the date. Nothing when the
// oracle cannot run it.
std::optional<ReducedFile> reduced_file(const Candidate &c, const runner::Signature &signature,
                                        const FindingInput &origin, const ReduceReport &report);

struct ReduceRequest {
  std::vector<std::string> backends; // run on every candidate (empty with a test command)
  std::string test_command;          // Goal::test_command
  int jobs = 1;
  ReduceOptions options;
  double timeout_seconds = 10; // per implementation run
  uint64_t ulp = 0;
};

struct ReduceResult {
  std::string error; // why nothing was reduced (the oracle cannot run it, it does not reproduce)
  runner::Signature signature; // the finding's, the version filled in
  Candidate reduced;
  ReduceReport report;
  std::optional<ReducedFile> file;
};

// The whole job: the oracle's outcome on the original fixes what every candidate must keep, the
// implementations' run on it fixes the signature, then the reduction and the file.
ReduceResult reduce_finding(const FindingInput &in, const ReduceRequest &request);

} // namespace tirconf::reduce
