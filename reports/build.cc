// Assembling the report from the catalog, the traceability of the code and corpus, and the
// results given.
#include <algorithm>
#include <array>
#include <cctype>
#include <set>
#include <string_view>

#include "reports/report.h"
#include "reports/traceability.h"
#include "spec/catalog.h"

namespace tirconf::report {

const char *to_string(RuleStatus s) {
  switch (s) {
  case RuleStatus::Pass:
    return "pass";
  case RuleStatus::Expected:
    return "expected";
  case RuleStatus::Fail:
    return "fail";
  case RuleStatus::Untested:
    return "untested";
  }
  return "?";
}

std::optional<RuleStatus> parse_rule_status(const std::string &s) {
  for (RuleStatus x : kAllStatuses)
    if (s == to_string(x))
      return x;
  return std::nullopt;
}

int &StatusCounts::operator[](RuleStatus s) {
  switch (s) {
  case RuleStatus::Pass:
    return pass;
  case RuleStatus::Expected:
    return expected;
  case RuleStatus::Fail:
    return fail;
  case RuleStatus::Untested:
    break;
  }
  return untested;
}

int StatusCounts::operator[](RuleStatus s) const {
  return (*const_cast<StatusCounts *>(this))[s];
}

std::vector<std::string> Report::untested_rules() const {
  std::vector<std::string> out;
  for (const auto &r : rules)
    if (r.tests.empty() && r.regressions.empty() && r.unit_tests.empty())
      out.push_back(r.id);
  return out;
}

std::vector<std::string> Report::unreached_rules() const {
  std::vector<std::string> out;
  for (const auto &r : rules)
    if (r.generated == false)
      out.push_back(r.id);
  return out;
}

namespace {

// Which site list a "file:line" belongs in: the checker's, the evaluator's (the reference
// interpreter and its numeric semantics), or elsewhere (backends, generators, the printer).
enum class SiteKind { Checker, Evaluator, Other };
SiteKind site_kind(std::string_view where) {
  constexpr std::pair<std::string_view, SiteKind> kFolders[] = {
      {"oracle/typecheck/", SiteKind::Checker},
      {"oracle/eval/", SiteKind::Evaluator},
      {"oracle/numeric/", SiteKind::Evaluator},
  };
  for (const auto &[folder, kind] : kFolders)
    if (where.substr(0, folder.size()) == folder)
      return kind;
  return SiteKind::Other;
}

bool is_regression(std::string_view corpus_path) {
  return corpus_path.find("/regressions/") != std::string_view::npos;
}

std::string top_section(const std::string &section) {
  const size_t cut = section.find(" / ");
  std::string top = section.substr(0, cut);
  // "Builtin Calls (TVM's tir.clz, not in the spec)" belongs with "Builtin Calls".
  if (const size_t paren = top.find(" ("); paren != std::string::npos)
    top.resize(paren);
  return top;
}

// The spec rules a rewrite rule's operators stand on, read from its text as `tirconf prove`
// prints it ("x // c1 * c1 + x % c1", "Min(x, y)").
std::set<std::string> rules_of_rewrite(const RewriteProof &p) {
  static const std::pair<std::string_view, const char *> kSymbols[] = {
      {"//", "sem.expr.floordiv"}, {"==", "sem.expr.eq"},      {"!=", "sem.expr.ne"},
      {"<=", "sem.expr.le"},       {">=", "sem.expr.ge"},      {"&&", "sem.expr.and"},
      {"||", "sem.expr.or"},       {"+", "sem.expr.add"},      {"-", "sem.expr.sub"},
      {"*", "sem.expr.mul"},       {"%", "sem.expr.floormod"}, {"<", "sem.expr.lt"},
      {">", "sem.expr.gt"},        {"!", "sem.expr.not"},
  };
  static const std::pair<std::string_view, const char *> kCalls[] = {
      {"div", "sem.expr.div"},           {"truncdiv", "sem.expr.div"},
      {"mod", "sem.expr.mod"},           {"truncmod", "sem.expr.mod"},
      {"floordiv", "sem.expr.floordiv"}, {"floormod", "sem.expr.floormod"},
      {"min", "sem.expr.min"},           {"max", "sem.expr.max"},
      {"select", "sem.expr.select"},
  };
  std::set<std::string> out;
  for (const std::string *text : {&p.lhs, &p.rhs, &p.condition}) {
    const std::string &s = *text;
    for (size_t i = 0; i < s.size();) {
      if (std::isalpha(static_cast<unsigned char>(s[i]))) {
        size_t j = i;
        std::string word;
        while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_'))
          word += static_cast<char>(std::tolower(static_cast<unsigned char>(s[j++])));
        if (j < s.size() && s[j] == '(')
          for (const auto &[name, rule] : kCalls)
            if (word == name)
              out.insert(rule);
        i = j;
        continue;
      }
      bool matched = false;
      for (const auto &[symbol, rule] : kSymbols)
        if (s.compare(i, symbol.size(), symbol) == 0) {
          out.insert(rule);
          i += symbol.size();
          matched = true;
          break;
        }
      if (!matched)
        ++i;
    }
  }
  return out;
}

RuleStatus combine(RuleStatus have, const std::string &verdict) {
  RuleStatus file = verdict == "unexpected-failure"                     ? RuleStatus::Fail
                    : verdict == "expected"                             ? RuleStatus::Expected
                    : verdict == "pass" || verdict == "unexpected-pass" ? RuleStatus::Pass
                                                                        : RuleStatus::Untested;
  // Worst first: a failure shows over an expected one, which shows over a pass.
  constexpr std::array<RuleStatus, 4> kOrder = {RuleStatus::Fail, RuleStatus::Expected,
                                                RuleStatus::Pass, RuleStatus::Untested};
  for (RuleStatus s : kOrder)
    if (have == s || file == s)
      return s;
  return have;
}

void add_rules(Report &r, const Traceability &trace, const ReportInputs &in) {
  const auto &catalog = spec::Catalog::builtin();
  std::set<std::string> reached;
  for (const auto &c : in.campaigns)
    reached.insert(c.rules_reached.begin(), c.rules_reached.end());
  std::map<std::string, std::vector<std::string>> rewrites_by_rule;
  if (in.prove)
    for (const auto &p : *in.prove)
      for (const auto &id : rules_of_rewrite(p))
        rewrites_by_rule[id].push_back(p.id);

  for (const spec::Rule &rule : catalog.rules()) {
    RuleRow row;
    row.id = rule.id;
    row.kind = spec::to_string(rule.kind);
    row.section = rule.section;
    row.top_section = top_section(rule.section);
    row.summary = rule.summary;
    row.differs_from_tvm = rule.differs_from_tvm;
    row.reading = rule.reading;
    row.alternative = rule.alternative;
    row.why = rule.why;
    if (auto it = trace.sites.find(rule.id); it != trace.sites.end())
      for (const auto &where : it->second) {
        switch (site_kind(where)) {
        case SiteKind::Checker:
          row.checker_sites.push_back(where);
          break;
        case SiteKind::Evaluator:
          row.evaluator_sites.push_back(where);
          break;
        case SiteKind::Other:
          row.other_sites.push_back(where);
          break;
        }
      }
    if (auto it = trace.tests.find(rule.id); it != trace.tests.end())
      for (const auto &path : it->second)
        (is_regression(path) ? row.regressions : row.tests).push_back(path);
    if (auto it = trace.unit_tests.find(rule.id); it != trace.unit_tests.end())
      row.unit_tests = it->second;
    // A campaign records the rules its programs make the reference interpreter apply: the
    // semantics and binding rules. Typing and scoping rules hold of every generated program and
    // unspecified behaviour is absent from them by construction: not measured.
    const bool measured =
        rule.kind == spec::RuleKind::Semantics || rule.kind == spec::RuleKind::Binding;
    if (!in.campaigns.empty() && measured)
      row.generated = reached.count(rule.id) > 0;
    if (auto it = rewrites_by_rule.find(rule.id); it != rewrites_by_rule.end())
      row.rewrites = it->second;

    if (!r.section_rules.count(row.top_section))
      r.section_order.push_back(row.top_section);
    ++r.section_rules[row.top_section];
    r.rules.push_back(std::move(row));
  }
}

void add_implementations(Report &r, const ReportInputs &in) {
  std::map<std::string, size_t> index;
  for (size_t i = 0; i < r.rules.size(); ++i)
    index[r.rules[i].id] = i;
  for (const ConformRun &run : in.conform) {
    Implementation impl;
    impl.name = run.implementation;
    impl.version = run.version;
    impl.sources = run.sources;
    impl.files = run.summary;
    std::map<std::string, RuleStatus> status;
    for (const ConformFile &f : run.files)
      for (const auto &id : f.rules) {
        auto [it, fresh] = status.try_emplace(id, RuleStatus::Untested);
        it->second = combine(it->second, f.verdict);
        auto row = index.find(id);
        if (row != index.end() && f.verdict == "unexpected-failure")
          r.rules[row->second].failing_files[impl.name].push_back(f.file);
      }
    for (auto &row : r.rules) {
      auto it = status.find(row.id);
      const RuleStatus s = it == status.end() ? RuleStatus::Untested : it->second;
      row.status[impl.name] = s;
      ++impl.rules[s];
      ++impl.sections[row.top_section][s];
    }

    // The summary is what conform printed; the files listed must add up to it.
    ConformSummary recount;
    recount.files = static_cast<int64_t>(run.files.size());
    for (const ConformFile &f : run.files) {
      recount.passed += f.verdict == "pass";
      recount.expected_failures += f.verdict == "expected";
      recount.unexpected_failures += f.verdict == "unexpected-failure";
      recount.unexpected_passes += f.verdict == "unexpected-pass";
      recount.skipped += f.verdict == "skipped";
    }
    const ConformSummary &s = run.summary;
    if (recount.passed != s.passed || recount.expected_failures != s.expected_failures ||
        recount.unexpected_failures != s.unexpected_failures ||
        recount.unexpected_passes != s.unexpected_passes || recount.skipped != s.skipped)
      r.warnings.push_back(run.sources.front() + ": the files listed do not add up to the summary");
    r.implementations.push_back(std::move(impl));
  }
}

void add_findings(Report &r, const ReportInputs &in) {
  r.campaigns = in.campaigns;
  std::stable_sort(
      r.campaigns.begin(), r.campaigns.end(),
      [](const CampaignRun &a, const CampaignRun &b) { return a.started < b.started; });
  std::map<std::string, Finding> by_signature;
  for (const CampaignRun &c : r.campaigns)
    for (const CampaignFinding &f : c.findings) {
      Finding &x = by_signature[f.signature];
      if (x.signature.empty()) {
        x.signature = f.signature;
        x.slug = f.slug;
        x.first_seen = f.first_seen;
      }
      x.count += f.count;
      ++x.campaigns;
      x.first_seen = std::min(x.first_seen, f.first_seen);
      x.last_seen = std::max(x.last_seen, f.last_seen);
      x.known = f.known;
      if (!f.known_reason.empty())
        x.known_reason = f.known_reason;
      if (!f.reduced.empty()) { // campaigns are oldest first: the latest reduction wins
        x.reduced = f.reduced;
        x.reduced_in = c.dir;
        x.reduce_note = f.reduce_note;
      }
    }
  for (auto &[sig, f] : by_signature)
    r.findings.push_back(std::move(f));
  std::stable_sort(r.findings.begin(), r.findings.end(), [](const Finding &a, const Finding &b) {
    if (a.known != b.known)
      return !a.known; // new ones first
    return a.count > b.count;
  });
}

void add_changes(Report &r, const PreviousReport &p) {
  Changes c;
  c.previous = p.path;
  c.previous_generated = p.generated;
  for (const auto &impl : r.implementations) {
    auto was_impl = p.status.find(impl.name);
    if (was_impl == p.status.end())
      continue; // a new implementation: nothing to compare with
    for (const auto &row : r.rules) {
      auto was = was_impl->second.find(row.id);
      const std::string before = was == was_impl->second.end() ? "absent" : was->second;
      const std::string now = to_string(row.status.at(impl.name));
      if (before == now)
        continue;
      Change ch{impl.name, row.id, before, now};
      if (now == "fail")
        c.newly_failing.push_back(ch);
      else if (now == "pass" && (before == "fail" || before == "expected"))
        c.newly_passing.push_back(ch);
      else
        c.other.push_back(ch);
    }
  }
  std::set<std::string> before(p.signatures.begin(), p.signatures.end()), now;
  for (const auto &f : r.findings) {
    now.insert(f.signature);
    if (!before.count(f.signature))
      c.new_signatures.push_back(f.signature);
  }
  for (const auto &s : p.signatures)
    if (!now.count(s))
      c.gone_signatures.push_back(s);
  r.changes = std::move(c);
}

} // namespace

Report build_report(const ReportInputs &in) {
  Report r;
  r.generated = in.generated;
  r.tirconf_version = TIRCONF_VERSION;
  const Traceability trace = collect_traceability(in.corpus_dir, in.source_dir);
  r.unknown_ids = trace.unknown_ids;
  r.corpus_errors = trace.errors;
  add_rules(r, trace, in);
  add_implementations(r, in);
  add_findings(r, in);
  r.rewrites = in.prove;
  if (in.previous)
    add_changes(r, *in.previous);
  return r;
}

} // namespace tirconf::report
