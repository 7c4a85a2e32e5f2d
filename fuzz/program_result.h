// What happened to one program of a differential run: the oracle's verdict, each backend's
// status, and the lines to print (findings, bad input). A shard process reports one per program
// to the process that tallies them, encoded with wire.h's writer.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tirconf::fuzz {

enum class Verdict : uint8_t {
  Compared,           // the oracle ran it to an outcome the backends were compared against
  SkipInvalid,        // the oracle's checker rejects it
  SkipUnspecified,    // the spec promises nothing for it
  SkipLimit,          // over the oracle's budget (budgets are each implementation's own)
  SkipExpectsInvalid, // a conformance case that expects the checker to reject it
  BadInput,           // malformed input: nothing could run
  OracleBug,          // the oracle ended in an internal error: a finding of the oracle
};

enum class BackendStatus : uint8_t { Agree, Finding, Unsupported };

struct BackendResult {
  BackendStatus status = BackendStatus::Agree;
  double compile_seconds = 0;
  bool cached = false; // the worker had compiled it already
};

struct ProgramResult {
  Verdict verdict = Verdict::Compared;
  std::vector<BackendResult> backends; // one per compared backend, in order
  std::vector<std::string> lines;      // printed as they are
  std::vector<std::string> signatures; // of each finding (runner/signature.h), Signature::text()
  std::string stem;                    // the finding's file name without extension, if any
  uint64_t index = 0;                  // the job's index in the run (JobSource::make)
  std::vector<std::string> new_rules;  // DiffOptions::rule_coverage
  double oracle_seconds = 0;
  bool finding = false;
};

std::string encode(const ProgramResult &r);
// A malformed report decodes to what could be read of it.
ProgramResult decode(const std::string &s);
// A chunk's results as one message.
std::string encode(const std::vector<ProgramResult> &chunk);
std::vector<ProgramResult> decode_chunk(const std::string &s);

} // namespace tirconf::fuzz
