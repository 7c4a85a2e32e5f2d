#include "reduce/finding.h"

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "backends/registry.h"
#include "fuzz/findings.h"
#include "ir/tvmscript/printer.h"
#include "reduce/evaluator.h"
#include "runner/conformance.h"

namespace tirconf::reduce {

namespace {

std::string today() {
  std::time_t t = std::time(nullptr);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y-%m-%d", std::gmtime(&t));
  return buf;
}

std::string quoted(const std::string &s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\';
    out += c == '\n' ? ' ' : c;
  }
  return out + "\"";
}

void read_record(const std::filesystem::path &json_path, FindingInput &f) {
  std::ifstream in(json_path);
  if (!in)
    return;
  nlohmann::json j = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object())
    return;
  if (j.contains("differences") && j["differences"].is_array())
    for (const auto &d : j["differences"])
      if (d.contains("backend") && d["backend"].is_string() && d["backend"] != "oracle")
        f.differing_backends.push_back(d["backend"]);
  if (j.contains("source") && j["source"].is_string())
    f.source = j["source"];
  if (j.contains("profile") && j["profile"].is_string())
    f.profile = j["profile"];
  if (j.contains("seed") && j["seed"].is_number_unsigned())
    f.seed = j["seed"].get<uint64_t>();
  if (j.contains("index") && j["index"].is_number_unsigned())
    f.index = j["index"].get<uint64_t>();
}

} // namespace

std::optional<FindingInput> load_finding(const std::string &path, int case_index,
                                         std::string &error) {
  runner::LoadedFile f = runner::load_file(path);
  if (!f.input_ok()) {
    error = f.input_errors.empty() ? path + ": cannot be read" : ir::format(f.input_errors.front());
    return std::nullopt;
  }
  if (!f.test || f.test->cases.empty()) {
    error = path + ": error: not a conformance test file (no front matter with args)";
    return std::nullopt;
  }
  if (case_index < 0 || static_cast<size_t>(case_index) >= f.test->cases.size()) {
    error = path + ": error: no case " + std::to_string(case_index) + " (the file has " +
            std::to_string(f.test->cases.size()) + ")";
    return std::nullopt;
  }
  FindingInput in;
  in.path = path;
  in.candidate.module = f.read.module;
  in.candidate.func = runner::entry_function(*f.test, f.read.module);
  in.candidate.args = f.test->cases[static_cast<size_t>(case_index)].args;
  read_record(std::filesystem::path(path).replace_extension(".json"), in);
  return in;
}

std::optional<ReducedFile> reduced_file(const Candidate &c, const runner::Signature &signature,
                                        const FindingInput &origin, const ReduceReport &report) {
  std::vector<std::string> rules;
  const std::optional<runtime::Outcome> outcome = Judge::oracle_outcome(render(c), &rules);
  if (!outcome)
    return std::nullopt;
  // The rules of the construct first: every run binds arguments and runs a PrimFunc, so those
  // rules come last (a `rules:` list's first entry is what conform's expectations cite).
  auto is_call_machinery = [](const std::string &r) {
    return r.rfind("bind.", 0) == 0 || r.rfind("sem.stmt.primfunc", 0) == 0;
  };
  std::stable_partition(rules.begin(), rules.end(),
                        [&](const std::string &r) { return !is_call_machinery(r); });
  std::string rule_list;
  for (const auto &r : rules)
    rule_list += (rule_list.empty() ? "" : ", ") + r;
  ir::PrintOptions opts;
  opts.import_comments = false;
  opts.docstring = "\ndescription: " + quoted("tirconf reduce: " + signature.text()) +
                   "\nrules: [" + rule_list + "]\nfunc: " + c.func + "\nargs:\n" +
                   args_yaml(c.args) + fuzz::expectation_yaml(*outcome);
  std::string text = ir::print_tvmscript(c.module, opts);
  // Provenance, as comments right after the front matter.
  std::string notes = "# signature: " + signature.text() + "\n";
  notes += "# implementation: " + signature.implementation +
           (signature.version.empty() ? "" : " " + signature.version) + "\n";
  notes += "# reduced from: " + (origin.source.empty() ? origin.path : origin.source) + " (" +
           std::to_string(report.nodes_before) + " IR nodes, " +
           std::to_string(report.lines_before) + " lines; now " +
           std::to_string(report.nodes_after) + " and " + std::to_string(report.lines_after) +
           ")\n";
  notes += "# reduced on: " + today() + " by tirconf reduce\n";
  const size_t close = text.find("\"\"\"", 3);
  if (close != std::string::npos)
    text.insert(close + 4, notes);
  return ReducedFile{text, signature.slug(), report.nodes_after};
}

ReduceResult reduce_finding(const FindingInput &in, const ReduceRequest &request) {
  ReduceResult r;
  r.reduced = in.candidate;
  const std::string original = render(in.candidate);
  const std::optional<runtime::Outcome> reference = Judge::oracle_outcome(original);
  if (!reference) {
    r.error = in.path + ": the program does not read back or its arguments do not fit";
    return r;
  }
  Goal goal;
  goal.backends = request.backends;
  goal.test_command = request.test_command;
  goal.timeout_seconds = request.timeout_seconds;
  goal.ulp = request.ulp;
  goal.oracle_kind = reference->kind();
  switch (reference->kind()) {
  case runtime::OutcomeKind::Ok:
  case runtime::OutcomeKind::InternalError:
    break;
  case runtime::OutcomeKind::Error:
    if (reference->error().error_class != runtime::ErrorClass::Limit) {
      goal.oracle_error = reference->error().error_class;
      break;
    }
    [[fallthrough]];
  default:
    r.error = in.path + ": the oracle's outcome is " + runtime::to_string(*reference, 4) +
              ": there is no finding to reduce";
    return r;
  }
  Evaluator evaluator(goal, request.jobs);
  const Judgement first = evaluator.judge_all({original}, {}).front();
  if (!request.test_command.empty()) {
    if (first.verdict != Verdict::Interesting) {
      r.error = in.path + ": the test command does not find the original interesting";
      return r;
    }
    r.signature = {"test", request.test_command, "", "interesting to the test command"};
  } else if (first.seen.kind.empty()) {
    r.error = in.path + ": does not reproduce: " +
              (request.backends.size() == 1 ? request.backends.front() + " agrees"
                                            : "every implementation agrees") +
              " with the oracle";
    return r;
  } else {
    r.signature = first.seen;
  }
  r.reduced = reduce(in.candidate, r.signature, evaluator, request.options, r.report);
  if (!r.signature.implementation.empty())
    if (auto b = backends::make_backend(r.signature.implementation))
      r.signature.version = b->version();
  r.file = reduced_file(r.reduced, r.signature, in, r.report);
  return r;
}

} // namespace tirconf::reduce
