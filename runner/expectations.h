// An implementation's expectations file: the conformance files it is known to fail, each with
// the status it ends in, the spec rule it violates and why. `tirconf conform` judges a run
// against it, so that a nightly run fails on what changed, not on what is known.
//
//   implementation: tvm
//   version: 0.20.0
//   corpus: ../conformance
//   files:
//     sem/expr/floordiv_int_min.py: {status: FAIL, rule: sem.expr.floordiv, reason: "..."}
//
// `corpus` is the folder the paths are relative to, itself relative to the expectations file's
// folder; paths use '/' separators. A file not listed is expected to PASS.
//
// The findings of differential campaigns it is known to produce, by signature (Signature::text()),
// are listed too, so that a nightly `tirconf fuzz` counts them apart and fails only on new ones:
//
//   signatures:
//     "wrong-value | tvm | int32 buffer element": {reason: "Simplify folds floordiv by -1"}
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/diagnostic.h"

namespace tirconf::runner {

// PASS: every case conforms. FAIL: a case does not (wrong value, wrong error, rejected...).
// CRASH / TIMEOUT: the implementation died or hung on a case. ERROR: its adapter failed (a
// worker fault, not a verdict). SKIP: nothing was judged (unsupported, expects unspecified);
// as an expectation, SKIP means "do not run it".
enum class FileStatus { Pass, Fail, Crash, Timeout, Error, Skip };
std::string_view to_string(FileStatus s);
std::optional<FileStatus> parse_file_status(std::string_view s);

struct KnownResult {
  FileStatus status = FileStatus::Fail;
  // Other statuses the implementation is known to end in on this file from run to run (a
  // compiler that crashes only sometimes): `also: [CRASH]`. Any of them is as expected.
  std::vector<FileStatus> also;
  std::string rule;   // the spec rule the implementation violates
  std::string reason; // one line
  ir::SourceLoc loc;  // where in the expectations file
};

struct KnownSignature {
  std::string reason;
  ir::SourceLoc loc;
};

struct Expectations {
  std::string implementation, version;
  std::string corpus;                               // as written
  std::map<std::string, KnownResult> files;         // by corpus-relative path
  std::map<std::string, KnownSignature> signatures; // by Signature::text()
};

struct ExpectationsResult {
  std::optional<Expectations> expectations;
  ir::Diagnostics diagnostics; // file:line:col of each problem
};
ExpectationsResult load_expectations(const std::string &path);
ExpectationsResult parse_expectations(std::string_view text, const std::string &path);

// The YAML text of `e`, sorted by path; reasons quoted so that any text survives.
std::string format_expectations(const Expectations &e);
// Writes atomically (a temporary file, then rename): an interrupted update never leaves a torn
// file. False when it cannot be written.
bool write_expectations(const std::string &path, const Expectations &e);

// How one file's result compares with its expectation.
enum class Verdict {
  AsExpected,        // passed, or failed exactly as listed
  UnexpectedFailure, // expected PASS, or a different failing status than listed
  UnexpectedPass,    // listed as failing, passed
  Skipped,           // nothing judged
};
Verdict judge_against(FileStatus actual, const KnownResult *expected);

} // namespace tirconf::runner
