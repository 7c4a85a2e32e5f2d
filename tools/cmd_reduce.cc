// tirconf reduce FINDING (--impl NAME | --backends LIST | --test CMD) [--jobs J] [--out FILE]
//                [--save [--regressions DIR]] [--time S] [--case C] [--json FILE] [-q]
// Shrinks a finding (a conformance file written by `tirconf diff`, or any conformance file) to
// the smallest program that still shows it (reduce/reducer.h), and writes it as a conformance
// file: FINDING's stem + ".reduced.py", --out FILE, or with --save
// DIR/<implementation>/<signature slug>.py (DIR: corpus/conformance/regressions). Prints a report:
// sizes before and after, candidates judged, time, and which passes helped.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>

#include <nlohmann/json.hpp>

#include "backends/registry.h"
#include "oracle/readings.h"
#include "reduce/finding.h"
#include "reduce/passes.h"
#include "tools/commands.h"
#include "tools/files.h"
#include "validate/replay.h"

namespace tirconf::tools {

namespace {

namespace fs = std::filesystem;

struct Options {
  std::string finding;
  std::string impl, backends, test_command, out, regressions, json;
  bool save = false, quiet = false;
  int jobs = 1, case_index = 0;
  double time_limit = 300, timeout = 10;
  uint64_t ulp = 0;
};

std::vector<std::string> split(const std::string &s) {
  std::vector<std::string> out;
  std::stringstream in(s);
  std::string item;
  while (std::getline(in, item, ','))
    if (!item.empty())
      out.push_back(item);
  return out;
}

std::string percent(size_t part, size_t whole) {
  std::ostringstream s;
  s.precision(1);
  s << std::fixed << (whole ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0)
    << "%";
  return s.str();
}

void print_report(const reduce::ReduceResult &r, const std::string &written) {
  const auto &rep = r.report;
  std::cout << "signature: " << r.signature.text()
            << (r.signature.version.empty() ? "" : " (" + r.signature.version + ")") << "\n";
  std::cout << "reduced: " << rep.nodes_before << " -> " << rep.nodes_after << " IR nodes ("
            << percent(rep.nodes_after, rep.nodes_before) << "), " << rep.lines_before << " -> "
            << rep.lines_after << " lines; " << rep.candidates << " candidates judged ("
            << rep.cache_hits << " cached), " << rep.rounds << " rounds, " << std::fixed
            << std::setprecision(1) << rep.seconds << " s"
            << (rep.out_of_time ? " (time limit reached: not minimal)" : "") << "\n";
  std::cout << "passes that helped:";
  bool any = false;
  for (const auto &p : rep.passes)
    if (p.accepted) {
      std::cout << " " << p.name << " " << p.accepted << "/" << p.tried;
      any = true;
    }
  std::cout << (any ? "" : " none") << "\n";
  std::cout << "candidates:";
  for (const auto &[v, n] : rep.verdicts)
    std::cout << " " << reduce::to_string(v) << " " << n << ";";
  std::cout << "\n";
  if (!written.empty())
    std::cout << "wrote " << written << "\n";
}

nlohmann::json report_json(const reduce::ReduceResult &r, const std::string &written) {
  const auto &rep = r.report;
  nlohmann::json j;
  j["signature"] = {{"kind", r.signature.kind},
                    {"implementation", r.signature.implementation},
                    {"version", r.signature.version},
                    {"description", r.signature.description},
                    {"slug", r.signature.slug()}};
  j["ir_nodes"] = {{"before", rep.nodes_before}, {"after", rep.nodes_after}};
  j["lines"] = {{"before", rep.lines_before}, {"after", rep.lines_after}};
  j["candidates"] = rep.candidates;
  j["cache_hits"] = rep.cache_hits;
  j["rounds"] = rep.rounds;
  j["seconds"] = rep.seconds;
  j["minimal"] = !rep.out_of_time;
  nlohmann::json passes = nlohmann::json::array();
  for (const auto &p : rep.passes)
    passes.push_back({{"pass", p.name}, {"tried", p.tried}, {"accepted", p.accepted}});
  j["passes"] = passes;
  nlohmann::json verdicts;
  for (const auto &[v, n] : rep.verdicts)
    verdicts[reduce::to_string(v)] = n;
  j["verdicts"] = verdicts;
  j["output"] = written;
  return j;
}

std::string quoted(const std::string &s) {
  std::string out = "'";
  for (char c : s)
    out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// A finding of `tirconf validate` (its folder: original.py, steps.json, finding.json and
// finding.py): first the fewest steps that still show it (steps.reduced.json), then the
// smallest program that shows it with those steps applied (reduced.py), each candidate judged
// by `tirconf validate --replay ... --reproduces SIGNATURE`.
int reduce_validation(const Options &o) {
  const fs::path dir = o.finding;
  auto original = read_file(dir / "original.py");
  auto steps_text = read_file(dir / "steps.json");
  auto record_text = read_file(dir / "finding.json");
  if (!original || !steps_text || !record_text) {
    std::cerr << dir.string()
              << ": error: not a finding of tirconf validate (original.py, "
                 "steps.json and finding.json)\n";
    return kBadInput;
  }
  const auto record = nlohmann::json::parse(*record_text, nullptr, false);
  const auto steps = nlohmann::json::parse(*steps_text, nullptr, false);
  if (!record.is_object() || !record.contains("signature") || !steps.is_array()) {
    std::cerr << dir.string() << ": error: finding.json or steps.json is malformed\n";
    return kBadInput;
  }
  if (o.impl.empty()) {
    std::cerr << "error: name the implementation that transformed it (--impl NAME)\n";
    return kBadInput;
  }
  const backends::BackendInfo *info = backends::find_backend(o.impl);
  auto backend = info && info->external ? backends::make_backend(o.impl) : nullptr;
  auto *impl = dynamic_cast<validate::Transformer *>(backend.get());
  if (auto why = impl ? impl->unavailable() : std::optional<std::string>("not external")) {
    std::cerr << "error: " << o.impl << ": " << *why << "\n";
    return kBadInput;
  }
  const std::string signature = record["signature"].get<std::string>();
  validate::ValidationOptions vo;
  vo.file = "original.py";
  oracle::apply_reading(vo.equivalence.run.readings, "tvm");
  const bool seeded = record.contains("trial_seed") && record["trial_seed"].is_number_unsigned();
  if (seeded)
    vo.equivalence.seed = record["trial_seed"].get<uint64_t>();
  int tries = 0;
  const auto started = std::chrono::steady_clock::now();
  const nlohmann::json reduced =
      validate::reduce_steps(*impl, *original, steps, signature, vo, &tries);
  write_atomically(dir / "steps.reduced.json", reduced.dump(1) + "\n");
  std::cout << "signature: " << signature << "\nsteps: " << steps.size() << " -> " << reduced.size()
            << " (" << tries << " validations, " << std::fixed << std::setprecision(1)
            << std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count()
            << " s): " << reduced.dump() << "\n";
  std::string error;
  auto finding = reduce::load_finding((dir / "finding.py").string(), 0, error);
  if (!finding) {
    std::cerr << "the program is not reduced: " << error << "\n";
    return kFound;
  }
  reduce::ReduceRequest req;
  req.test_command = quoted(fs::read_symlink("/proc/self/exe").string()) + " validate --impl " +
                     quoted(o.impl) + " --replay " +
                     quoted(fs::absolute(dir / "steps.reduced.json").string()) + " --reproduces " +
                     quoted(signature) + " -q";
  if (seeded)
    req.test_command += " --trial-seed " + std::to_string(vo.equivalence.seed);
  req.jobs = o.jobs;
  req.options.time_limit_seconds = o.time_limit;
  reduce::ReduceResult r = reduce::reduce_finding(*finding, req);
  if (!r.error.empty() || !r.file) {
    std::cerr << "the program is not reduced: " << (r.error.empty() ? "no result" : r.error)
              << "\n";
    return kFound;
  }
  const fs::path target = o.out.empty() ? dir / "reduced.py" : fs::path(o.out);
  if (!write_atomically(target, r.file->text)) {
    std::cerr << target.string() << ": cannot write\n";
    return kBadInput;
  }
  print_report(r, target.string());
  return kSuccess;
}

int run_reduce(const Options &o) {
  if (fs::is_directory(o.finding))
    return reduce_validation(o);
  std::vector<std::string> backends = split(o.backends);
  if (!o.impl.empty())
    backends.push_back(o.impl);
  std::string error;
  auto finding = reduce::load_finding(o.finding, o.case_index, error);
  if (!finding) {
    std::cerr << error << "\n";
    return kBadInput;
  }
  if (backends.empty() && o.test_command.empty())
    backends = finding->differing_backends;
  if (backends.empty() && o.test_command.empty()) {
    std::cerr << "error: name the implementation (--impl NAME or --backends LIST) or give "
                 "--test CMD: "
              << o.finding << " has no JSON record saying which implementation differed\n";
    return kBadInput;
  }
  reduce::ReduceRequest req;
  req.backends = backends;
  req.test_command = o.test_command;
  req.jobs = o.jobs;
  req.options.time_limit_seconds = o.time_limit;
  req.timeout_seconds = o.timeout;
  req.ulp = o.ulp;
  if (!o.quiet)
    req.options.on_accept = [](const std::string &pass, const reduce::Candidate &c) {
      std::cerr << "  " << pass << ": " << reduce::ir_nodes(c.module) << " IR nodes\n";
    };
  reduce::ReduceResult r = reduce::reduce_finding(*finding, req);
  if (!r.error.empty()) {
    std::cerr << r.error << "\n";
    return kFound;
  }
  if (!r.file) {
    std::cerr << "error: the reduced program cannot be run by the oracle (an internal error of "
                 "the reducer)\n";
    return kFound;
  }
  fs::path target;
  if (!o.out.empty())
    target = o.out;
  else if (o.save)
    target = fs::path(o.regressions) / r.signature.implementation / (r.file->slug + ".py");
  else
    target = fs::path(o.finding).replace_extension(".reduced.py");
  std::string written = target.string();
  std::error_code ec;
  if (o.save && o.out.empty() && fs::exists(target, ec)) {
    // One file per signature: a smaller reproducer replaces a larger one, never the reverse.
    std::string existing_error;
    auto existing = reduce::load_finding(target.string(), 0, existing_error);
    if (existing && reduce::ir_nodes(existing->candidate.module) <= r.file->ir_nodes) {
      std::cout << "already saved, as small or smaller: " << target.string() << "\n";
      written.clear();
    }
  }
  if (!written.empty() && !write_atomically(target, r.file->text)) {
    std::cerr << target.string() << ": cannot write\n";
    return kBadInput;
  }
  print_report(r, written);
  if (!o.json.empty() && !write_atomically(o.json, report_json(r, written).dump(2) + "\n")) {
    std::cerr << o.json << ": cannot write\n";
    return kBadInput;
  }
  return kSuccess;
}

} // namespace

void register_reduce(CLI::App &app, int &exit_code) {
  auto o = std::make_shared<Options>();
  o->regressions = default_corpus_dir() + "/conformance/regressions";
  auto *cmd = app.add_subcommand(
      "reduce", "Shrink a finding to the smallest valid program that still shows it");
  cmd->add_option("finding", o->finding,
                  "a finding of tirconf diff (its .py; the .json beside it names the "
                  "implementation), any conformance file, or the folder of a finding of tirconf "
                  "validate (its steps, then its program)")
      ->required();
  cmd->add_option("--impl", o->impl, "the implementation that shows the finding");
  cmd->add_option("--backends", o->backends,
                  "comma-separated implementations; a candidate is kept when one of them shows "
                  "the finding");
  cmd->add_option("--test", o->test_command,
                  "instead: a shell command run with the candidate's file as last argument; exit "
                  "0 means it still shows what you are after (candidates must still be valid "
                  "programs the oracle runs the same way)");
  cmd->add_option("-j,--jobs", o->jobs, "candidates judged in parallel (default 1)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--out", o->out, "write the result here (default: FINDING.reduced.py)");
  cmd->add_flag("--save", o->save,
                "write the result to the regression corpus: DIR/<implementation>/<signature>.py");
  cmd->add_option("--regressions", o->regressions, "the regression corpus for --save")
      ->capture_default_str();
  cmd->add_option("--time", o->time_limit,
                  "seconds the reduction may take; then the smallest program so far is the "
                  "result (default 300)");
  cmd->add_option("--timeout", o->timeout, "seconds an implementation may take per candidate");
  cmd->add_option("--case", o->case_index, "the case of a file with several (default 0)");
  cmd->add_option("--ulp", o->ulp, "accept float results this many units in the last place apart");
  cmd->add_option("--json", o->json, "write the report here as JSON");
  cmd->add_flag("-q,--quiet", o->quiet, "no progress lines");
  cmd->callback([o, &exit_code] { exit_code = run_reduce(*o); });
}

} // namespace tirconf::tools
