// Loading TVMScript / conformance files and judging their expectations.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ir/tvmscript/reader.h"
#include "runner/testfile.h"

namespace tirconf::runner {

// One input file, read, front matter parsed and type-checked.
struct LoadedFile {
  std::string path;
  bool unreadable = false;             // could not be opened: diagnostics say why
  ir::ReadResult read;                 // reader result (module null on syntax errors)
  std::optional<TestFile> test;        // set when the file has conformance front matter
  ir::Diagnostics input_errors;        // unreadable file, syntax errors, malformed front matter
  ir::Diagnostics check_diagnostics;   // the checker's findings on a readable program

  bool input_ok() const { return input_errors.empty(); }
};

LoadedFile load_file(const std::string& path);

// Expands files and folders (recursively, *.py, sorted) into file paths. Missing paths are
// reported in `errors`.
std::vector<std::string> collect_python_files(const std::vector<std::string>& paths,
                                              std::vector<std::string>& errors);

struct CaseResult {
  enum class Status { Pass, Fail, Skip };
  Status status = Status::Pass;
  std::string reason;  // why it failed or was skipped
  ir::SourceLoc loc;
};

// Judges every case of a conformance file against the oracle. Today that is the checker:
// `invalid` expectations must be rejected citing one of the file's rules; every other
// expectation requires the program to be valid, and its run is skipped until an interpreter
// is available.
std::vector<CaseResult> judge(const LoadedFile& f);

}  // namespace tirconf::runner
