// tirconf diff --backends oracle,B1,B2 (--seed S --count N [--profile P] | FILE...) [--out DIR]
//               [--jobs J] [--ulp N] [--timeout T] [--first I] [-q]
// Differential testing: each program (generated, or each case of a conformance file) runs on the
// oracle first; programs the oracle finds invalid, unspecified or over its budget are skipped;
// every other backend then runs it in a worker process (a crash or hang is a finding, not the
// end of the run) and must agree: integers exactly, floats bit for bit with all NaNs equal
// (--ulp N relaxes), error classes equal. Each finding is written to --out as a conformance file
// (the oracle's outcome as expectation) plus a JSON record. Exit 1 if anything was found.
//
// --jobs J forks J shard processes before anything else runs; shard s takes programs
// s, s + J, ...; each has its own worker and reports results to this process over a pipe.
// --batch G compiles G programs together per backend (one LLVM module), which pays the fixed
// cost of optimization and code generation once; a finding made in a batch is run again alone.
#include <poll.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>

#include "backends/frame.h"
#include "backends/registry.h"
#include "backends/wire.h"
#include "backends/worker.h"
#include "generators/choices.h"
#include "generators/profile.h"
#include "generators/program_gen.h"
#include "ir/tvmscript/printer.h"
#include "ir/tvmscript/reader.h"
#include "oracle/eval/interpreter.h"
#include "runner/arguments.h"
#include "runner/conformance.h"
#include "tools/commands.h"
#include "tools/diff_report.h"
#include "tools/gen_check.h"

namespace tirconf::tools {

namespace {

using Clock = std::chrono::steady_clock;

struct DiffOptions {
  std::string backends = "oracle,llvm-O0,llvm-O2";
  bool seeded = false;
  uint64_t seed = 0, count = 0, first = 0;
  std::string profile = "default";
  std::vector<std::string> files;
  std::string out;
  int jobs = 1;
  uint64_t ulp = 0;
  double timeout = 10;
  int batch = 16;
  bool quiet = false;
  std::string inject; // test hook (--inject-mismatch): this backend's outcomes are altered
};

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

// A generator profile narrowed to what every compared backend supports (wasmtime's per-engine
// config narrowing): features off, weights zeroed.
gen::Profile narrow(gen::Profile p, const backends::Capabilities &c) {
  if (!c.vectors) {
    p.features.vectors = false;
    p.features.vector_dtype_buffers = false;
  }
  std::vector<int> lanes;
  for (int l : p.limits.lanes)
    if (l <= c.max_lanes)
      lanes.push_back(l);
  if (!lanes.empty())
    p.limits.lanes = lanes;
  if (!c.calls)
    p.features.calls = false;
  if (!c.calls || !c.recursion)
    p.features.recursion = false;
  if (!c.parallel) {
    p.features.threads = false;
    p.for_kind[static_cast<size_t>(gen::ForKindChoice::Parallel)] = 0;
    p.for_kind[static_cast<size_t>(gen::ForKindChoice::ThreadBinding)] = 0;
  }
  if (!c.approx_math)
    p.features.approx_math = false;
  if (!c.float16)
    p.dtype[static_cast<size_t>(gen::DtypeChoice::Float16)] = 0;
  if (!c.bfloat16)
    p.dtype[static_cast<size_t>(gen::DtypeChoice::BFloat16)] = 0;
  return p;
}

// One program with one input.
struct Job {
  std::string stem, source;
  std::string text; // the module's TVMScript: what the workers read
  ir::IRModule module;
  std::string file, func;
  std::unique_ptr<runner::CallArguments> oracle_args, backend_args;
  Finding provenance; // seed / file fields only
  std::string bad;    // why the job cannot run (malformed input)
};

// What happened to one program, as the shards report it.
enum class Verdict : uint8_t {
  Compared,
  SkipInvalid,
  SkipUnspecified,
  SkipLimit,
  SkipExpectsInvalid,
  BadInput
};
enum class BackendStatus : uint8_t { Agree, Finding, Unsupported };
struct BackendResult {
  BackendStatus status = BackendStatus::Agree;
  double compile_seconds = 0;
  bool cached = false;
};
struct ProgramResult {
  Verdict verdict = Verdict::Compared;
  std::vector<BackendResult> backends;
  std::vector<std::string> lines; // printed as they are (findings, bad input)
  double oracle_seconds = 0;
  bool finding = false;
};

std::string encode(const ProgramResult &r) {
  backends::wire::Writer w;
  w.u8(static_cast<uint8_t>(r.verdict));
  w.u32(static_cast<uint32_t>(r.backends.size()));
  for (const auto &b : r.backends) {
    w.u8(static_cast<uint8_t>(b.status));
    w.f64(b.compile_seconds);
    w.u8(b.cached);
  }
  w.f64(r.oracle_seconds);
  w.u8(r.finding);
  w.u32(static_cast<uint32_t>(r.lines.size()));
  for (const auto &l : r.lines)
    w.str(l);
  return w.take();
}

ProgramResult decode(const std::string &s) {
  backends::wire::Reader rd(s);
  ProgramResult r;
  r.verdict = static_cast<Verdict>(rd.u8());
  const uint32_t n = rd.u32();
  for (uint32_t i = 0; i < n && rd.ok(); ++i) {
    BackendResult b;
    b.status = static_cast<BackendStatus>(rd.u8());
    b.compile_seconds = rd.f64();
    b.cached = rd.u8() != 0;
    r.backends.push_back(b);
  }
  r.oracle_seconds = rd.f64();
  r.finding = rd.u8() != 0;
  const uint32_t m = rd.u32();
  for (uint32_t i = 0; i < m && rd.ok(); ++i)
    r.lines.push_back(rd.str());
  return r;
}

// ---------------------------------------------------------------- inputs

// The k-th job: program first + k of the seeded run, or the k-th (file, case) pair.
class Inputs {
public:
  Inputs(const DiffOptions &o, const gen::Profile *profile) : o_(o), profile_(profile) {}

  // Lists the (file, case) pairs; unreadable files are reported and counted as bad input.
  bool list_files(std::vector<std::string> &errors) {
    for (const auto &path : runner::collect_python_files(o_.files, errors)) {
      auto f = runner::load_file(path);
      if (!f.input_ok()) {
        for (const auto &d : f.input_errors)
          errors.push_back(ir::format(d));
        continue;
      }
      if (!f.test) {
        errors.push_back(path + ": error: not a conformance test file (no front matter with args)");
        continue;
      }
      for (size_t c = 0; c < f.test->cases.size(); ++c)
        cases_.push_back({path, static_cast<int>(c)});
    }
    return errors.empty();
  }

  uint64_t size() const { return o_.seeded ? o_.count : cases_.size(); }

  Job make(uint64_t k) { return o_.seeded ? generated(o_.first + k) : from_file(cases_[k]); }

private:
  struct Case {
    std::string path;
    int index;
  };

  // Two separate copies of the arguments: the oracle mutates its tensors in place.
  static void prepare(Job &j, const std::vector<runner::Arg> &args, runner::ArgMatching matching) {
    ir::PrimFunc f = j.module->lookup(j.func);
    if (!f) {
      j.bad = j.source + ": no PrimFunc named '" + j.func + "'";
      return;
    }
    auto a = runner::prepare_call(*f, args, j.file, matching);
    auto b = runner::prepare_call(*f, args, j.file, matching);
    if (!a.call || !b.call) {
      j.bad = a.errors.empty() ? j.source + ": bad arguments" : ir::format(a.errors.front());
      return;
    }
    j.oracle_args = std::move(a.call);
    j.backend_args = std::move(b.call);
  }

  Job generated(uint64_t index) {
    Job j;
    const uint64_t ps = gen::derive_seed(o_.seed, index);
    j.stem = "diff_" + std::to_string(o_.seed) + "_" + std::to_string(index);
    j.source = "seed " + std::to_string(o_.seed) + " program " + std::to_string(index) +
               ", profile " + o_.profile;
    j.file = j.stem + ".py";
    j.provenance.seed = o_.seed;
    j.provenance.index = index;
    j.provenance.program_seed = ps;
    j.provenance.profile = o_.profile;
    gen::GeneratedProgram g = gen::generate_program(ps, *profile_);
    j.func = g.entry;
    // Everyone runs the module read back from its printed text: exactly what a finding file holds.
    ir::PrintOptions po;
    po.import_comments = false;
    j.text = ir::print_tvmscript(g.module, po);
    auto read = ir::read_tvmscript(j.text, j.file);
    if (!read.ok()) {
      j.bad = j.source + ": the printed program does not read back: " +
              (read.diagnostics.empty() ? std::string("?") : ir::format(read.diagnostics.front()));
      return j;
    }
    j.module = read.module;
    prepare(j, runner_args(g), runner::ArgMatching::Strict);
    return j;
  }

  Job from_file(const Case &c) {
    Job j;
    auto stem = std::filesystem::path(c.path).stem().string();
    j.stem = stem + "_case" + std::to_string(c.index);
    j.source = c.path + " case " + std::to_string(c.index);
    j.file = c.path;
    j.provenance.input_file = c.path;
    j.provenance.case_index = c.index;
    if (c.path != loaded_path_) {
      loaded_ = runner::load_file(c.path);
      loaded_path_ = c.path;
      std::ifstream in(c.path, std::ios::binary);
      std::stringstream buf;
      buf << in.rdbuf();
      loaded_text_ = buf.str();
    }
    if (!loaded_.input_ok() || !loaded_.test) {
      j.bad = c.path + ": cannot be read";
      return j;
    }
    const runner::TestCase &tc = loaded_.test->cases[static_cast<size_t>(c.index)];
    if (tc.expect.kind == runner::Expectation::Kind::Invalid) {
      j.bad = "expects-invalid";
      return j;
    }
    j.text = loaded_text_;
    j.module = loaded_.read.module;
    j.func = runner::entry_function(*loaded_.test, j.module);
    // As written: binding tests pass mismatched arguments on purpose.
    prepare(j, tc.args, runner::ArgMatching::AsWritten);
    return j;
  }

  const DiffOptions &o_;
  const gen::Profile *profile_;
  std::vector<Case> cases_;
  std::string loaded_path_, loaded_text_;
  runner::LoadedFile loaded_;
};

// ---------------------------------------------------------------- one program

class Differ {
public:
  Differ(const DiffOptions &o, std::vector<std::string> backends)
      : o_(o), backends_(std::move(backends)) {}

  // Runs a group of programs: each on the oracle, then every backend on the comparable ones,
  // compiled together (--batch) so that the fixed cost of a compilation is paid once.
  std::vector<ProgramResult> run(std::vector<Job> &jobs) {
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

private:
  // The oracle's outcome; false when there is nothing to compare (bad input, or the oracle
  // finds the program invalid, unspecified or over its budget).
  bool oracle_first(Job &j, ProgramResult &r, Finding &finding) {
    r.backends.resize(backends_.size());
    if (!j.bad.empty()) {
      r.verdict = j.bad == "expects-invalid" ? Verdict::SkipExpectsInvalid : Verdict::BadInput;
      if (r.verdict == Verdict::BadInput)
        r.lines.push_back("BAD INPUT " + j.bad);
      return false;
    }
    oracle::RunOptions options;
    options.file = j.file;
    const auto start = Clock::now();
    runtime::Outcome reference = oracle::run(j.module, j.func, j.oracle_args->args, options);
    r.oracle_seconds = std::chrono::duration<double>(Clock::now() - start).count();
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
    if (reference.kind() == runtime::OutcomeKind::Crash) {
      // An oracle internal error: reported, with nothing to compare against.
      finding.differences.push_back(
          {"oracle", "Oracle crash", reference.message(), std::nullopt, reference});
      report(j, finding, r, nullptr);
      return false;
    }
    return true;
  }

  // Every request's reply, compiled in batches of --batch. After a reply that differs from the
  // oracle, the worker may be corrupted (a miscompiled program can write anywhere in it), so the
  // rest run again in a fresh worker; what a crash or hang left unrun runs again too.
  std::vector<backends::WorkerReply> run_all(const std::vector<backends::WorkerRequest> &reqs,
                                             const std::vector<const runtime::Outcome *> &refs) {
    std::vector<backends::WorkerReply> out(reqs.size());
    runtime::OutcomeCompareOptions cmp;
    cmp.ulp = o_.ulp;
    cmp.same_buffer_set = true;
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
        if (r.status == backends::WorkerReply::Status::Lost)
          r = worker_.run(reqs[at + k]);
        const bool differs = r.status == backends::WorkerReply::Status::Ran &&
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

  backends::WorkerRequest request(const Job &j, size_t b) const {
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
  void compare(size_t b, const runtime::Outcome &reference, backends::WorkerReply reply,
               BackendResult &br, Finding &finding) {
    br.compile_seconds = reply.compile_seconds;
    br.cached = reply.cached;
    using S = backends::WorkerReply::Status;
    if (reply.status == S::Unsupported || reply.status == S::NotBuilt) {
      br.status = BackendStatus::Unsupported;
      return;
    }
    if (reply.status != S::Ran) {
      br.status = BackendStatus::Finding;
      runtime::Outcome crash(runtime::CrashOutcome{reply.reason, 0, 0});
      finding.differences.push_back(
          {backends_[b], reply.status == S::CompileError ? "Compile error" : "Bad request",
           reply.reason, std::nullopt, crash});
      return;
    }
    if (backends_[b] == o_.inject)
      inject_mismatch(reply.outcome);
    runtime::OutcomeCompareOptions cmp;
    cmp.ulp = o_.ulp;
    cmp.same_buffer_set = true;
    if (auto mm = runtime::compare_outcomes(reference, reply.outcome, cmp)) {
      br.status = BackendStatus::Finding;
      finding.differences.push_back(
          {backends_[b], check_name(*mm, reply.outcome), mm->message(), mm, reply.outcome});
    }
  }

  // Prints and writes a finding. One found in a batch is run again alone in a fresh worker: if
  // it then agrees, the difference needs the rest of the batch (compiled in one module with it,
  // or run before it in the same worker), which the message says, with the batch's programs,
  // since the finding file alone will not reproduce it.
  void report(Job &j, Finding &f, ProgramResult &r, const std::vector<std::string> *batch) {
    for (auto &d : f.differences) {
      if (!batch || d.backend == "oracle")
        continue;
      size_t b = 0;
      while (b < backends_.size() && backends_[b] != d.backend)
        ++b;
      worker_.stop();
      backends::WorkerReply alone = worker_.run(request(j, b));
      if (alone.status == backends::WorkerReply::Status::Ran && backends_[b] == o_.inject)
        inject_mismatch(alone.outcome);
      runtime::OutcomeCompareOptions cmp;
      cmp.ulp = o_.ulp;
      cmp.same_buffer_set = true;
      if (alone.status == backends::WorkerReply::Status::Ran &&
          !runtime::compare_outcomes(f.oracle, alone.outcome, cmp)) {
        std::string with;
        for (const auto &s : *batch)
          with += (with.empty() ? "" : ", ") + s;
        d.message +=
            " (does not reproduce alone: compiled in one module with, and run after, " + with + ")";
      }
    }
    r.finding = true;
    for (const auto &d : f.differences)
      r.lines.push_back("FINDING " + j.stem + " (" + j.source + "): " + d.backend + ": " + d.check +
                        ": " + d.message + "; oracle: " + runtime::to_string(f.oracle, 8) + "; " +
                        d.backend + ": " + runtime::to_string(d.outcome, 8));
    if (!o_.out.empty()) {
      std::string err = write_finding(o_.out, f, j.module, j.backend_args->args);
      if (!err.empty())
        r.lines.push_back("error: " + err);
    }
    // A run that went wrong may have corrupted the worker: start the next one afresh.
    worker_.stop();
  }

  const DiffOptions &o_;
  std::vector<std::string> backends_;
  backends::Worker worker_;
};

// ---------------------------------------------------------------- tally and progress

class Tally {
public:
  Tally(const DiffOptions &o, std::vector<std::string> backends, uint64_t total)
      : o_(o), names_(std::move(backends)), per_(names_.size()), total_(total),
        start_(Clock::now()), tty_(::isatty(STDERR_FILENO)) {}

  void add(const ProgramResult &r) {
    ++done_;
    oracle_seconds_ += r.oracle_seconds;
    switch (r.verdict) {
    case Verdict::Compared:
      ++compared_;
      break;
    case Verdict::SkipInvalid:
      ++invalid_;
      break;
    case Verdict::SkipUnspecified:
      ++unspecified_;
      break;
    case Verdict::SkipLimit:
      ++limit_;
      break;
    case Verdict::SkipExpectsInvalid:
      ++expects_invalid_;
      break;
    case Verdict::BadInput:
      ++bad_;
      break;
    }
    if (r.verdict == Verdict::Compared)
      for (size_t i = 0; i < per_.size() && i < r.backends.size(); ++i) {
        auto &p = per_[i];
        const auto &b = r.backends[i];
        if (b.status == BackendStatus::Unsupported) {
          ++p.unsupported;
          continue;
        }
        ++p.compared;
        if (b.status == BackendStatus::Finding)
          ++p.findings;
        if (!b.cached) {
          ++p.compiles;
          p.compile_seconds += b.compile_seconds;
        }
      }
    if (r.finding)
      ++findings_;
    if (!r.lines.empty()) {
      if (tty_ && progress_shown_)
        std::cerr << "\r\033[K";
      for (const auto &l : r.lines)
        std::cout << l << "\n";
      std::cout.flush();
    }
    progress(false);
  }

  void progress(bool force) {
    if (o_.quiet)
      return;
    const auto now = Clock::now();
    const double since = std::chrono::duration<double>(now - last_).count();
    if (!force && since < (tty_ ? 0.5 : 10.0))
      return;
    last_ = now;
    const double secs = std::chrono::duration<double>(now - start_).count();
    std::ostringstream s;
    s << "diff: " << done_ << "/" << total_ << " programs, " << std::fixed << std::setprecision(1)
      << (secs > 0 ? static_cast<double>(done_) / secs : 0.0) << " programs/s, " << findings_
      << " findings, " << (invalid_ + unspecified_ + limit_) << " skipped";
    if (tty_) {
      std::cerr << "\r\033[K" << s.str() << std::flush;
      progress_shown_ = true;
    } else {
      std::cerr << s.str() << "\n";
    }
  }

  void summary() {
    if (tty_ && progress_shown_)
      std::cerr << "\r\033[K";
    const double secs = std::chrono::duration<double>(Clock::now() - start_).count();
    std::cout << std::fixed << std::setprecision(1);
    std::cout << "diff: " << done_ << " programs in " << secs << " s ("
              << (secs > 0 ? static_cast<double>(done_) / secs : 0.0) << " programs/s, " << o_.jobs
              << " job" << (o_.jobs == 1 ? "" : "s") << "); compared " << compared_
              << "; skipped: " << unspecified_ << " unspecified, " << invalid_ << " invalid, "
              << limit_ << " over the oracle's budget";
    if (expects_invalid_)
      std::cout << ", " << expects_invalid_ << " expecting invalid";
    if (bad_)
      std::cout << ", " << bad_ << " bad input";
    std::cout << "\n";
    // CPU time of this process, its shards and their workers (all waited for by now): the
    // throughput one core would give, whatever else the machine was doing.
    rusage self{}, children{};
    ::getrusage(RUSAGE_SELF, &self);
    ::getrusage(RUSAGE_CHILDREN, &children);
    auto secs_of = [](const timeval &t) {
      return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
    };
    const double cpu = secs_of(self.ru_utime) + secs_of(self.ru_stime) +
                       secs_of(children.ru_utime) + secs_of(children.ru_stime);
    std::cout << "  cpu: " << cpu << " s, " << (cpu > 0 ? static_cast<double>(done_) / cpu : 0.0)
              << " programs per CPU second\n";
    std::cout << std::setprecision(2) << "  oracle: "
              << (done_ ? 1000.0 * oracle_seconds_ / static_cast<double>(done_) : 0.0)
              << " ms/program\n";
    for (size_t i = 0; i < names_.size(); ++i) {
      const auto &p = per_[i];
      std::cout << "  " << names_[i] << ": " << p.compared << " compared, " << p.findings
                << " findings, " << p.unsupported << " unsupported, compile "
                << (p.compiles ? 1000.0 * p.compile_seconds / static_cast<double>(p.compiles) : 0.0)
                << " ms/program\n";
    }
    std::cout << findings_ << " finding" << (findings_ == 1 ? "" : "s") << "\n";
  }

  uint64_t findings() const { return findings_; }
  uint64_t bad() const { return bad_; }

private:
  struct Per {
    uint64_t compared = 0, findings = 0, unsupported = 0, compiles = 0;
    double compile_seconds = 0;
  };
  const DiffOptions &o_;
  std::vector<std::string> names_;
  std::vector<Per> per_;
  uint64_t total_, done_ = 0, compared_ = 0, invalid_ = 0, unspecified_ = 0, limit_ = 0,
                   expects_invalid_ = 0, bad_ = 0, findings_ = 0;
  double oracle_seconds_ = 0;
  Clock::time_point start_, last_;
  bool tty_, progress_shown_ = false;
};

// ---------------------------------------------------------------- shards

// Runs jobs shard, shard + jobs, ... and reports each result.
template <class Sink>
void run_shard(const DiffOptions &o, Inputs &inputs, const std::vector<std::string> &backends,
               int shard, Sink &&sink) {
  Differ differ(o, backends);
  const uint64_t group = static_cast<uint64_t>(std::max(1, o.batch));
  std::vector<Job> jobs;
  for (uint64_t k = static_cast<uint64_t>(shard); k < inputs.size();
       k += static_cast<uint64_t>(o.jobs)) {
    jobs.push_back(inputs.make(k));
    if (jobs.size() < group && k + static_cast<uint64_t>(o.jobs) < inputs.size())
      continue;
    for (const auto &r : differ.run(jobs))
      sink(r);
    jobs.clear();
  }
}

int run_diff(DiffOptions o) {
  // Backends: the oracle is the reference and runs first; the rest must be known.
  std::vector<std::string> names, compared;
  {
    std::stringstream ss(o.backends);
    for (std::string n; std::getline(ss, n, ',');)
      if (!n.empty())
        names.push_back(n);
  }
  if (names.empty() || names.front() != "oracle") {
    std::cerr << "tirconf diff: --backends must start with oracle (the reference), e.g. "
                 "oracle,llvm-O0,llvm-O2\n";
    return kBadInput;
  }
  backends::Capabilities common;
  for (size_t i = 1; i < names.size(); ++i) {
    const backends::BackendInfo *info = backends::find_backend(names[i]);
    if (!info) {
      std::cerr << "tirconf diff: unknown backend '" << names[i] << "'\n";
      return kBadInput;
    }
    auto b = backends::make_backend(names[i]);
    if (!b) {
      // Not built in: skipped, not failed.
      std::cerr << "tirconf diff: skipping " << names[i] << ": " << info->not_built << "\n";
      continue;
    }
    const auto c = b->capabilities();
    common.float16 &= c.float16;
    common.bfloat16 &= c.bfloat16;
    common.vectors &= c.vectors;
    common.max_lanes = std::min(common.max_lanes, c.max_lanes);
    common.calls &= c.calls;
    common.recursion &= c.recursion;
    common.parallel &= c.parallel;
    common.approx_math &= c.approx_math;
    compared.push_back(names[i]);
  }
  if (o.seeded == !o.files.empty()) {
    std::cerr << "tirconf diff: give either --seed S --count N or FILE...\n";
    return kBadInput;
  }
  std::optional<gen::Profile> profile;
  if (o.seeded) {
    auto loaded = gen::load_profile(o.profile);
    if (!loaded.profile) {
      for (const auto &d : loaded.diagnostics)
        std::cerr << ir::format(d) << "\n";
      return kBadInput;
    }
    profile = narrow(*loaded.profile, common);
  }
  Inputs inputs(o, profile ? &*profile : nullptr);
  bool bad_input = false;
  if (!o.seeded) {
    std::vector<std::string> errors;
    if (!inputs.list_files(errors)) {
      for (const auto &e : errors)
        std::cerr << e << "\n";
      bad_input = true;
    }
  }
  if (!o.out.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(o.out, ec);
    if (ec) {
      std::cerr << o.out << ": error: cannot create the output folder: " << ec.message() << "\n";
      return kBadInput;
    }
  }
  if (o.jobs < 1)
    o.jobs = 1;
  Tally tally(o, compared, inputs.size());
  if (o.jobs == 1) {
    run_shard(o, inputs, compared, 0, [&](const ProgramResult &r) { tally.add(r); });
  } else {
    // Shards are forked before this process starts any thread or worker.
    std::cout.flush();
    std::cerr.flush();
    std::vector<pid_t> pids;
    std::vector<int> fds;
    for (int s = 0; s < o.jobs; ++s) {
      int p[2];
      if (::pipe(p) != 0) {
        std::cerr << "tirconf diff: cannot create a pipe\n";
        return kBadInput;
      }
      const pid_t pid = ::fork();
      if (pid == 0) {
        ::close(p[0]);
        for (int fd : fds)
          ::close(fd);
        run_shard(o, inputs, compared, s, [&](const ProgramResult &r) {
          if (!backends::write_frame(p[1], encode(r)))
            ::_exit(1);
        });
        ::close(p[1]);
        ::_exit(0);
      }
      ::close(p[1]);
      pids.push_back(pid);
      fds.push_back(p[0]);
    }
    size_t open = fds.size();
    while (open > 0) {
      std::vector<pollfd> pfds;
      for (int fd : fds)
        if (fd >= 0)
          pfds.push_back({fd, POLLIN, 0});
      if (::poll(pfds.data(), pfds.size(), 1000) < 0 && errno != EINTR)
        break;
      tally.progress(false);
      for (const auto &pf : pfds) {
        if (!(pf.revents & (POLLIN | POLLHUP | POLLERR)))
          continue;
        // A shard writes each report as one frame: once it is readable, the rest follows.
        std::string report;
        if (backends::read_frame(pf.fd, report) != backends::FrameRead::Ok) {
          ::close(pf.fd);
          *std::find(fds.begin(), fds.end(), pf.fd) = -1;
          --open;
          continue;
        }
        tally.add(decode(report));
      }
    }
    for (pid_t pid : pids) {
      int status = 0;
      ::waitpid(pid, &status, 0);
      if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::cerr << "tirconf diff: a shard process died ("
                  << (WIFSIGNALED(status) ? "signal " + std::to_string(WTERMSIG(status))
                                          : "exit " + std::to_string(WEXITSTATUS(status)))
                  << ")\n";
        bad_input = true;
      }
    }
  }
  tally.summary();
  if (tally.findings() > 0)
    return kFound;
  return bad_input || tally.bad() ? kBadInput : kSuccess;
}

} // namespace

void register_diff(CLI::App &app, int &exit_code) {
  auto o = std::make_shared<DiffOptions>();
  auto *cmd = app.add_subcommand("diff", "Differential testing: backends against the oracle");
  cmd->add_option("--backends", o->backends,
                  "comma-separated, the oracle first (default oracle,llvm-O0,llvm-O2)");
  cmd->add_option("--seed", o->seed,
                  "generate programs: seed of the run (program I uses derive_seed(seed, I))");
  cmd->add_option("--count", o->count, "number of generated programs");
  cmd->add_option("--first", o->first,
                  "index of the first generated program (to rerun one program of a run)");
  cmd->add_option("--profile", o->profile,
                  "generator profile: a YAML file or a built-in name (default)");
  cmd->add_option("files", o->files,
                  "conformance test files or folders instead of generated programs");
  cmd->add_option("--out", o->out, "write each finding here: a conformance file and a JSON record");
  cmd->add_option("--jobs,-j", o->jobs, "shard processes (default 1)");
  cmd->add_option("--ulp", o->ulp, "accept float results this many units in the last place apart");
  cmd->add_option("--timeout", o->timeout,
                  "seconds a backend may take per program (compile and run; default 10)");
  cmd->add_option("--batch", o->batch,
                  "programs compiled together per backend (default 16; 1: one by one)");
  cmd->add_flag("-q,--quiet", o->quiet, "no progress line");
  cmd->add_option("--inject-mismatch", o->inject,
                  "test hook: alter this backend's outcomes so that each program is a finding")
      ->group("");
  cmd->callback([o, cmd, &exit_code] {
    DiffOptions opts = *o;
    opts.seeded = cmd->count("--seed") > 0 || cmd->count("--count") > 0;
    if (opts.seeded && cmd->count("--count") == 0) {
      std::cerr << "tirconf diff: --seed needs --count\n";
      exit_code = kBadInput;
      return;
    }
    exit_code = run_diff(std::move(opts));
  });
}

} // namespace tirconf::tools
