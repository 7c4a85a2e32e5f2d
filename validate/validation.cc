#include "validate/validation.h"

#include <chrono>

#include "ir/tvmscript/reader.h"
#include "oracle/typecheck/checker.h"

namespace tirconf::validate {

namespace {

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// A step's program read and checked; nullopt with `why` when tirconf cannot use it.
std::optional<runner::Program> read_program(const std::string &text, const std::string &file,
                                            const oracle::Readings &readings, std::string *why) {
  ir::ReadResult r = ir::read_tvmscript(text, file);
  if (!r.ok() || !r.module) {
    *why = r.diagnostics.empty() ? "tirconf cannot read it" : ir::format(r.diagnostics[0]);
    return std::nullopt;
  }
  oracle::CheckOptions check;
  check.readings = readings;
  ir::Diagnostics d = oracle::check_module(r.module, file, check);
  if (!d.empty()) {
    *why = "the checker rejects it: " + ir::format(d[0]);
    return std::nullopt;
  }
  return runner::Program{r.module, file};
}

StepVerdict verdict_of(runner::Verdict v) {
  switch (v) {
  case runner::Verdict::Agree:
  case runner::Verdict::BeforeUnspecified:
    return StepVerdict::Validated;
  case runner::Verdict::Differ:
  case runner::Verdict::AfterUnspecified:
  case runner::Verdict::ErrorDiffers:
    return StepVerdict::Finding;
  case runner::Verdict::OracleInternalError:
    return StepVerdict::OracleBug;
  case runner::Verdict::CannotRun:
  case runner::Verdict::Incomparable:
    return StepVerdict::CannotRun;
  }
  return StepVerdict::CannotRun;
}

} // namespace

std::string_view to_string(StepVerdict v) {
  switch (v) {
  case StepVerdict::Validated:
    return "validated";
  case StepVerdict::Skipped:
    return "skipped";
  case StepVerdict::Finding:
    return "finding";
  case StepVerdict::OracleBug:
    return "oracle-internal-error";
  case StepVerdict::Unreadable:
    return "unreadable";
  case StepVerdict::CannotRun:
    return "cannot-run";
  case StepVerdict::Refused:
    return "refused";
  case StepVerdict::NotReached:
    return "not-reached";
  }
  return "?";
}

std::string step_kind(const std::string &name) {
  const size_t paren = name.find('(');
  return paren == std::string::npos ? name : name.substr(0, paren);
}

std::string Validation::signature() const {
  if (!finding)
    return "";
  const StepCheck &c = checks[*finding];
  const std::string what = c.verdict == StepVerdict::OracleBug
                               ? "oracle-internal-error"
                               : std::string(runner::to_string(c.pair.verdict));
  return "validate:" + step_kind(steps[*finding].name) + ":" + what;
}

std::vector<Step> steps_of(const Transformer::TransformResult &r, std::string *why) {
  std::vector<Step> steps;
  if (!r.ok) {
    *why = r.message;
    return steps;
  }
  if (r.parsed.empty() && !r.parsed_message.empty())
    steps.push_back({"parse", "", StepStatus::Unprintable, "", r.parsed_message, 0});
  else
    steps.push_back({"parse", "", StepStatus::Ok, r.parsed, "", 0});
  for (const auto &s : r.steps)
    steps.push_back({s.name, s.params, s.status, s.script, s.message, s.seconds + s.print_seconds});
  return steps;
}

Validation validate_steps(const std::string &original, std::vector<Step> steps,
                          const ValidationOptions &options) {
  Validation v;
  v.steps = std::move(steps);
  v.checks.resize(v.steps.size());
  const oracle::Readings &readings = options.equivalence.run.readings;
  std::string why;
  auto before = read_program(original, options.file, readings, &why);
  auto end_at = [&](size_t i, StepVerdict verdict, std::string detail) {
    v.checks[i].verdict = verdict;
    v.checks[i].detail = std::move(detail);
    v.end = i;
  };
  size_t first = 0;
  if (!before && !v.steps.empty() && v.steps[0].status == StepStatus::Ok) {
    // A program tirconf cannot read as written (TVMScript's sugar: inferred block regions) is
    // validated from the implementation's own print of it.
    const std::string original_why = why;
    before = read_program(v.steps[0].script, options.file + "@0:parse", readings, &why);
    if (before) {
      v.checks[0].verdict = StepVerdict::Skipped;
      v.checks[0].detail = "validated from the implementation's print: tirconf cannot read the "
                           "program as written: " +
                           original_why;
      first = 1;
    }
  }
  if (!before) {
    if (!v.steps.empty())
      end_at(0, StepVerdict::Unreadable, "the program itself: " + why);
    return v;
  }
  std::optional<size_t> unprinted_since; // steps not yet checked: the implementation's print failed
  for (size_t i = first; i < v.steps.size(); ++i) {
    const Step &step = v.steps[i];
    StepCheck &check = v.checks[i];
    if (step.status == StepStatus::Rejected && !step.params.empty()) {
      check.verdict = StepVerdict::Skipped; // TVM's own checks refused the primitive
      check.detail = step.message;
      continue;
    }
    if (step.status == StepStatus::Rejected) {
      end_at(i, StepVerdict::Refused, step.message);
      break;
    }
    if (step.status == StepStatus::Unprintable) {
      // Checked together with the next step the implementation prints.
      check.verdict = StepVerdict::Skipped;
      check.detail = "the implementation cannot print it: " + step.message;
      if (!unprinted_since)
        unprinted_since = i;
      continue;
    }
    const std::string file = options.file + "@" + std::to_string(i) + ":" + step_kind(step.name);
    const auto read_started = std::chrono::steady_clock::now();
    auto after = read_program(step.script, file, readings, &why);
    check.read_seconds = seconds_since(read_started);
    if (!after) {
      end_at(i, StepVerdict::Unreadable, why);
      break;
    }
    const auto run_started = std::chrono::steady_clock::now();
    check.pair = runner::check_equivalence(*before, *after, options.equivalence);
    check.oracle_seconds = seconds_since(run_started);
    check.verdict = verdict_of(check.pair.verdict);
    check.detail = check.pair.reason;
    if (unprinted_since) {
      check.detail = "with the unprinted steps from step " + std::to_string(*unprinted_since) +
                     " on: " + check.detail;
      unprinted_since.reset();
    }
    if (check.verdict == StepVerdict::Finding || check.verdict == StepVerdict::OracleBug) {
      v.finding = i;
      break;
    }
    if (check.verdict == StepVerdict::CannotRun) {
      v.end = i;
      break;
    }
    v.validated += i > 0;
    before = std::move(after);
  }
  return v;
}

} // namespace tirconf::validate
