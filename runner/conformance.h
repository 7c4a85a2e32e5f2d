// Loading TVMScript / conformance files and judging their expectations.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <functional>
#include <span>

#include "ir/tvmscript/reader.h"
#include "oracle/readings.h"
#include "oracle/typecheck/checker.h"
#include "runner/testfile.h"
#include "runtime/argument.h"
#include "runtime/outcome.h"

namespace tirconf::runner {

// One input file, read, front matter parsed and type-checked.
struct LoadedFile {
  std::string path;
  bool unreadable = false;           // could not be opened: diagnostics say why
  ir::ReadResult read;               // reader result (module null on syntax errors)
  std::optional<TestFile> test;      // set when the file has conformance front matter
  ir::Diagnostics input_errors;      // unreadable file, syntax errors, malformed front matter
  ir::Diagnostics check_diagnostics; // the checker's findings on a readable program

  bool input_ok() const { return input_errors.empty(); }
};

// `check`: the checker's test hooks (oracle/typecheck/checker.h).
LoadedFile load_file(const std::string &path, const oracle::CheckOptions &check = {});
// The same for a file's text already in memory; `path` names it in diagnostics.
LoadedFile load_text(const std::string &path, const std::string &text,
                     const oracle::CheckOptions &check = {});

// Expands files and folders (recursively, *.py, sorted) into file paths. Missing paths are
// reported in `errors`.
std::vector<std::string> collect_python_files(const std::vector<std::string> &paths,
                                              std::vector<std::string> &errors);

// Something that runs TIR: the oracle, or a backend (backends/) through tools/backend_impl.h.
struct Implementation {
  std::string name;
  std::function<runtime::Outcome(const ir::IRModule &m, std::string_view func,
                                 std::span<runtime::Argument> args, const std::string &file)>
      run;
  // The oracle is the reference: only it says precisely when the spec promises nothing, and its
  // checker is what rejects invalid programs. Any other implementation conforms whatever it does
  // on a case expecting `unspecified`, and never sees an invalid program (the shared checker
  // rejects it first), so such cases are skipped for it, with the reason.
  bool is_reference = true;
  // Why the implementation cannot run `m` (a construct it declares unsupported); the case is
  // skipped with that reason. Unset: it runs everything.
  std::function<std::optional<std::string>(const ir::IRModule &m)> unsupported;
};
// The reference interpreter; under readings other than the catalog's, its name says which.
Implementation oracle_implementation(const oracle::CheckOptions &check = {},
                                     const oracle::Readings &readings = {});

struct CaseResult {
  // BadInput: the case itself is malformed (args that do not match the parameters, ...).
  enum class Status { Pass, Fail, Skip, BadInput };
  CaseResult(Status s = Status::Pass, std::string why = {}, ir::SourceLoc at = {},
             std::optional<runtime::OutcomeKind> outcome = std::nullopt)
      : status(s), reason(std::move(why)), loc(at), actual(outcome) {}
  Status status;
  std::string reason; // why it failed or was skipped
  ir::SourceLoc loc;
  std::optional<runtime::OutcomeKind> actual; // what the implementation's run ended in, if it ran
  std::string signature; // a failed run's (runner/signature.h), to group failures by cause
};

// Judges every case of a conformance file: `invalid` expectations must be rejected by the
// checker citing one of the file's rules; every other expectation requires a valid program,
// which `impl` runs on the case's arguments and whose outcome must match. An internal error of
// the implementation fails the case as such, whatever it expects.
std::vector<CaseResult> judge(const LoadedFile &f, const Implementation &impl);

} // namespace tirconf::runner
