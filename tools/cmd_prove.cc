// tirconf prove: checks the rewrite-rule catalog (or given rule files) with Z3 and prints a
// verdict per rule and width (prover/prove.h). Exit 1 if a verdict contradicts a claim.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "prover/prove.h"
#include "tools/commands.h"

namespace tirconf::tools {

namespace {

using oracle::arith::RuleSet;
using prover::Verdict;

bool read_rule_files(const std::vector<std::string> &paths,
                     std::vector<std::pair<std::string, std::string>> &out) {
  for (const auto &p : paths) {
    std::vector<std::string> files;
    std::error_code ec;
    if (std::filesystem::is_directory(p, ec)) {
      for (const auto &e : std::filesystem::directory_iterator(p, ec))
        if (e.path().extension() == ".yaml")
          files.push_back(e.path().string());
      std::sort(files.begin(), files.end());
    } else {
      files.push_back(p);
    }
    for (const auto &f : files) {
      std::ifstream in(f);
      if (!in) {
        // At the file's start, so that every diagnostic reads file:line:col.
        std::cerr << f << ":1:1: error: cannot read the file\n";
        return false;
      }
      std::stringstream ss;
      ss << in.rdbuf();
      out.emplace_back(f, ss.str());
    }
  }
  return true;
}

// A verdict cell: the verdict, then '=' where it agrees with the rule's claim at that width,
// '!' where it contradicts it, '?' where a claimed width stayed undecided.
std::string cell(const prover::RuleResult &r, const prover::WidthResult &w) {
  std::string s = prover::to_string(w.verdict);
  auto claim = r.rule->claim_at(w.width);
  if (!claim)
    return s;
  if (w.verdict == Verdict::Unknown)
    return s + "?";
  bool agrees = (*claim == oracle::arith::Claim::Valid) == (w.verdict == Verdict::Proven);
  return s + (agrees ? "=" : "!");
}

std::string describe_cex(const prover::Counterexample &c) {
  std::string s;
  for (const auto &[name, v] : c.inputs)
    s += (s.empty() ? "" : ", ") + name + " = " + v;
  return s + ": lhs " + c.lhs.to_string() + ", rhs " + c.rhs.to_string() + " (" + c.checked_by +
         ")";
}

nlohmann::json to_json(const prover::RuleResult &r) {
  nlohmann::json j;
  j["id"] = r.rule->id;
  j["file"] = r.rule->file;
  j["line"] = r.rule->line;
  j["lhs"] = oracle::arith::to_string(r.rule->lhs);
  j["rhs"] = oracle::arith::to_string(r.rule->rhs);
  if (r.rule->cond)
    j["if"] = oracle::arith::to_string(r.rule->cond);
  j["contradicts_claim"] = r.contradicts_claim();
  j["fails_only_at_fixed_width"] = r.fails_only_at_fixed_width();
  for (const auto &w : r.widths) {
    nlohmann::json x;
    x["width"] = oracle::arith::to_string(w.width);
    x["verdict"] = prover::to_string(w.verdict);
    if (auto c = r.rule->claim_at(w.width))
      x["claim"] = *c == oracle::arith::Claim::Valid ? "valid" : "invalid";
    x["engine"] = w.engine;
    x["seconds"] = w.seconds;
    if (!w.detail.empty())
      x["detail"] = w.detail;
    if (w.cex) {
      nlohmann::json c;
      for (const auto &[name, v] : w.cex->inputs)
        c["inputs"][name] = v;
      c["lhs"] = w.cex->lhs.to_string();
      c["rhs"] = w.cex->rhs.to_string();
      c["checked_by"] = w.cex->checked_by;
      x["counterexample"] = c;
    }
    j["widths"].push_back(x);
  }
  return j;
}

} // namespace

void register_prove(CLI::App &app, int &exit_code) {
  struct Options {
    std::vector<std::string> files;
    std::vector<std::string> dtypes;
    std::vector<std::string> rules;
    bool json = false;
    bool require_decided = false;
    unsigned timeout_ms = 10000;
    unsigned quick_timeout_ms = 1000;
    int jobs = 2;
  };
  auto opts = std::make_shared<Options>();
  auto *cmd = app.add_subcommand("prove", "Prove or refute rewrite rules with Z3 at each width");
  cmd->add_option("files", opts->files,
                  "rule files or folders (default: the built-in catalog, spec/rewrites)");
  cmd->add_option("--dtype", opts->dtypes,
                  "widths to check every rule at: int8,int16,int32,int64,uint*,unbounded "
                  "(default: each rule's claimed widths plus unbounded)")
      ->delimiter(',')
      ->allow_extra_args(false); // one list per --dtype: a rule file after it stays a file
  cmd->add_option("--rule", opts->rules, "only the rules with these IDs (or ID prefixes)")
      ->delimiter(',')
      ->allow_extra_args(false);
  cmd->add_flag("--json", opts->json, "machine-readable output");
  cmd->add_option("--timeout-ms", opts->timeout_ms,
                  "budget of one exact Z3 query (Z3 resource units worth this many ms)")
      ->capture_default_str();
  cmd->add_option("--quick-timeout-ms", opts->quick_timeout_ms,
                  "budget of one linear (purified) Z3 query")
      ->capture_default_str();
  cmd->add_option("-j,--jobs", opts->jobs, "rules proved in parallel")->capture_default_str();
  cmd->add_flag("--require-decided", opts->require_decided,
                "exit 1 also when a claimed width stays unknown");
  cmd->callback([opts, &exit_code] {
    prover::ProveOptions po;
    po.timeout_ms = opts->timeout_ms;
    po.quick_timeout_ms = opts->quick_timeout_ms;
    po.jobs = opts->jobs;
    for (const auto &d : opts->dtypes) {
      auto w = oracle::arith::parse_width(d);
      if (!w) {
        std::cerr << "error: unknown width '" << d << "' (int8..int64, uint8..uint64, unbounded)\n";
        exit_code = kBadInput;
        return;
      }
      po.widths.push_back(*w);
    }
    RuleSet parsed;
    const RuleSet *set = &RuleSet::builtin();
    if (!opts->files.empty()) {
      std::vector<std::pair<std::string, std::string>> texts;
      if (!read_rule_files(opts->files, texts)) {
        exit_code = kBadInput;
        return;
      }
      std::vector<oracle::arith::RuleDiagnostic> diags;
      parsed = RuleSet::parse(texts, diags);
      for (const auto &d : diags)
        std::cerr << oracle::arith::format(d) << "\n";
      if (!diags.empty()) {
        exit_code = kBadInput;
        return;
      }
      set = &parsed;
    }
    std::vector<const oracle::arith::RewriteRule *> rules;
    for (const auto &r : set->rules()) {
      bool wanted = opts->rules.empty();
      for (const auto &id : opts->rules)
        wanted |= r.id.rfind(id, 0) == 0;
      if (wanted)
        rules.push_back(&r);
    }
    auto t0 = std::chrono::steady_clock::now();
    auto results = prover::prove_rules(rules, po);
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

    int proven = 0, refuted = 0, unknown = 0, contradicted = 0, undecided = 0, fixed_only = 0;
    for (const auto &r : results) {
      for (const auto &w : r.widths) {
        proven += w.verdict == Verdict::Proven;
        refuted += w.verdict == Verdict::Refuted;
        unknown += w.verdict == Verdict::Unknown;
      }
      contradicted += r.contradicts_claim();
      undecided += r.claim_undecided();
      fixed_only += r.fails_only_at_fixed_width();
    }
    if (opts->json) {
      nlohmann::json out;
      for (const auto &r : results)
        out["rules"].push_back(to_json(r));
      out["summary"] = {{"rules", results.size()},
                        {"proven", proven},
                        {"refuted", refuted},
                        {"unknown", unknown},
                        {"contradicted_claims", contradicted},
                        {"undecided_claims", undecided},
                        {"fails_only_at_fixed_width", fixed_only},
                        {"seconds", seconds}};
      std::cout << out.dump(2) << "\n";
    } else {
      size_t idw = 4;
      for (const auto &r : results)
        idw = std::max(idw, r.rule->id.size());
      // Columns: the widths of the first rule when they are shared (--dtype), else per row.
      for (const auto &r : results) {
        std::cout << std::left << std::setw(static_cast<int>(idw) + 2) << r.rule->id;
        for (const auto &w : r.widths)
          std::cout << std::setw(22) << (oracle::arith::to_string(w.width) + " " + cell(r, w));
        if (r.fails_only_at_fixed_width())
          std::cout << "  [holds over the integers only]";
        if (r.contradicts_claim())
          std::cout << "  [CONTRADICTS CLAIM]";
        std::cout << "\n";
      }
      bool header = false;
      for (const auto &r : results)
        for (const auto &w : r.widths) {
          if (!w.cex && w.detail.empty())
            continue;
          if (!header)
            std::cout << "\ncounterexamples (re-checked) and undecided queries:\n";
          header = true;
          std::cout << "  " << r.rule->id << " at " << oracle::arith::to_string(w.width) << ": "
                    << (w.verdict == Verdict::Refuted ? describe_cex(*w.cex) : w.detail) << "\n";
        }
      std::cout << "\n"
                << results.size() << " rules: " << proven << " proven, " << refuted << " refuted, "
                << unknown << " unknown (rule x width); " << fixed_only
                << " hold over the integers but fail at a fixed width; " << contradicted
                << " contradict their claim; " << std::fixed << std::setprecision(1) << seconds
                << " s\n";
    }
    if (contradicted || (opts->require_decided && undecided))
      exit_code = kFound;
  });
}

} // namespace tirconf::tools
