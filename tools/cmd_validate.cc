// tirconf validate --impl NAME (FILE... | --seed S --count N [--profile P]) [--passes default|LIST]
//                  [--schedules K] [--trials T] [--readings SET] [--out DIR] [--json] [-q]
// Translation validation (validate/validation.h): the implementation applies schedule primitives
// (K drawn per program) and then TIR passes to each program, printing it after every step; each
// step is checked against the one before on the oracle. Prints a line per program, then what was
// validated, where validation ended, the findings grouped by signature, and the time per step on
// both sides. --out DIR keeps each finding: the program before and after the step, the original,
// and the steps to replay. Exit 1 when a step changed a program's outcome.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>

#include <nlohmann/json.hpp>

#include "backends/registry.h"
#include "generators/profile.h"
#include "generators/program_gen.h"
#include "ir/tvmscript/printer.h"
#include "ir/tvmscript/reader.h"
#include "reduce/candidate.h"
#include "runner/equivalence_report.h"
#include "tools/commands.h"
#include "tools/files.h"
#include "tools/readings_option.h"
#include "validate/localize.h"
#include "validate/replay.h"
#include "validate/validation.h"

namespace tirconf::tools {

namespace {

namespace fs = std::filesystem;
using validate::StepVerdict;

struct Options {
  std::string impl, profile = "tvm", passes, out;
  std::vector<std::string> files;
  uint64_t seed = 0, count = 0, first = 0;
  bool seed_given = false, json = false, quiet = false;
  int schedules = 0, trials = 8;
  ReadingArgs readings;
  std::string replay_file;
  nlohmann::json replay;  // the steps of --replay: pass names and schedule step objects
  std::string reproduces; // exit 0 only when every program ends in a finding with this signature
  std::optional<uint64_t> trial_seed; // the random arguments' seed (default: --seed, else 0)
};

struct Program {
  std::string name, text;
};

std::vector<std::string> split_list(const std::string &s) {
  std::vector<std::string> out;
  std::string item;
  int depth = 0; // commas inside a pass's arguments do not split
  for (char c : s) {
    depth += c == '(' ? 1 : c == ')' ? -1 : 0;
    if (c == ',' && depth == 0) {
      if (!item.empty())
        out.push_back(item);
      item.clear();
    } else if (c != ' ' || depth > 0) {
      item += c;
    }
  }
  if (!item.empty())
    out.push_back(item);
  return out;
}

std::string slug(const std::string &s) {
  std::string out;
  for (char c : s)
    out += std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' ? c : '_';
  return out;
}

using validate::Request;

// The requests that make one program's steps: K schedule steps drawn, then the passes; or the
// steps of --replay.
std::vector<Request> requests_for(const Options &o, uint64_t schedule_seed) {
  if (!o.replay.empty())
    return validate::replay_requests(o.replay);
  std::vector<Request> out;
  if (o.schedules > 0) {
    Request &r = out.emplace_back();
    r.schedule = true;
    r.schedule_seed = schedule_seed;
    r.schedule_count = o.schedules;
  }
  if (!o.passes.empty()) {
    Request &r = out.emplace_back();
    r.default_passes = o.passes == "default";
    if (!r.default_passes)
      r.passes = split_list(o.passes);
  }
  return out;
}

struct Totals {
  size_t programs = 0, transform_failed = 0, steps = 0, validated = 0, skipped = 0;
  size_t unjudged = 0;  // validated without evidence: BEFORE unspecified on every trial
  size_t unprinted = 0; // the implementation could not print them: checked with the next step
  double implementation_seconds = 0, tirconf_seconds = 0;
  size_t timed_steps = 0;
  std::map<std::string, std::pair<size_t, size_t>> by_kind; // validated, findings
  std::map<std::string, size_t> ended_at;                   // "MakePackedAPI: cannot-run"
  std::map<std::string, std::vector<std::string>> findings; // signature -> programs
};

std::string one_line(const std::string &s) {
  std::string out = s.substr(0, s.find('\n'));
  return out.size() > 300 ? out.substr(0, 300) + "..." : out;
}

void keep_finding(const Options &o, const Program &p, const validate::Validation &v) {
  const size_t i = *v.finding;
  const fs::path dir =
      fs::path(o.out) / slug(v.signature()) / slug(fs::path(p.name).filename().string());
  const validate::Step *before = nullptr;
  for (size_t k = i; k-- > 0;)
    if (v.steps[k].status == validate::StepStatus::Ok) {
      before = &v.steps[k];
      break;
    }
  const runner::EquivalenceResult &pair = v.checks[i].pair;
  std::ostringstream about;
  about << "program: " << p.name << "\nstep " << i << ": " << v.steps[i].name << "\n"
        << "verdict: " << runner::to_string(pair.verdict) << "\n"
        << runner::equivalence_text(pair);
  nlohmann::json record = {
      {"signature", v.signature()}, {"program", p.name},         {"step", i},
      {"name", v.steps[i].name},    {"readings", pair.readings}, {"trial_seed", pair.seed}};
  bool ok = write_atomically(dir / "original.py", p.text) &&
            write_atomically(dir / "before.py", before ? before->script : p.text) &&
            write_atomically(dir / "after.py", v.steps[i].script) &&
            write_atomically(dir / "finding.txt", about.str()) &&
            write_atomically(dir / "finding.json", record.dump(1) + "\n") &&
            write_atomically(dir / "steps.json", validate::replayable(v.steps, i).dump(1) + "\n");
  // The original with the arguments of the trial that showed it: what `tirconf reduce DIR`
  // shrinks, and what `validate --replay steps.json finding.py` tries first.
  for (const auto &t : pair.trials)
    if (runner::is_finding(t.verdict) && !t.arguments.empty()) {
      ir::ReadResult r = ir::read_tvmscript(p.text, p.name);
      std::string why;
      auto func = r.module ? runner::entry_function(r.module, "", why) : std::nullopt;
      if (func) {
        // Named as the original names its parameters (a step may have renamed them).
        std::vector<runner::Arg> args = t.arguments;
        const ir::PrimFunc f = r.module->lookup(*func);
        for (size_t k = 0; k < args.size() && k < f->params.size(); ++k)
          args[k].name = f->arg_name(f->params[k]);
        ok = ok && write_atomically(dir / "finding.py", reduce::render({r.module, *func, args}));
      }
      break;
    }
  if (!ok)
    std::cerr << dir.string() << ": error: cannot write the finding\n";
}

nlohmann::json program_json(const Program &p, const validate::Validation &v) {
  nlohmann::json steps = nlohmann::json::array();
  for (size_t i = 0; i < v.steps.size(); ++i) {
    const auto &c = v.checks[i];
    nlohmann::json j = {{"name", v.steps[i].name},
                        {"verdict", std::string(validate::to_string(c.verdict))},
                        {"detail", c.detail},
                        {"implementation_seconds", v.steps[i].seconds},
                        {"tirconf_seconds", c.read_seconds + c.oracle_seconds}};
    if (!v.steps[i].params.empty())
      j["params"] = nlohmann::json::parse(v.steps[i].params);
    if (!c.pair.rules.empty())
      j["rules"] = c.pair.rules;
    steps.push_back(std::move(j));
  }
  nlohmann::json j = {{"program", p.name}, {"validated", v.validated}, {"steps", steps}};
  if (v.finding)
    j["finding"] = {{"step", *v.finding}, {"signature", v.signature()}};
  if (v.end)
    j["end"] = *v.end;
  return j;
}

std::string summary_line(const Program &p, const validate::Validation &v) {
  std::ostringstream s;
  s << p.name << ": " << v.steps.size() - 1 << " steps, " << v.validated << " validated";
  auto at = [&](size_t i) {
    return "step " + std::to_string(i) + " " + v.steps[i].name + ": " +
           std::string(validate::to_string(v.checks[i].verdict)) + ": " +
           one_line(v.checks[i].detail);
  };
  if (v.finding)
    s << "; FINDING at " << at(*v.finding);
  else if (v.end)
    s << "; ends at " << at(*v.end);
  return s.str();
}

void tally(Totals &t, const validate::Validation &v) {
  for (size_t i = 1; i < v.steps.size(); ++i) {
    const auto &c = v.checks[i];
    if (c.verdict == StepVerdict::NotReached)
      continue;
    ++t.steps;
    const std::string kind = validate::step_kind(v.steps[i].name);
    if (c.verdict == StepVerdict::Skipped) {
      if (v.steps[i].status == validate::StepStatus::Rejected)
        ++t.skipped;
      else
        ++t.unprinted;
      continue;
    }
    if (c.verdict == StepVerdict::Validated) {
      ++t.validated;
      t.unjudged += c.pair.verdict == runner::Verdict::BeforeUnspecified;
      ++t.by_kind[kind].first;
      t.implementation_seconds += v.steps[i].seconds;
      t.tirconf_seconds += c.read_seconds + c.oracle_seconds;
      ++t.timed_steps;
    }
    if (c.verdict == StepVerdict::Finding || c.verdict == StepVerdict::OracleBug)
      ++t.by_kind[kind].second;
  }
  if (v.end)
    ++t.ended_at[validate::step_kind(v.steps[*v.end].name) + ": " +
                 std::string(validate::to_string(v.checks[*v.end].verdict))];
}

void print_totals(const Totals &t) {
  std::cout << "validate: " << t.programs << " programs (" << t.transform_failed
            << " the implementation could not transform), " << t.steps << " steps: " << t.validated
            << " validated (" << t.unjudged
            << " without evidence: the program before them unspecified on every trial), "
            << t.skipped << " refused by the implementation, " << t.unprinted
            << " it could not print, " << t.findings.size() << " finding signature"
            << (t.findings.size() == 1 ? "" : "s") << "\n";
  if (t.timed_steps)
    std::cout << std::fixed << std::setprecision(2) << "  time per validated step: implementation "
              << 1000 * t.implementation_seconds / t.timed_steps << " ms (apply + print), tirconf "
              << 1000 * t.tirconf_seconds / t.timed_steps << " ms (read + check + oracle)\n";
  std::cout << "  by pass or primitive (validated / findings):";
  for (const auto &[kind, n] : t.by_kind)
    std::cout << " " << kind << " " << n.first << "/" << n.second << ";";
  std::cout << "\n  validation ended at:";
  for (const auto &[where, n] : t.ended_at)
    std::cout << " " << where << " " << n << ";";
  std::cout << "\n";
  for (const auto &[signature, programs] : t.findings) {
    std::cout << "  FINDING " << signature << ": " << programs.size() << " program"
              << (programs.size() == 1 ? "" : "s") << ":";
    for (size_t i = 0; i < programs.size() && i < 5; ++i)
      std::cout << " " << programs[i];
    std::cout << (programs.size() > 5 ? " ..." : "") << "\n";
  }
}

int run(const Options &o) {
  if (o.files.empty() == !o.seed_given) {
    std::cerr << "tirconf validate: give FILE... or --seed S --count N\n";
    return kBadInput;
  }
  if (o.passes.empty() && o.schedules == 0 && o.replay.empty()) {
    std::cerr << "tirconf validate: nothing to validate: give --passes, --schedules or --replay\n";
    return kBadInput;
  }
  auto readings = readings_from(o.readings);
  if (!readings)
    return kBadInput;
  const backends::BackendInfo *info = backends::find_backend(o.impl);
  auto backend = info && info->external ? backends::make_backend(o.impl) : nullptr;
  auto *impl = dynamic_cast<validate::Transformer *>(backend.get());
  std::optional<std::string> why =
      !impl ? std::optional<std::string>(o.impl + " is not an external implementation")
            : impl->unavailable();
  if (why) {
    std::cerr << "tirconf validate: " << *why << "\n";
    return kBadInput;
  }
  std::optional<gen::Profile> profile;
  if (o.seed_given) {
    auto loaded = gen::load_profile(o.profile);
    if (!loaded.profile) {
      for (const auto &d : loaded.diagnostics)
        std::cerr << ir::format(d) << "\n";
      return kBadInput;
    }
    profile = *loaded.profile;
  }
  validate::ValidationOptions vo;
  vo.equivalence.trials = o.trials;
  vo.equivalence.seed = o.trial_seed.value_or(o.seed);
  vo.equivalence.run.readings = *readings;
  Totals totals;
  bool bad_input = false;
  const uint64_t n = o.seed_given ? o.count : o.files.size();
  for (uint64_t i = 0; i < n; ++i) {
    Program p;
    uint64_t schedule_seed = o.seed ^ (0x9e3779b97f4a7c15ULL * (i + 1));
    if (o.seed_given) {
      const uint64_t index = o.first + i;
      gen::GeneratedProgram g = gen::generate_program(gen::derive_seed(o.seed, index), *profile);
      p.name = "gen_" + std::to_string(o.seed) + "_" + std::to_string(index);
      p.text = ir::print_tvmscript(g.module);
      schedule_seed = gen::derive_seed(o.seed, index);
    } else {
      auto text = read_file(o.files[i]);
      if (!text) {
        std::cerr << o.files[i] << ": error: cannot read file\n";
        bad_input = true;
        continue;
      }
      p.name = o.files[i];
      p.text = std::move(*text);
    }
    ++totals.programs;
    std::string failure;
    auto steps = validate::apply_requests(*impl, requests_for(o, schedule_seed), p.text, &failure);
    if (steps.empty()) {
      ++totals.transform_failed;
      if (!o.quiet)
        std::cout << p.name << ": the implementation did not transform it: " << one_line(failure)
                  << "\n";
      continue;
    }
    vo.file = fs::path(p.name).filename().string();
    // A conformance file's arguments (a diff finding's) are the first trials.
    vo.equivalence.given_arguments = o.seed_given ? std::vector<std::vector<runner::Arg>>{}
                                                  : validate::file_arguments(p.name, p.text);
    validate::Validation v = validate::validate_steps(p.text, std::move(steps), vo);
    tally(totals, v);
    if (v.finding) {
      totals.findings[v.signature()].push_back(p.name);
      if (!o.out.empty())
        keep_finding(o, p, v);
    }
    if (o.json)
      std::cout << program_json(p, v).dump() << "\n";
    else if (!o.quiet || v.finding)
      std::cout << summary_line(p, v) << "\n";
    if (!o.json && !o.passes.empty() && !vo.equivalence.given_arguments.empty())
      std::cout << "  " << validate::localization_of(v) << "\n";
  }
  if (!o.reproduces.empty()) { // an interestingness test (tirconf reduce): 0 means "still shows it"
    const bool all = totals.findings.size() == 1 && totals.findings.count(o.reproduces) &&
                     totals.findings.begin()->second.size() == totals.programs;
    if (!o.quiet)
      print_totals(totals);
    return all ? kSuccess : kFound;
  }
  print_totals(totals);
  if (!totals.findings.empty())
    return kFound;
  return bad_input ? kBadInput : kSuccess;
}

} // namespace

void register_validate(CLI::App &app, int &exit_code) {
  auto o = std::make_shared<Options>();
  auto *cmd = app.add_subcommand(
      "validate", "Check every pass or schedule primitive an implementation applies, step by step");
  cmd->add_option("--impl", o->impl, "the external implementation that transforms (tvm, ...)")
      ->required();
  cmd->add_option("files", o->files, "TVMScript programs to transform");
  auto *seed = cmd->add_option("--seed", o->seed, "generate programs from this seed");
  seed->excludes("files");
  cmd->add_option("--count", o->count, "with --seed: how many programs")->needs(seed);
  cmd->add_option("--first", o->first, "with --seed: index of the first program")->needs(seed);
  cmd->add_option("--profile", o->profile, "with --seed: the generator profile (default tvm)")
      ->needs(seed);
  cmd->add_option("--passes", o->passes,
                  "the implementation's passes to apply after any schedule: default (its "
                  "lowering pipeline) or a comma-separated list (Simplify,NarrowDataType(32))");
  cmd->add_option("--schedules", o->schedules,
                  "schedule primitives to draw and apply per program (the implementation draws "
                  "them from what each program allows)");
  cmd->add_option("--replay", o->replay_file,
                  "apply these steps instead (a JSON list: pass names and schedule steps as a "
                  "finding's steps.json has them)")
      ->excludes("--passes")
      ->excludes("--schedules");
  cmd->add_option("--reproduces", o->reproduces,
                  "exit 0 when every program ends in a finding with this signature, 1 otherwise "
                  "(an interestingness test for tirconf reduce)");
  cmd->add_option("--trial-seed", o->trial_seed,
                  "seed of the random arguments of every step's trials (default: --seed, else 0; "
                  "a finding's finding.json records it)");
  cmd->add_option("--trials", o->trials, "random arguments compared per step (default 8)");
  cmd->add_option("--out", o->out, "keep each finding here: <signature>/<program>/");
  cmd->add_flag("--json", o->json, "one JSON object per program instead of a line");
  cmd->add_flag("-q,--quiet", o->quiet, "print only findings and the totals");
  add_reading_options(cmd, o->readings);
  cmd->footer("The oracle takes TVM's readings (--readings tvm) unless told otherwise: TVM's\n"
              "schedules depend on them where the spec is silent (block predicates).");
  cmd->callback([o, cmd, &exit_code] {
    o->seed_given = cmd->count("--seed") > 0;
    if (!o->replay_file.empty()) {
      std::ifstream in(o->replay_file);
      o->replay = nlohmann::json::parse(in, nullptr, false);
      bool ok = o->replay.is_array() && !o->replay.empty();
      for (const auto &step : o->replay)
        ok = ok && (step.is_string() || (step.is_object() && step.contains("primitive")));
      if (!ok) {
        std::cerr << o->replay_file << ": error: not a list of steps (pass names, or objects "
                  << "with a \"primitive\")\n";
        exit_code = kBadInput;
        return;
      }
    }
    if (o->readings.set.empty() && o->readings.each.empty())
      o->readings.set = "tvm";
    exit_code = run(*o);
  });
}

} // namespace tirconf::tools
