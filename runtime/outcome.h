// The outcome of running a program (corpus/FORMAT.md's outcome kinds and classes), the common
// currency of the oracle, the backends and the runner:
//   Ok           the final contents of the named buffers, plus the tir.ret value if any
//   Error        a run-time error the spec defines: divide-by-zero | assert | binding | limit
//   Unspecified  the spec guarantees nothing: out-of-bounds | conflict | uninitialized |
//                overflow | ambiguous (| any, only in expectations)
//   Invalid      rejected before running, with the diagnostics
//   Crash        (backends) the implementation died: signal, abort, nonzero exit
//   Timeout      (backends) the implementation ran past its time limit
//   Rejected     (implementations under test) it refused to read or compile the program, with
//                its message: on a valid program, a nonconformance of its own kind
//   InternalError (oracle) the oracle contradicted itself: its evaluator met what its checker
//                promises cannot happen (naming the rule the checker should have enforced), or
//                its own code failed. A bug of the oracle, never a verdict on the program; like
//                crash and timeout, not an expectation a conformance file can state.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ir/diagnostic.h"
#include "ir/source_loc.h"
#include "runtime/ndarray.h"
#include "runtime/value.h"

namespace tirconf::runtime {

enum class OutcomeKind { Ok, Error, Unspecified, Invalid, Crash, Timeout, InternalError, Rejected };
// Other: an implementation's error that maps to none of the spec's classes (its message matched
// no rule of its configuration); it compares equal to any class, as "some error". Never written
// in a conformance file.
enum class ErrorClass { DivideByZero, Assert, Binding, Limit, Other };
enum class UnspecifiedClass { OutOfBounds, Conflict, Uninitialized, Overflow, Ambiguous, Any };

// Test-format spellings: "ok", "error", ...; "divide-by-zero", ...; "out-of-bounds", ..., "any";
// the kinds only implementations produce: "crash", "timeout", "internal-error", "rejected";
// ErrorClass::Other is "other".
std::string_view to_string(OutcomeKind k);
std::string_view to_string(ErrorClass c);
std::string_view to_string(UnspecifiedClass c);
std::optional<ErrorClass> parse_error_class(std::string_view s);
std::optional<UnspecifiedClass> parse_unspecified_class(std::string_view s);

// Where in the program something happened (file may be empty; loc may be unknown).
struct Location {
  std::string file;
  ir::SourceLoc loc;
};
std::string to_string(const Location &l); // "file:line:col", "file", "line:col" or ""

struct OkOutcome {
  std::vector<NamedArray> buffers; // final contents, in the order given
  std::optional<Value> ret;        // the tir.ret value; absent: returned Void
  const NDArray *find(std::string_view name) const;
};

struct ErrorOutcome {
  ErrorClass error_class = ErrorClass::Assert;
  std::string message; // short fixed text ("integer divide by zero") or the assert's message
  std::string rule;    // catalog rule ID, e.g. "sem.expr.div"
  Location where;
};

struct UnspecifiedOutcome {
  UnspecifiedClass unspecified_class = UnspecifiedClass::Any;
  std::string rule; // catalog rule ID, e.g. "unspec.int_min_div"
  Location where;
  std::string detail; // what happened, e.g. "int32 -2147483648 / -1"
};

struct InvalidOutcome {
  ir::Diagnostics diagnostics;
};

struct CrashOutcome {
  std::string detail; // e.g. "SIGSEGV", "exit code 134", the tail of stderr
  int signal = 0;     // 0 when not killed by a signal
  int exit_code = 0;
};

struct TimeoutOutcome {
  double limit_seconds = 0;
  std::string detail;
};

struct InternalErrorOutcome {
  std::string rule;    // the rule the checker should have enforced; "" when the oracle's own
                       // code failed (an exception)
  Location where;      // where the evaluator was
  std::string message; // what it met, e.g. "Mod of float operands"
};

struct RejectedOutcome {
  std::string stage;   // where it refused: "parse", "build", ...
  std::string message; // the implementation's own message
};

class Outcome {
public:
  using Variant = std::variant<OkOutcome, ErrorOutcome, UnspecifiedOutcome, InvalidOutcome,
                               CrashOutcome, TimeoutOutcome, InternalErrorOutcome, RejectedOutcome>;

  Outcome() : v_(OkOutcome{}) {}
  Outcome(OkOutcome o) : v_(std::move(o)) {}
  Outcome(ErrorOutcome o) : v_(std::move(o)) {}
  Outcome(UnspecifiedOutcome o) : v_(std::move(o)) {}
  Outcome(InvalidOutcome o) : v_(std::move(o)) {}
  Outcome(CrashOutcome o) : v_(std::move(o)) {}
  Outcome(TimeoutOutcome o) : v_(std::move(o)) {}
  Outcome(InternalErrorOutcome o) : v_(std::move(o)) {}
  Outcome(RejectedOutcome o) : v_(std::move(o)) {}

  static Outcome error(ErrorClass c, std::string message, std::string rule, Location where = {});
  static Outcome unspecified(UnspecifiedClass c, std::string rule, Location where = {},
                             std::string detail = {});

  OutcomeKind kind() const { return static_cast<OutcomeKind>(v_.index()); }
  bool is_ok() const { return kind() == OutcomeKind::Ok; }
  const Variant &variant() const { return v_; }
  Variant &variant() { return v_; }

  // The alternative of that kind; std::bad_variant_access when the kind differs.
  const OkOutcome &ok() const { return std::get<OkOutcome>(v_); }
  OkOutcome &ok() { return std::get<OkOutcome>(v_); }
  const ErrorOutcome &error() const { return std::get<ErrorOutcome>(v_); }
  const UnspecifiedOutcome &unspecified() const { return std::get<UnspecifiedOutcome>(v_); }
  const InvalidOutcome &invalid() const { return std::get<InvalidOutcome>(v_); }
  const CrashOutcome &crash() const { return std::get<CrashOutcome>(v_); }
  const TimeoutOutcome &timeout() const { return std::get<TimeoutOutcome>(v_); }
  const RejectedOutcome &rejected() const { return std::get<RejectedOutcome>(v_); }
  const InternalErrorOutcome &internal_error() const { return std::get<InternalErrorOutcome>(v_); }

  // Flat, JSON-friendly fields: "kind" as above; "class" the error/unspecified class or "";
  // "rule" the rule ID or ""; "location"; "message" (error message, unspecified detail, crash or
  // timeout detail, internal error message, or the first diagnostic).
  std::string_view class_name() const;
  std::string_view rule() const;
  const Location *location() const;
  std::string message() const;

  // The readings other than the catalog's the oracle ran under ("block-predicate=skip"); empty
  // for the catalog's own, and for implementations.
  std::string readings;

private:
  static_assert(std::variant_size_v<Variant> == 8);
  Variant v_;
};

// One line for people: "ok", "error divide-by-zero [sem.expr.div] at 3:7: integer divide by zero",
// "internal-error [type.expr.mod.int] at f.py:4:13: Mod of float operands".
// Ok outcomes list their buffers ("ok B=[1, 2] return 7"), abbreviated after `max_elements`.
std::string to_string(const Outcome &o, size_t max_elements = 16);

// "SIGSEGV", "SIGFPE", ... or "signal N": how a crash outcome's signal is written.
std::string signal_name(int signal);
// A JSON object: {"kind": ..., "class": ..., "rule": ..., "location": {"file","line","col"},
// "message": ..., "buffers": {"B": {"dtype": "int32", "shape": [2], "data": ["1", "2"]}},
// "return": "7", "diagnostics": [...]}; element values are strings in the test-format spelling.
std::string to_json(const Outcome &o);

// What differs between an expected and an actual outcome.
//   kinds differ; classes differ (an expected unspecified "any" matches every class); a buffer
//   listed in `expected` is missing from `actual` or differs in dtype, shape or an element
//   (first differing flat index); return values differ. Messages, rules and locations are not
//   compared. With `same_buffer_set`, buffers and a return value that only `actual` has count
//   as differences too (for comparing two implementations rather than a test's expectation).
struct OutcomeCompareOptions {
  uint64_t ulp = 0;
  bool same_buffer_set = false;
};
struct OutcomeMismatch {
  enum class What { Kind, Class, MissingBuffer, ExtraBuffer, Buffer, ReturnValue };
  What what = What::Kind;
  std::string buffer;                 // MissingBuffer, ExtraBuffer, Buffer
  std::optional<ArrayMismatch> array; // Buffer: dtype, shape or first differing element
  std::string expected, actual;       // printed kinds, classes or return values
  std::string message() const;
};
std::optional<OutcomeMismatch> compare_outcomes(const Outcome &expected, const Outcome &actual,
                                                const OutcomeCompareOptions &options = {});

} // namespace tirconf::runtime
