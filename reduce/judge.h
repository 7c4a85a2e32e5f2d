// Whether a candidate still shows the finding. A candidate counts only if it is a meaningful
// program: it reads, the checker accepts it, and the oracle runs it on its arguments to the same
// kind of outcome as the original (ok, or the same error class) with no unspecified behaviour.
// A candidate that "reproduces" only because it became undefined is rejected here, before any
// implementation sees it. Then each implementation runs it, and it is interesting when one of
// them still shows the finding's signature (or when the user's --test command exits 0).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "backends/worker.h"
#include "runner/signature.h"
#include "runtime/outcome.h"

namespace tirconf::reduce {

struct Goal {
  std::vector<std::string> backends; // the implementations run on each candidate
  runtime::OutcomeKind oracle_kind = runtime::OutcomeKind::Ok;
  std::optional<runtime::ErrorClass> oracle_error; // when oracle_kind is Error
  // Instead of the implementations: a shell command run with the candidate's file as its last
  // argument; exit status 0 means interesting (as for C-Reduce and llvm-reduce).
  std::string test_command;
  double timeout_seconds = 10;
  uint64_t ulp = 0;
};

enum class Verdict : uint8_t {
  Interesting,
  NotInteresting, // valid, but no implementation shows the signature any more
  Unreadable,     // does not read back, or its arguments do not fit
  Invalid,        // the checker rejects it
  Unspecified,    // the oracle finds behaviour the spec leaves open (or a budget ran out)
  OracleChanged,  // the oracle's outcome is of another kind than the original's
};
const char *to_string(Verdict v);

struct Judgement {
  Verdict verdict = Verdict::NotInteresting;
  // Interesting or NotInteresting: what the first implementation showed (empty kind: it agreed).
  runner::Signature seen;
};

class Judge {
public:
  explicit Judge(Goal goal);
  Judge(const Judge &) = delete;
  Judge &operator=(const Judge &) = delete;
  ~Judge();

  // `text` is a candidate as render() writes it; interesting when an implementation shows
  // `target` (an empty target: never; the judgement then says what the implementations showed).
  Judgement judge(const std::string &text, const runner::Signature &target);
  // The oracle's outcome on the candidate, or nothing when it does not read or its arguments do
  // not fit (used for the final file's expectation).
  static std::optional<runtime::Outcome> oracle_outcome(const std::string &text,
                                                        std::vector<std::string> *rules = nullptr);

private:
  bool run_test_command(const std::string &text);
  Goal goal_;
  backends::Worker worker_;
  std::string scratch_dir_; // --test: where candidates are written
};

} // namespace tirconf::reduce
