// tirconf run FILE --args ARGS.json|.npz [--out OUT.json|.npz] [--json]: runs one program on the
// reference interpreter and prints its outcome.
// tirconf run BEFORE.py --against AFTER.py [--trials N] [--seed S] [--json]: do two programs mean
// the same on random arguments? (runner/equivalence.h)
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>

#include "oracle/eval/interpreter.h"
#include "runner/arguments.h"
#include "runner/conformance.h"
#include "runner/equivalence.h"
#include "runner/equivalence_report.h"
#include "runtime/npy.h"
#include "tools/commands.h"
#include "tools/readings_option.h"

namespace tirconf::tools {

namespace {

bool ends_with(const std::string &s, const std::string &suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Arguments from a .npz: one member per parameter, named after it; 0-d members for scalars.
runner::PreparedCall npz_arguments(const ir::PrimFuncNode &func, const std::string &path) {
  runner::PreparedCall out;
  auto npz = runtime::read_npz(path);
  if (!npz.ok()) {
    out.errors.push_back({path, {}, "", npz.error});
    return out;
  }
  auto call = std::make_unique<runner::CallArguments>();
  auto find = [&](const std::string &name) -> runtime::NamedArray * {
    for (auto &a : npz.arrays)
      if (a.name == name)
        return &a;
    return nullptr;
  };
  for (const auto &a : npz.arrays) {
    if (!func.param_named(a.name))
      out.errors.push_back({path, {}, "", a.name + ": the function has no such parameter"});
  }
  auto find_param = [&](const ir::Var &p) {
    auto *a = find(func.arg_name(p));
    return a ? a : find(p->name_hint);
  };
  for (const auto &p : func.params) {
    auto *a = find_param(p);
    if (!a) {
      out.errors.push_back(
          {path, {}, "", func.arg_name(p) + ": missing (every parameter needs an array)"});
    } else if (func.buffer_for(p)) {
      call->tensors.push_back({func.arg_name(p), std::move(a->array)});
    } else if (a->array.ndim() != 0 || a->array.dtype() != p->dtype) {
      out.errors.push_back({path,
                            {},
                            "",
                            p->name_hint + ": a scalar parameter of dtype " + to_string(p->dtype) +
                                " needs a 0-d array of that dtype"});
    }
  }
  if (!out.errors.empty())
    return out;
  size_t next = 0;
  for (const auto &p : func.params) {
    if (func.buffer_for(p))
      call->args.emplace_back(&call->tensors[next++].array);
    else
      call->args.emplace_back(find_param(p)->array.get(0));
  }
  out.call = std::move(call);
  return out;
}

// One side of --against, read and checked; its diagnostics printed when it cannot be used.
std::optional<runner::Program> load_program(const std::string &path,
                                            const oracle::Readings &readings) {
  oracle::CheckOptions check;
  check.readings = readings;
  auto f = runner::load_file(path, check);
  if (!f.input_ok()) {
    for (const auto &d : f.input_errors)
      std::cerr << format(d) << "\n";
    return std::nullopt;
  }
  // Diagnostics of the checker, or of the reader for violations it finds itself (a bad dtype
  // string), when it then has no module.
  if (!f.check_diagnostics.empty() || !f.read.module) {
    for (const auto &d : f.check_diagnostics)
      std::cerr << format(d) << "\n";
    std::cerr << path << ": error: invalid program: the checker rejects it\n";
    return std::nullopt;
  }
  return runner::Program{f.read.module, path};
}

// Exit codes of --against: 0 the two agree (or nothing could be compared because BEFORE is
// unspecified wherever it was tried: the verdict says so), 1 a finding (or an oracle internal
// error, as everywhere in tirconf), 2 the pair cannot be judged.
int exit_code_of(runner::Verdict v) {
  switch (v) {
  case runner::Verdict::Agree:
  case runner::Verdict::BeforeUnspecified:
    return kSuccess;
  case runner::Verdict::Differ:
  case runner::Verdict::AfterUnspecified:
  case runner::Verdict::ErrorDiffers:
  case runner::Verdict::OracleInternalError:
    return kFound;
  case runner::Verdict::CannotRun:
  case runner::Verdict::Incomparable:
    return kBadInput;
  }
  return kBadInput;
}

struct AgainstOptions {
  std::string before, after, func;
  int trials = 8;
  uint64_t seed = 0;
  bool json = false, shuffle = false;
  oracle::Readings readings;
};

int run_against(const AgainstOptions &o) {
  auto before = load_program(o.before, o.readings);
  auto after = before ? load_program(o.after, o.readings) : std::nullopt;
  if (!before || !after)
    return kBadInput;
  for (const auto *p : {&*before, &*after}) {
    std::string why;
    if (!runner::entry_function(p->module, o.func, why)) {
      std::cerr << p->file << ": error: " << why << "\n";
      return kBadInput;
    }
  }
  runner::EquivalenceOptions options;
  options.func = o.func;
  options.seed = o.seed;
  options.trials = o.trials;
  options.run.shuffle_parallel = o.shuffle;
  options.run.seed = o.seed;
  options.run.readings = o.readings;
  runner::EquivalenceResult r = runner::check_equivalence(*before, *after, options);
  std::cout << (o.json ? runner::equivalence_json(r) + "\n" : runner::equivalence_text(r));
  return exit_code_of(r.verdict);
}

} // namespace

void register_run(CLI::App &app, int &exit_code) {
  struct Options {
    std::string file, func, args, out, against;
    ReadingArgs readings;
    bool json = false, coverage = false, shuffle = false;
    uint64_t seed = 0;
    int trials = 8;
  };
  auto opts = std::make_shared<Options>();
  auto *cmd = app.add_subcommand(
      "run", "Run one PrimFunc on the reference interpreter, or compare two programs on random "
             "arguments (--against)");
  cmd->add_option("file", opts->file, "TVMScript file (with --against: the BEFORE program)")
      ->required();
  cmd->add_option("--func", opts->func,
                  "entry PrimFunc (default: the only one, else main); with --against, of both");
  auto *args = cmd->add_option("--args", opts->args, "arguments: .json (test-format args) or .npz");
  auto *against = cmd->add_option(
      "--against", opts->against,
      "AFTER.py: run FILE and AFTER.py on the same random arguments and compare the outcomes "
      "(return value, every buffer argument; floats bit for bit, any NaN equal to any NaN)");
  args->excludes(against);
  auto *out = cmd->add_option("--out", opts->out,
                              "write the outcome: .json, or .npz with the final buffers");
  auto *trials = cmd->add_option("--trials", opts->trials,
                                 "with --against: trials that compare the two (default 8); a trial "
                                 "on which FILE is unspecified compares nothing and is replaced, "
                                 "up to 4N trials in all")
                     ->check(CLI::PositiveNumber);
  trials->needs(against);
  cmd->add_flag("--json", opts->json, "print the outcome (or the --against verdict) as JSON");
  auto *coverage =
      cmd->add_flag("--rule-coverage", opts->coverage, "print how often each semantics rule ran");
  out->excludes(against);
  coverage->excludes(against);
  cmd->add_flag("--shuffle", opts->shuffle, "run parallel iterations in a seeded shuffled order");
  cmd->add_option("--seed", opts->seed,
                  "seed for --shuffle, and of the random arguments of --against (default 0)");
  add_reading_options(cmd, opts->readings);
  cmd->footer(
      "With --against, FILE is BEFORE; both get copies of the same arguments, made from the\n"
      "seed: 1..8 for the variables of buffer shapes, else random values of each dtype biased\n"
      "to its edges (0, 1, -1, min, max; -0.0, NaN, infinities).\n"
      "It prints one line: the verdict and why, then the arguments of the trial that decided\n"
      "it (all of them with --json, which `run FILE --args` reads). Verdicts: agree; differ (the "
      "buffer or return value, first differing index,\n"
      "both values); before-unspecified (FILE is unspecified on every trial's arguments: nothing\n"
      "compared); after-unspecified (only AFTER is unspecified: a finding); error-differs (one\n"
      "errs and the other not, or different error classes); cannot-run (the oracle cannot judge\n"
      "a side: no arguments can be made, an unlisted builtin, arguments refused); incomparable\n"
      "(the two take different parameters); oracle-internal-error (a bug of tirconf).\n"
      "Exit: 0 agree or before-unspecified, 1 differ, after-unspecified, error-differs or an\n"
      "oracle internal error, 2 unreadable or invalid input, incomparable or cannot-run.");
  cmd->callback([opts, &exit_code] {
    exit_code = kBadInput;
    auto readings = readings_from(opts->readings);
    if (!readings)
      return;
    if (!opts->against.empty()) {
      exit_code = run_against({opts->file, opts->against, opts->func, opts->trials, opts->seed,
                               opts->json, opts->shuffle, *readings});
      return;
    }
    if (opts->args.empty()) {
      std::cerr << "run: error: give --args ARGS (or --against AFTER.py)\n";
      return;
    }
    auto f = runner::load_file(opts->file);
    if (f.unreadable || !f.read.module) {
      for (const auto &d : f.input_errors)
        std::cerr << format(d) << "\n";
      // What the reader itself rejects (a bad dtype string) comes as the checker's diagnostics.
      for (const auto &d : f.check_diagnostics)
        std::cerr << format(d) << "\n";
      return;
    }
    const auto &m = f.read.module;
    std::string func_name = opts->func;
    if (func_name.empty())
      func_name = m->functions.size() == 1 ? m->functions.front().first->name_hint : "main";
    auto func = m->lookup(func_name);
    if (!func) {
      std::cerr << opts->file << ": error: no PrimFunc named '" << func_name << "'\n";
      return;
    }
    if (!ends_with(opts->out, ".json") && !ends_with(opts->out, ".npz") && !opts->out.empty()) {
      std::cerr << opts->out << ": error: --out must end in .json or .npz\n";
      return;
    }
    runner::PreparedCall prepared;
    if (ends_with(opts->args, ".npz")) {
      prepared = npz_arguments(*func, opts->args);
    } else {
      std::ifstream in(opts->args, std::ios::binary);
      if (!in) {
        std::cerr << opts->args << ": error: cannot read file\n";
        return;
      }
      std::stringstream buf;
      buf << in.rdbuf();
      auto parsed = runner::parse_args_document(opts->args, buf.str());
      if (!parsed.diagnostics.empty()) {
        std::cerr << format(parsed.diagnostics.front()) << "\n";
        return;
      }
      prepared = runner::prepare_call(*func, parsed.args, opts->args);
    }
    if (!prepared.errors.empty()) {
      for (const auto &d : prepared.errors)
        std::cerr << format(d) << "\n";
      return;
    }

    oracle::RuleCoverage coverage;
    oracle::RunOptions options;
    options.file = opts->file;
    options.shuffle_parallel = opts->shuffle;
    options.seed = opts->seed;
    options.readings = *readings;
    if (opts->coverage)
      options.coverage = &coverage;
    runtime::Outcome outcome = oracle::run(m, func_name, prepared.call->args, options);

    if (!opts->out.empty()) {
      std::string error;
      if (ends_with(opts->out, ".npz")) {
        if (!outcome.is_ok())
          error = "the run did not end ok, so there are no buffers to write";
        else
          error = runtime::write_npz(opts->out, outcome.ok().buffers);
      } else {
        std::string tmp = opts->out + ".tmp";
        std::ofstream out(tmp);
        out << to_json(outcome) << "\n";
        if (!out.flush() || std::rename(tmp.c_str(), opts->out.c_str()) != 0)
          error = "cannot write file";
      }
      if (!error.empty()) {
        std::cerr << opts->out << ": error: " << error << "\n";
        return;
      }
    }
    std::cout << (opts->json ? to_json(outcome) : to_string(outcome)) << "\n";
    if (opts->coverage)
      for (const auto &[rule, count] : coverage.counts())
        std::cout << rule << " " << count << "\n";
    exit_code = outcome.is_ok() ? kSuccess : kFound;
  });
}

} // namespace tirconf::tools
