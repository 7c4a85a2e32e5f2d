#include "reduce/judge.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "fuzz/differ.h"
#include "fuzz/findings.h"
#include "oracle/eval/interpreter.h"
#include "reduce/candidate.h"
#include "runner/arguments.h"
#include "runner/conformance.h"

namespace tirconf::reduce {

namespace {

constexpr const char *kCandidateFile = "candidate.py";

struct Loaded {
  runner::LoadedFile file;
  std::string func;
};

// The candidate read, checked, and its arguments prepared; a verdict when it cannot be run.
std::optional<Verdict> load(const std::string &text, Loaded &out) {
  out.file = runner::load_text(kCandidateFile, text);
  if (!out.file.input_ok() || !out.file.test || out.file.test->cases.empty())
    return Verdict::Unreadable;
  if (!out.file.check_diagnostics.empty())
    return Verdict::Invalid;
  out.func = runner::entry_function(*out.file.test, out.file.read.module);
  if (!out.file.read.module->lookup(out.func))
    return Verdict::Unreadable;
  return std::nullopt;
}

std::unique_ptr<runner::CallArguments> arguments(const Loaded &l) {
  const ir::PrimFunc f = l.file.read.module->lookup(l.func);
  return runner::prepare_call(*f, l.file.test->cases.front().args, kCandidateFile).call;
}

} // namespace

const char *to_string(Verdict v) {
  switch (v) {
  case Verdict::Interesting:
    return "interesting";
  case Verdict::NotInteresting:
    return "not interesting";
  case Verdict::Unreadable:
    return "unreadable";
  case Verdict::Invalid:
    return "invalid";
  case Verdict::Unspecified:
    return "unspecified";
  case Verdict::OracleChanged:
    return "oracle outcome changed";
  }
  return "?";
}

Judge::Judge(Goal goal) : goal_(std::move(goal)) {}

Judge::~Judge() {
  if (!scratch_dir_.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(scratch_dir_, ec);
  }
}

std::optional<runtime::Outcome> Judge::oracle_outcome(const std::string &text,
                                                      std::vector<std::string> *rules) {
  Loaded l;
  if (auto v = load(text, l); v && *v != Verdict::Invalid)
    return std::nullopt;
  auto call = arguments(l);
  if (!call)
    return std::nullopt;
  oracle::RuleCoverage coverage;
  oracle::RunOptions options;
  options.file = kCandidateFile;
  options.coverage = &coverage;
  runtime::Outcome o = oracle::run(l.file.read.module, l.func, call->args, options);
  if (rules)
    for (const auto &[rule, n] : coverage.counts())
      rules->push_back(rule);
  return o;
}

Judgement Judge::judge(const std::string &text, const runner::Signature &target) {
  using K = runtime::OutcomeKind;
  Loaded l;
  if (auto v = load(text, l))
    return {*v, {}};
  auto oracle_args = arguments(l);
  auto backend_args = arguments(l);
  if (!oracle_args || !backend_args)
    return {Verdict::Unreadable, {}};
  oracle::RunOptions options;
  options.file = kCandidateFile;
  const runtime::Outcome reference =
      oracle::run(l.file.read.module, l.func, oracle_args->args, options);
  if (reference.kind() == K::InternalError) {
    const runner::Signature s =
        runner::signature_of("oracle", "", reference, reference, std::nullopt);
    return {!target.kind.empty() && s == target ? Verdict::Interesting : Verdict::NotInteresting,
            s};
  }
  if (target.kind == "oracle-bug")
    return {Verdict::OracleChanged, {}};
  switch (reference.kind()) {
  case K::Unspecified:
    return {Verdict::Unspecified, {}};
  case K::Invalid:
    return {Verdict::Invalid, {}};
  case K::Error:
    if (reference.error().error_class == runtime::ErrorClass::Limit)
      return {Verdict::Unspecified, {}};
    if (goal_.oracle_kind != K::Error || goal_.oracle_error != reference.error().error_class)
      return {Verdict::OracleChanged, {}};
    break;
  default:
    if (reference.kind() != goal_.oracle_kind)
      return {Verdict::OracleChanged, {}};
  }
  if (!goal_.test_command.empty()) {
    // The command sees the oracle's outcome as the file's expectation, as `tirconf test` wants.
    std::string file = text;
    if (size_t at = file.find(kExpectationPlaceholder); at != std::string::npos)
      file.replace(at, std::string_view(kExpectationPlaceholder).size(),
                   fuzz::expectation_yaml(reference));
    return {run_test_command(file) ? Verdict::Interesting : Verdict::NotInteresting, {}};
  }

  runtime::OutcomeCompareOptions cmp;
  cmp.ulp = goal_.ulp;
  cmp.same_buffer_set = true;
  Judgement first{Verdict::NotInteresting, {}};
  for (const auto &backend : goal_.backends) {
    backends::WorkerRequest req;
    req.backend = backend;
    req.program = text;
    req.file = kCandidateFile;
    req.func = l.func;
    req.args = backend_args->args;
    req.timeout_seconds = goal_.timeout_seconds;
    const backends::WorkerReply reply = worker_.run(req);
    const std::optional<runtime::Outcome> actual = fuzz::reply_outcome(reply);
    if (!actual)
      continue;
    const auto mismatch = runtime::compare_outcomes(reference, *actual, cmp);
    runner::Signature seen = runner::signature_of(backend, "", reference, *actual, mismatch);
    // Each candidate runs in a fresh worker: a miscompiled one may corrupt the worker's memory
    // without changing its own outcome, and the next candidate's verdict (so the result of the
    // reduction) would then depend on which candidates ran before it in that worker.
    worker_.stop();
    if (!target.kind.empty() && seen == target)
      return {Verdict::Interesting, seen};
    if (backend == goal_.backends.front())
      first.seen = seen;
  }
  return first;
}

bool Judge::run_test_command(const std::string &text) {
  if (scratch_dir_.empty()) {
    std::string templ = (std::filesystem::temp_directory_path() / "tirconf-reduce-XXXXXX").string();
    if (!mkdtemp(templ.data()))
      return false;
    scratch_dir_ = templ;
  }
  const std::string path = scratch_dir_ + "/" + kCandidateFile;
  {
    std::ofstream out(path, std::ios::binary);
    out << text;
    if (!out.flush())
      return false;
  }
  const std::string command = goal_.test_command + " '" + path + "' >/dev/null 2>&1";
  const int status = std::system(command.c_str());
  return status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

} // namespace tirconf::reduce
