// The engine of `tirconf conform`: every conformance file judged on one implementation, each
// file's result reduced to one status (runner/expectations.h), then compared with the
// implementation's expectations file.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "runner/conformance.h"
#include "runner/expectations.h"

namespace tirconf::tools {

struct CaseOutcome {
  runner::CaseResult::Status status = runner::CaseResult::Status::Pass;
  std::string reason;
  uint32_t line = 0;
  std::optional<runtime::OutcomeKind> actual;
  std::string signature; // a failed run's (runner/signature.h)
};

struct FileResult {
  std::string path; // as found on disk
  std::string key;  // its name in the expectations file
  runner::FileStatus status = runner::FileStatus::Skip;
  bool bad_input = false;         // unreadable, malformed front matter or case
  std::vector<std::string> rules; // the rules the file cites
  std::vector<CaseOutcome> cases;
  double seconds = 0;

  // The first case that did not pass, in one line: "line 12: tvm: outcome differs: ...".
  std::string first_problem() const;
  // The signature of that case's failure, or "".
  std::string first_signature() const;
};

// Judges one file on `impl`.
FileResult judge_file(const std::string &path, const std::string &key,
                      const runner::Implementation &impl);

// Exact text round trip for shard reports.
std::string encode(const FileResult &r);
std::optional<FileResult> decode_file_result(const std::string &text);

// A 64-bit FNV-1a hash of the files' names and contents in order, as 16 hex digits: two runs
// with the same hash ran the same corpus.
std::string corpus_hash(const std::vector<std::pair<std::string, std::string>> &key_and_path);

} // namespace tirconf::tools
