// Do two programs mean the same? The two sides of a before/after pair (a program and what a TIR
// pass or schedule primitive turns it into, as Apache TVM's tests hold hundreds of) run on the
// oracle with the same random arguments (runner/random_arguments.h), trial after trial, and
// their outcomes are compared: the return value and every buffer argument's final contents,
// floats bit for bit except that any NaN equals any NaN.
//
// The after side must refine the before side: where BEFORE has unspecified behaviour the spec
// allows AFTER anything, so that trial says nothing and another is drawn; where BEFORE is
// defined, AFTER must do the same. Verdicts, per trial and overall:
//   agree               both ended alike: equal values, or errors of the same class
//   differ              values differ (the buffer or return value, first differing index, both)
//   before-unspecified  BEFORE is unspecified on those arguments: no evidence either way
//   after-unspecified   only AFTER is unspecified: the transformation introduced it (a finding)
//   error-differs       one side errs and the other not, or errors of different classes
//   cannot-run          the oracle cannot judge a side: no arguments can be made for it, it calls
//                       a builtin the catalog does not list (unspec.builtin_unlisted, whatever
//                       the arguments), or it does not accept the arguments made for it
//   incomparable        the two take different parameters (passes that change the signature)
//   oracle-internal-error  the oracle contradicted itself: a bug of tirconf, never a verdict on
//                       the programs (runtime/outcome.h), reported loudly as such
// Overall: oracle-internal-error if any trial had one, else incomparable, else the first trial
// that is a finding (differ, after-unspecified, error-differs), else cannot-run, else agree if
// any trial compared, else before-unspecified (no trial compared anything).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/module.h"
#include "oracle/eval/interpreter.h"
#include "runner/testfile.h"
#include "runtime/outcome.h"

namespace tirconf::runner {

enum class Verdict {
  Agree,
  Differ,
  BeforeUnspecified,
  AfterUnspecified,
  ErrorDiffers,
  CannotRun,
  Incomparable,
  OracleInternalError,
};
std::string_view to_string(Verdict v); // "agree", "differ", "before-unspecified", ...
// differ, after-unspecified, error-differs: what the transformation got wrong.
bool is_finding(Verdict v);

// One side of the pair: a module the reader read and the checker accepted.
struct Program {
  ir::IRModule module;
  std::string file; // names the program in locations
};

// The entry PrimFunc of `m`: `name` when given, else the only PrimFunc, else the one named main.
// Nothing, with `why`, when there is no such function.
std::optional<std::string> entry_function(const ir::IRModule &m, const std::string &name,
                                          std::string &why);

struct EquivalenceOptions {
  std::string func; // entry of both sides; empty: entry_function's default, side by side
  uint64_t seed = 0;
  // Trials that compare the two sides. A trial on which BEFORE is unspecified compares nothing
  // and is replaced by a new one, up to max_trials in all (0: 4 * trials).
  int trials = 8;
  int max_trials = 0;
  // Arguments for the first trials, in order (a finding's, in the test format); the trials after
  // them draw random ones. Arguments that do not fit BEFORE's parameters make it cannot-run.
  std::vector<std::vector<Arg>> given_arguments;
  oracle::RunOptions run; // for both sides; `file` is set to each side's
};

// Where two successful runs first differ.
struct ValueDifference {
  std::string buffer;           // the parameter's name as BEFORE calls it; empty: the return value
  std::vector<int64_t> index;   // the element's index tuple
  int64_t flat_index = -1;      // its flat row-major index
  int lane = -1;                // the lane of a vector element; -1 for a scalar dtype
  std::string before, after;    // the two values, printed
  std::string describe() const; // "B[1, 2] is 3 in BEFORE, 4 in AFTER"
};

struct Trial {
  int index = 0; // 0-based, in the order run
  Verdict verdict = Verdict::Agree;
  std::string detail; // one line: what differed, or what the two sides did
  // Each side's outcome, its final buffers dropped (the difference, if any, says what mattered).
  runtime::Outcome before, after;
  std::optional<ValueDifference> difference; // differ
  // The arguments of the trial, in the test format (`tirconf run --args` reads them); kept for
  // trials that are findings, cannot-run or an oracle internal error, not for the others.
  std::vector<Arg> arguments;
};

struct EquivalenceResult {
  Verdict verdict = Verdict::Agree;
  std::string reason; // one line: why this verdict
  uint64_t seed = 0;
  std::string before_file, after_file;
  std::string before_func, after_func; // the entries compared
  std::vector<Trial> trials;
  int compared = 0;               // trials that compared the two sides (agree or a finding)
  std::vector<std::string> rules; // rule IDs the outcomes named, sorted, each once
  std::string readings;           // the oracle's readings other than the catalog's, if any
};

// Runs the trials; never throws for anything the programs do. `before` and `after` must have
// been read and checked (an invalid module makes the verdict cannot-run with the checker's first
// diagnostic).
EquivalenceResult check_equivalence(const Program &before, const Program &after,
                                    const EquivalenceOptions &options = {});

} // namespace tirconf::runner
