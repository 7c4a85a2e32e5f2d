// tirconf diff --backends oracle,B1,B2 (--seed S (--count N | --time T) [--profile P] | FILE...)
//               [--out DIR] [--jobs J] [--batch G] [--ulp N] [--timeout T] [--first I] [-q]
// Differential testing (the engine is fuzz/: differ.h says what is compared and how): each
// program runs on the oracle, then on every backend in a worker process; each finding is
// printed as a FINDING line and written to --out as a conformance file (the oracle's outcome as
// expectation) plus a JSON record. Exit 1 if anything was found.
//
// --jobs J spreads the programs over J shard processes (fuzz/shards.h). --batch G compiles G
// programs together per backend (one LLVM module), which pays the fixed cost of optimization
// and code generation once; a finding made in a batch is run again alone.
//
// --compile-only compiles every program with each backend and runs nothing (no oracle either):
// for a backend that cannot run here, such as the CUDA backend on a machine without a GPU. Each
// program is counted compiled, unsupported (with the reasons, most frequent first) or failed;
// a failure is the backend's bug, printed as a COMPILE FAILED line. Exit 1 if any failed.
//
// This file holds the options and the printing: a progress line on stderr, the findings and a
// summary on stdout.
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

#include "backends/registry.h"
#include "fuzz/backend_set.h"
#include "fuzz/job_source.h"
#include "fuzz/options.h"
#include "fuzz/reduce_signature.h"
#include "fuzz/shards.h"
#include "fuzz/tally.h"
#include "generators/profile.h"
#include "tools/commands.h"
#include "tools/files.h"
#include "validate/localize.h"

namespace tirconf::tools {

namespace {

using Clock = std::chrono::steady_clock;

// Prints the run as it goes: each result's lines, a progress line now and then, the summary.
class Printer {
public:
  Printer(const fuzz::DiffOptions &o, bool quiet, std::vector<std::string> backends, uint64_t total)
      : o_(o), quiet_(quiet), names_(std::move(backends)), tally_(names_.size()), total_(total),
        start_(Clock::now()), tty_(::isatty(STDERR_FILENO)) {}

  void add(const fuzz::ProgramResult &r) {
    tally_.add(r);
    for (const auto &sig : r.signatures)
      if (by_signature_[sig]++ == 0)
        first_of_.emplace_back(sig, r.stem);
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
    if (quiet_)
      return;
    const auto now = Clock::now();
    const double since = std::chrono::duration<double>(now - last_).count();
    if (!force && since < (tty_ ? 0.5 : 10.0))
      return;
    last_ = now;
    const double secs = std::chrono::duration<double>(now - start_).count();
    std::ostringstream s;
    s << "diff: " << tally_.done;
    if (total_ != UINT64_MAX - o_.first)
      s << "/" << total_;
    s << " programs";
    if (o_.time_limit > 0)
      s << " (" << std::max(0, static_cast<int>(o_.time_limit - secs)) << " s left)";
    s << ", " << std::fixed << std::setprecision(1)
      << (secs > 0 ? static_cast<double>(tally_.done) / secs : 0.0) << " programs/s, "
      << tally_.findings << " findings, " << tally_.skipped() << " skipped";
    if (tty_) {
      std::cerr << "\r\033[K" << s.str() << std::flush;
      progress_shown_ = true;
    } else {
      std::cerr << s.str() << "\n";
    }
  }

  void summary() {
    const fuzz::Tally &t = tally_;
    if (tty_ && progress_shown_)
      std::cerr << "\r\033[K";
    const double secs = std::chrono::duration<double>(Clock::now() - start_).count();
    const double done = static_cast<double>(t.done);
    std::cout << std::fixed << std::setprecision(1);
    std::cout << "diff: " << t.done << " programs in " << secs << " s ("
              << (secs > 0 ? done / secs : 0.0) << " programs/s, " << o_.jobs << " job"
              << (o_.jobs == 1 ? "" : "s") << "); compared " << t.compared
              << "; skipped: " << t.unspecified << " unspecified, " << t.invalid << " invalid, "
              << t.limit << " over the oracle's budget";
    if (t.expects_invalid)
      std::cout << ", " << t.expects_invalid << " expecting invalid";
    if (t.bad)
      std::cout << ", " << t.bad << " bad input";
    std::cout << "\n";
    // CPU time of this process, its shards and their workers (all waited for by now): the
    // throughput one core would give, whatever else the machine was doing.
    rusage self{}, children{};
    ::getrusage(RUSAGE_SELF, &self);
    ::getrusage(RUSAGE_CHILDREN, &children);
    auto secs_of = [](const timeval &tv) {
      return static_cast<double>(tv.tv_sec) + static_cast<double>(tv.tv_usec) / 1e6;
    };
    const double cpu = secs_of(self.ru_utime) + secs_of(self.ru_stime) +
                       secs_of(children.ru_utime) + secs_of(children.ru_stime);
    std::cout << "  cpu: " << cpu << " s, " << (cpu > 0 ? done / cpu : 0.0)
              << " programs per CPU second\n";
    std::cout << std::setprecision(2)
              << "  oracle: " << (t.done ? 1000.0 * t.oracle_seconds / done : 0.0)
              << " ms/program\n";
    // The oracle's own findings: counted apart from every skip, never taken for invalid.
    std::cout << "  oracle internal errors: " << t.oracle_bugs << "\n";
    for (size_t i = 0; i < names_.size(); ++i) {
      const auto &p = t.per_backend[i];
      std::cout << "  " << names_[i] << ": " << p.compared << " compared, " << p.findings
                << " findings, " << p.unsupported << " unsupported, compile "
                << (p.compiles ? 1000.0 * p.compile_seconds / static_cast<double>(p.compiles) : 0.0)
                << " ms/program\n";
    }
    if (!by_signature_.empty()) {
      // Copies of one bug count once: the signatures, most frequent first.
      std::vector<std::pair<std::string, int>> sigs(by_signature_.begin(), by_signature_.end());
      std::stable_sort(sigs.begin(), sigs.end(),
                       [](const auto &a, const auto &b) { return a.second > b.second; });
      std::cout << "  findings by signature (" << sigs.size() << "):\n";
      for (const auto &[sig, n] : sigs)
        std::cout << "    " << std::setw(6) << n << "  " << sig << "\n";
    }
    std::cout << t.findings << " finding" << (t.findings == 1 ? "" : "s") << "\n";
  }

  const fuzz::Tally &tally() const { return tally_; }
  // Each signature with the stem of its first finding, in the order they were found.
  const std::vector<std::pair<std::string, std::string>> &first_of() const { return first_of_; }

private:
  std::map<std::string, int> by_signature_;
  std::vector<std::pair<std::string, std::string>> first_of_;
  const fuzz::DiffOptions &o_;
  bool quiet_;
  std::vector<std::string> names_;
  fuzz::Tally tally_;
  uint64_t total_;
  Clock::time_point start_, last_;
  bool tty_, progress_shown_ = false;
};

// --reduce: the first finding of each signature reduced into OUT/reduced/<slug>.py.
void reduce_findings(const fuzz::DiffOptions &o,
                     const std::vector<std::pair<std::string, std::string>> &firsts) {
  const fuzz::ReduceSettings settings{o.reduce_seconds, o.jobs, o.timeout, o.ulp};
  for (const auto &[text, stem] : firsts) {
    const std::string path = (std::filesystem::path(o.out) / (stem + ".py")).string();
    const fuzz::ReducedFinding r = fuzz::reduce_for_signature(path, text, settings);
    if (!r.ok) {
      std::cout << "NOT REDUCED " << stem << ": " << r.message << "\n";
      continue;
    }
    const std::filesystem::path target =
        std::filesystem::path(o.out) / "reduced" / (r.slug + ".py");
    if (!write_atomically(target, r.text)) {
      std::cout << "NOT REDUCED " << stem << ": cannot write " << target.string() << "\n";
      continue;
    }
    std::cout << "REDUCED " << stem << " (" << text << "): " << r.message << ": " << target.string()
              << "\n";
  }
}

// --localize: the first finding of each signature against an external implementation that can
// transform, validated through its lowering pipeline from the finding's arguments: the pass that
// changes the outcome, or code generation. Written beside the finding as <stem>.localized.txt.
void localize_findings(const fuzz::DiffOptions &o,
                       const std::vector<std::pair<std::string, std::string>> &firsts) {
  for (const auto &[text, stem] : firsts) {
    const size_t a = text.find(" | "), b = text.find(" | ", a + 3);
    const std::string impl = text.substr(a + 3, b - a - 3);
    const backends::BackendInfo *info = backends::find_backend(impl);
    if (!info || !info->external)
      continue; // tirconf's own backends have no passes to bisect
    auto backend = backends::make_backend(impl);
    auto *transformer = dynamic_cast<validate::Transformer *>(backend.get());
    const std::filesystem::path path = std::filesystem::path(o.out) / (stem + ".py");
    std::ifstream in(path, std::ios::binary);
    std::stringstream program;
    program << in.rdbuf();
    if (!transformer || !in) {
      std::cout << "NOT LOCALIZED " << stem << ": cannot transform or read it\n";
      continue;
    }
    validate::ValidationOptions vo;
    vo.file = path.filename().string();
    oracle::apply_reading(vo.equivalence.run.readings, "tvm");
    const validate::Localization l =
        validate::localize(*transformer, path.string(), program.str(), vo);
    std::ofstream(std::filesystem::path(o.out) / (stem + ".localized.txt")) << l.conclusion << "\n";
    std::cout << (l.ok ? "LOCALIZED " : "NOT LOCALIZED ") << stem << " (" << text
              << "): " << l.conclusion << "\n";
  }
}

// Either seeds or files, and for seeds the profile narrowed to what every backend supports;
// false (after saying why) on bad usage or an unreadable profile.
bool programs_source(const fuzz::DiffOptions &o, const backends::Capabilities &common,
                     std::optional<gen::Profile> &profile) {
  if (o.seeded == !o.files.empty()) {
    std::cerr << "tirconf diff: give either --seed S --count N or FILE...\n";
    return false;
  }
  if (o.seeded) {
    auto loaded = gen::load_profile(o.profile);
    if (!loaded.profile) {
      for (const auto &d : loaded.diagnostics)
        std::cerr << ir::format(d) << "\n";
      return false;
    }
    profile = fuzz::narrow(*loaded.profile, common);
  }
  return true;
}

// The files' programs listed in `source`; false (after saying which) when some cannot be read.
bool listed_files(fuzz::JobSource &source) {
  std::vector<std::string> errors;
  if (source.list_files(errors))
    return true;
  for (const auto &e : errors)
    std::cerr << e << "\n";
  return false;
}

// --compile-only: each program compiled by each backend, nothing run.
int run_compile_only(const fuzz::DiffOptions &o, bool quiet) {
  std::vector<std::string> names;
  std::stringstream ss(o.backends);
  for (std::string n; std::getline(ss, n, ',');)
    if (!n.empty() && n != "oracle")
      names.push_back(n);
  struct Compiled {
    std::string name;
    std::unique_ptr<backends::Backend> backend;
    uint64_t compiled = 0, unsupported = 0, failed = 0;
    double seconds = 0;
    std::map<std::string, uint64_t> reasons; // "construct: why" -> programs
  };
  std::vector<Compiled> set;
  backends::Capabilities common;
  for (const auto &n : names) {
    const backends::BackendInfo *info = backends::find_backend(n);
    if (!info) {
      std::cerr << "tirconf diff: unknown backend '" << n << "'\n";
      return kBadInput;
    }
    auto b = backends::make_backend(n);
    if (!b) { // skipped, not failed
      std::cerr << "tirconf diff: skipping " << n << ": " << info->not_built << "\n";
      continue;
    }
    fuzz::intersect(common, b->capabilities());
    Compiled c1;
    c1.name = n;
    c1.backend = std::move(b);
    set.push_back(std::move(c1));
  }
  std::optional<gen::Profile> profile;
  if (!programs_source(o, common, profile))
    return kBadInput;
  fuzz::JobSource source(o, profile ? &*profile : nullptr);
  const bool bad_input = !o.seeded && !listed_files(source);
  const auto start = Clock::now();
  uint64_t programs = 0, expects_invalid = 0, bad = 0;
  std::string last_file, last_func; // a file's cases are one program
  for (uint64_t k = 0; k < source.size(); ++k) {
    if (o.time_limit > 0 &&
        std::chrono::duration<double>(Clock::now() - start).count() > o.time_limit)
      break;
    fuzz::Job j = source.make(o.first + k);
    if (!j.bad.empty()) {
      std::cout << "BAD INPUT " << j.source << ": " << j.bad << "\n";
      ++bad;
      continue;
    }
    if (!o.seeded && j.file == last_file && j.func == last_func)
      continue;
    last_file = j.file;
    last_func = j.func;
    if (j.expects_invalid) {
      ++expects_invalid;
      continue;
    }
    ++programs;
    for (auto &c : set) {
      backends::CompileOptions options;
      options.entries = {j.func};
      options.file = j.file;
      options.source = j.text;
      backends::CompileResult r = c.backend->compile(j.module, options);
      c.seconds += r.seconds;
      if (!r.unsupported.empty()) {
        ++c.unsupported;
        std::set<std::string> once; // each reason counts once per program
        for (const auto &u : r.unsupported)
          if (once.insert(u.construct + ": " + u.reason).second)
            ++c.reasons[u.construct + ": " + u.reason];
      } else if (r.executable || r.rejected) {
        ++c.compiled;
      } else {
        ++c.failed;
        std::cout << "COMPILE FAILED " << c.name << " " << j.source << ": " << r.error << "\n";
        if (!o.out.empty()) {
          std::error_code ec;
          std::filesystem::create_directories(o.out, ec);
          write_atomically(std::filesystem::path(o.out) / (j.stem + ".py"), j.text);
          write_atomically(std::filesystem::path(o.out) / (j.stem + "." + c.name + ".log"),
                           r.error + "\n");
        }
      }
    }
    if (!quiet && programs % 500 == 0)
      std::cerr << "diff --compile-only: " << programs << " programs\n";
  }
  const double secs = std::chrono::duration<double>(Clock::now() - start).count();
  std::cout << std::fixed << std::setprecision(1) << "diff --compile-only: " << programs
            << " programs in " << secs << " s; skipped: " << expects_invalid
            << " expecting invalid, " << bad << " bad input\n";
  uint64_t failed = 0;
  for (const auto &c : set) {
    failed += c.failed;
    std::cout << std::setprecision(2) << "  " << c.name << ": " << c.compiled << " compiled, "
              << c.unsupported << " unsupported, " << c.failed << " failed, compile "
              << (programs ? 1000.0 * c.seconds / static_cast<double>(programs) : 0.0)
              << " ms/program\n";
    std::vector<std::pair<std::string, uint64_t>> reasons(c.reasons.begin(), c.reasons.end());
    std::stable_sort(reasons.begin(), reasons.end(),
                     [](const auto &a, const auto &b) { return a.second > b.second; });
    for (const auto &[why, n] : reasons)
      std::cout << "    " << std::setw(6) << n << "  " << why << "\n";
  }
  std::cout << failed << " compile failure" << (failed == 1 ? "" : "s") << "\n";
  if (failed > 0)
    return kFound;
  return bad_input || bad ? kBadInput : kSuccess;
}

int run_diff(fuzz::DiffOptions o, bool quiet, bool localize) {
  const fuzz::BackendSet set = fuzz::backend_set(o.backends);
  for (const auto &n : set.not_built) // skipped, not failed
    std::cerr << "tirconf diff: skipping " << n << "\n";
  if (!set.error.empty()) {
    std::cerr << "tirconf diff: " << set.error << "\n";
    return kBadInput;
  }
  std::optional<gen::Profile> profile;
  if (!programs_source(o, set.common, profile))
    return kBadInput;
  fuzz::JobSource source(o, profile ? &*profile : nullptr);
  bool bad_input = !o.seeded && !listed_files(source);
  if ((o.reduce_seconds > 0 || localize) && o.out.empty()) {
    std::cerr << "tirconf diff: --reduce and --localize need --out (the findings they read)\n";
    return kBadInput;
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
  Printer printer(o, quiet, set.compared, source.size());
  const fuzz::ShardProblems problems =
      fuzz::run_sharded(o, source, set.compared,
                        {[&](const std::vector<fuzz::ProgramResult> &chunk) {
                           for (const auto &r : chunk)
                             printer.add(r);
                         },
                         [&] { printer.progress(false); }});
  if (!problems.fatal.empty()) {
    std::cerr << "tirconf diff: " << problems.fatal << "\n";
    return kBadInput;
  }
  for (const auto &p : problems.died) {
    std::cerr << "tirconf diff: " << p << "\n";
    bad_input = true;
  }
  printer.summary();
  if (o.reduce_seconds > 0)
    reduce_findings(o, printer.first_of());
  if (localize)
    localize_findings(o, printer.first_of());
  if (printer.tally().findings > 0)
    return kFound;
  return bad_input || printer.tally().bad ? kBadInput : kSuccess;
}

} // namespace

void register_diff(CLI::App &app, int &exit_code) {
  struct Options {
    fuzz::DiffOptions diff;
    bool quiet = false, localize = false, compile_only = false;
  };
  auto opts = std::make_shared<Options>();
  fuzz::DiffOptions *o = &opts->diff;
  auto *cmd = app.add_subcommand("diff", "Differential testing: backends against the oracle");
  cmd->add_option("--backends", o->backends,
                  "comma-separated, the oracle first (default oracle,llvm-O0,llvm-O2)");
  cmd->add_option("--seed", o->seed,
                  "generate programs: seed of the run (program I uses derive_seed(seed, I))");
  cmd->add_option("--count", o->count, "number of generated programs");
  cmd->add_option("--time", o->time_limit,
                  "seconds the run may take: no program starts after that (with --seed and no "
                  "--count, programs are generated until then)")
      ->check(CLI::PositiveNumber);
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
  cmd->add_flag("-q,--quiet", opts->quiet, "no progress line");
  cmd->add_flag("--compile-only", opts->compile_only,
                "only compile each program with each backend (no oracle, nothing run): "
                "compiled / unsupported / failed; for backends that cannot run here (cuda "
                "without a GPU)");
  cmd->add_option("--reduce", o->reduce_seconds,
                  "reduce the first finding of each signature (tirconf reduce) into "
                  "OUT/reduced/<signature>.py, each within SECONDS")
      ->expected(0, 1)
      ->default_str("120");
  cmd->add_flag("--localize", opts->localize,
                "localize the first finding of each signature against an external "
                "implementation to a pass of its lowering pipeline, or to code generation "
                "(tirconf validate); written as OUT/<finding>.localized.txt");
  cmd->add_option("--inject-mismatch", o->inject,
                  "test hook: alter this backend's outcomes so that each program is a finding")
      ->group("");
  cmd->add_option("--oracle-disable-rule", o->oracle_check.disabled_rule,
                  "test hook: the checker drops this rule's diagnostics, so that a program "
                  "violating it reaches the evaluator (an oracle internal error)")
      ->group("");
  cmd->callback([opts, cmd, &exit_code] {
    fuzz::DiffOptions d = opts->diff;
    d.seeded = cmd->count("--seed") > 0 || cmd->count("--count") > 0;
    if (d.seeded && cmd->count("--count") == 0 && cmd->count("--time") == 0) {
      std::cerr << "tirconf diff: --seed needs --count or --time\n";
      exit_code = kBadInput;
      return;
    }
    exit_code = opts->compile_only ? run_compile_only(d, opts->quiet)
                                   : run_diff(std::move(d), opts->quiet, opts->localize);
  });
}

} // namespace tirconf::tools
