#include "fuzz/differ.h"

#include <algorithm>
#include <chrono>

#include "backends/registry.h"
#include "oracle/eval/interpreter.h"

namespace tirconf::fuzz {

namespace {

using Clock = std::chrono::steady_clock;
using ReplyStatus = backends::WorkerReply::Status;

// The test hook --inject-mismatch: an outcome made to differ from what the backend computed,
// so that tests can follow a finding from the comparison to its files (diff_finding_test.sh).
// The first element of the first non-empty buffer gets its lowest bit flipped; without one, the
// return value; without either, the outcome becomes a crash.
void inject_mismatch(runtime::Outcome &o) {
  if (o.is_ok()) {
    for (auto &nb : o.ok().buffers)
      if (nb.array.size() > 0) {
        runtime::Value v = nb.array.get(0);
        v.set_bits(0, v.bits(0) ^ 1);
        nb.array.set(0, v);
        return;
      }
    if (o.ok().ret && !o.ok().ret->is_handle() && !o.ok().ret->is_void()) {
      o.ok().ret->set_bits(0, o.ok().ret->bits(0) ^ 1);
      return;
    }
  }
  o = runtime::Outcome(runtime::CrashOutcome{"injected mismatch (--inject-mismatch)", 0, 0});
}

} // namespace

std::optional<runtime::Outcome> reply_outcome(const backends::WorkerReply &reply) {
  switch (reply.status) {
  case ReplyStatus::Ran:
    return reply.outcome;
  case ReplyStatus::CompileError:
    return runtime::Outcome(runtime::RejectedOutcome{"compile", reply.reason});
  case ReplyStatus::BadRequest:
  case ReplyStatus::Lost:
    return runtime::Outcome(runtime::CrashOutcome{reply.reason, 0, 0});
  case ReplyStatus::Unsupported:
  case ReplyStatus::NotBuilt:
    break;
  }
  return std::nullopt;
}

runtime::OutcomeCompareOptions Differ::comparison() const {
  runtime::OutcomeCompareOptions cmp;
  cmp.ulp = o_.ulp;
  cmp.same_buffer_set = true;
  return cmp;
}

std::vector<ProgramResult> Differ::run(std::vector<Job> &jobs) {
  std::vector<ProgramResult> results(jobs.size());
  std::vector<Finding> findings(jobs.size());
  std::vector<size_t> comparable;
  for (size_t i = 0; i < jobs.size(); ++i)
    if (oracle_first(jobs[i], results[i], findings[i]))
      comparable.push_back(i);
  for (size_t b = 0; b < backends_.size(); ++b) {
    std::vector<backends::WorkerRequest> reqs;
    std::vector<const runtime::Outcome *> refs;
    for (size_t i : comparable) {
      reqs.push_back(request(jobs[i], b));
      refs.push_back(&findings[i].oracle);
    }
    std::vector<backends::WorkerReply> replies = run_all(reqs, refs);
    for (size_t k = 0; k < comparable.size(); ++k) {
      const size_t i = comparable[k];
      compare(b, findings[i].oracle, std::move(replies[k]), results[i].backends[b], findings[i]);
    }
  }
  std::vector<std::string> stems;
  for (size_t i : comparable)
    stems.push_back(jobs[i].stem);
  for (size_t i : comparable)
    if (!findings[i].differences.empty())
      report(jobs[i], findings[i], results[i], comparable.size() > 1 ? &stems : nullptr);
  return results;
}

// The oracle's outcome; false when there is nothing to compare (bad input, or the oracle finds
// the program invalid, unspecified or over its budget).
bool Differ::oracle_first(Job &j, ProgramResult &r, Finding &finding) {
  r.backends.resize(backends_.size());
  if (j.expects_invalid) {
    r.verdict = Verdict::SkipExpectsInvalid;
    return false;
  }
  if (!j.bad.empty()) {
    r.verdict = Verdict::BadInput;
    r.lines.push_back("BAD INPUT " + j.bad);
    return false;
  }
  oracle::RunOptions options;
  options.file = j.file;
  options.check = o_.oracle_check;
  oracle::RuleCoverage coverage;
  if (o_.rule_coverage)
    options.coverage = &coverage;
  const auto start = Clock::now();
  runtime::Outcome reference = oracle::run(j.module, j.func, j.oracle_args->args, options);
  r.oracle_seconds = std::chrono::duration<double>(Clock::now() - start).count();
  for (const auto &[rule, hits] : coverage.counts())
    if (hits > 0 && rules_reached_.insert(rule).second)
      r.new_rules.push_back(rule);
  switch (reference.kind()) {
  case runtime::OutcomeKind::Invalid:
    r.verdict = Verdict::SkipInvalid;
    return false;
  case runtime::OutcomeKind::Unspecified:
    r.verdict = Verdict::SkipUnspecified;
    return false;
  case runtime::OutcomeKind::Error:
    // Budgets are each implementation's own (sem.stmt.limit): nothing to compare.
    if (reference.error().error_class == runtime::ErrorClass::Limit) {
      r.verdict = Verdict::SkipLimit;
      return false;
    }
    break;
  default:
    break;
  }
  finding = j.provenance;
  finding.stem = j.stem;
  finding.source = j.source;
  finding.func = j.func;
  finding.oracle = reference;
  finding.backends.push_back("oracle");
  for (const auto &b : backends_)
    finding.backends.push_back(b);
  if (reference.kind() == runtime::OutcomeKind::InternalError) {
    // The oracle contradicted itself: a finding of the oracle, with nothing to compare against.
    r.verdict = Verdict::OracleBug;
    finding.differences.push_back({"oracle",
                                   oracle_bug_check,
                                   describe_internal_error(reference),
                                   std::nullopt,
                                   reference,
                                   {}});
    report(j, finding, r, nullptr);
    return false;
  }
  return true;
}

// External implementations (backends/external) compile and run every program by itself in a
// worker process of their own.
static bool runs_alone(const std::string &backend) {
  const backends::BackendInfo *info = backends::find_backend(backend);
  return info && info->external;
}

// Every request's reply, compiled in batches of --batch. After a reply that differs from the
// oracle, the worker may be corrupted (a miscompiled program can write anywhere in it), so the
// rest run again in a fresh worker; what a crash or hang left unrun runs again too.
std::vector<backends::WorkerReply>
Differ::run_all(const std::vector<backends::WorkerRequest> &reqs,
                const std::vector<const runtime::Outcome *> &refs) {
  std::vector<backends::WorkerReply> out(reqs.size());
  const runtime::OutcomeCompareOptions cmp = comparison();
  size_t at = 0;
  while (at < reqs.size()) {
    const size_t n = std::min(reqs.size() - at, static_cast<size_t>(std::max(1, o_.batch)));
    std::vector<backends::WorkerReply> part;
    if (n > 1)
      part = worker_.run_batch({reqs.data() + at, n});
    else
      part.push_back(worker_.run(reqs[at]));
    size_t next = at + n;
    for (size_t k = 0; k < n; ++k) {
      backends::WorkerReply &r = part[k];
      if (r.status == ReplyStatus::Lost)
        r = worker_.run(reqs[at + k]);
      // An implementation that isolates itself compiles and runs each program alone: nothing of
      // one program can reach the next, so the rest of its batch stands.
      const bool differs = r.status == ReplyStatus::Ran && !runs_alone(reqs[at + k].backend) &&
                           runtime::compare_outcomes(*refs[at + k], r.outcome, cmp);
      out[at + k] = std::move(r);
      if (differs && k + 1 < n) {
        worker_.stop();
        next = at + k + 1;
        break;
      }
    }
    at = next;
  }
  return out;
}

backends::WorkerRequest Differ::request(const Job &j, size_t b) const {
  backends::WorkerRequest req;
  req.backend = backends_[b];
  req.program = j.text;
  req.file = j.file;
  req.func = j.func;
  req.args = j.backend_args->args;
  req.timeout_seconds = o_.timeout;
  return req;
}

// A backend's reply against the oracle's outcome; a difference goes into `finding`.
void Differ::compare(size_t b, const runtime::Outcome &reference, backends::WorkerReply reply,
                     BackendResult &br, Finding &finding) {
  br.compile_seconds = reply.compile_seconds;
  br.cached = reply.cached;
  if (reply.status == ReplyStatus::Unsupported || reply.status == ReplyStatus::NotBuilt) {
    br.status = BackendStatus::Unsupported;
    return;
  }
  if (reply.status != ReplyStatus::Ran) {
    br.status = BackendStatus::Finding;
    finding.differences.push_back(
        {backends_[b],
         reply.status == ReplyStatus::CompileError ? "Compile error" : "Bad request",
         reply.reason,
         std::nullopt,
         *reply_outcome(reply),
         {}});
    return;
  }
  if (backends_[b] == o_.inject)
    inject_mismatch(reply.outcome);
  if (auto mm = runtime::compare_outcomes(reference, reply.outcome, comparison())) {
    br.status = BackendStatus::Finding;
    finding.differences.push_back(
        {backends_[b], check_name(*mm, reply.outcome), mm->message(), mm, reply.outcome, {}});
  }
}

// Prints and writes a finding. One found in a batch is run again alone in a fresh worker: if it
// then agrees, the difference needs the rest of the batch (compiled in one module with it, or
// run before it in the same worker), which the message says, with the batch's programs, since
// the finding file alone will not reproduce it.
void Differ::report(Job &j, Finding &f, ProgramResult &r, const std::vector<std::string> *batch) {
  for (auto &d : f.differences) {
    if (!batch || d.backend == "oracle")
      continue;
    size_t b = 0;
    while (b < backends_.size() && backends_[b] != d.backend)
      ++b;
    if (runs_alone(backends_[b]))
      continue; // each of its programs was compiled and run by itself already
    worker_.stop();
    backends::WorkerReply alone = worker_.run(request(j, b));
    if (alone.status == ReplyStatus::Ran && backends_[b] == o_.inject)
      inject_mismatch(alone.outcome);
    if (alone.status == ReplyStatus::Ran &&
        !runtime::compare_outcomes(f.oracle, alone.outcome, comparison())) {
      std::string with;
      for (const auto &s : *batch)
        with += (with.empty() ? "" : ", ") + s;
      d.message +=
          " (does not reproduce alone: compiled in one module with, and run after, " + with + ")";
    }
  }
  r.finding = true;
  r.stem = j.stem;
  for (auto &d : f.differences) {
    d.signature = runner::signature_of(d.backend, "", f.oracle, d.outcome, d.mismatch);
    r.signatures.push_back(d.signature.text());
  }
  for (const auto &d : f.differences) {
    std::string line = "FINDING " + j.stem + " (" + j.source + "): " + d.backend + ": " + d.check +
                       ": " + d.message;
    if (d.backend != "oracle") // the oracle's own finding has no other outcome to show
      line += "; oracle: " + runtime::to_string(f.oracle, 8) + "; " + d.backend + ": " +
              runtime::to_string(d.outcome, 8);
    r.lines.push_back(std::move(line));
  }
  if (!o_.out.empty()) {
    std::string err = write_finding(o_.out, f, j.module, j.backend_args->args);
    if (!err.empty())
      r.lines.push_back("error: " + err);
  }
  // A run that went wrong may have corrupted the worker: start the next one afresh.
  worker_.stop();
}

} // namespace tirconf::fuzz
