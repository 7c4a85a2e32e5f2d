// report.json: the report's data for other tools. Its shape is reports/report.schema.json,
// described in reports/FORMAT.md; "format" changes when a field changes meaning or goes away.
#include <nlohmann/json.hpp>

#include "reports/report.h"

namespace tirconf::report {

using nlohmann::ordered_json;

namespace {

ordered_json counts_json(const StatusCounts &c) {
  return {{"pass", c.pass}, {"expected", c.expected}, {"fail", c.fail}, {"untested", c.untested}};
}

ordered_json rule_json(const RuleRow &row) {
  ordered_json j;
  j["id"] = row.id;
  j["kind"] = row.kind;
  j["section"] = row.section;
  j["top_section"] = row.top_section;
  j["summary"] = row.summary;
  j["differs_from_tvm"] = row.differs_from_tvm;
  j["reading"] = row.reading.empty() ? ordered_json(nullptr)
                                     : ordered_json{{"reading", row.reading},
                                                    {"alternative", row.alternative},
                                                    {"why", row.why}};
  j["sites"] = {{"checker", row.checker_sites},
                {"evaluator", row.evaluator_sites},
                {"other", row.other_sites}};
  j["tests"] = {
      {"conformance", row.tests}, {"regressions", row.regressions}, {"unit", row.unit_tests}};
  j["generated"] = row.generated ? ordered_json(*row.generated) : ordered_json(nullptr);
  j["rewrites"] = row.rewrites;
  ordered_json status = ordered_json::object();
  for (const auto &[impl, s] : row.status)
    status[impl] = to_string(s);
  j["status"] = status;
  ordered_json failing = ordered_json::object();
  for (const auto &[impl, files] : row.failing_files)
    failing[impl] = files;
  j["failing_files"] = failing;
  return j;
}

ordered_json implementation_json(const Implementation &impl,
                                 const std::vector<std::string> &section_order) {
  ordered_json j;
  j["name"] = impl.name;
  j["version"] = impl.version;
  j["sources"] = impl.sources;
  const ConformSummary &f = impl.files;
  j["files"] = {{"files", f.files},
                {"passed", f.passed},
                {"expected_failures", f.expected_failures},
                {"unexpected_failures", f.unexpected_failures},
                {"unexpected_passes", f.unexpected_passes},
                {"skipped", f.skipped}};
  j["rules"] = counts_json(impl.rules);
  ordered_json sections = ordered_json::array();
  for (const auto &name : section_order) {
    auto it = impl.sections.find(name);
    ordered_json s = counts_json(it == impl.sections.end() ? StatusCounts{} : it->second);
    s["section"] = name;
    sections.push_back(std::move(s));
  }
  j["sections"] = sections;
  return j;
}

ordered_json campaign_json(const CampaignRun &c) {
  ordered_json j;
  j["dir"] = c.dir;
  j["started"] = c.started;
  j["updated"] = c.updated;
  j["backends"] = c.backends;
  j["profile"] = c.profile;
  j["seed"] = c.seed ? ordered_json(*c.seed) : ordered_json(nullptr);
  j["elapsed_seconds"] = c.elapsed_seconds;
  j["programs"] = c.programs;
  j["programs_per_second"] = c.programs_per_second;
  j["programs_with_findings"] = c.programs_with_findings;
  j["signatures"] = c.findings.size();
  j["new_signatures"] = c.new_signatures;
  j["rules_reached"] = c.rules_reached.size();
  return j;
}

ordered_json finding_json(const Finding &f) {
  ordered_json j;
  j["signature"] = f.signature;
  j["slug"] = f.slug;
  j["count"] = f.count;
  j["campaigns"] = f.campaigns;
  j["first_seen"] = f.first_seen;
  j["last_seen"] = f.last_seen;
  j["known"] = f.known;
  j["known_reason"] = f.known_reason;
  j["reduced"] = f.reduced.empty() ? ordered_json(nullptr) : ordered_json(f.reduced);
  j["reduced_in"] = f.reduced_in;
  j["reduce_note"] = f.reduce_note;
  return j;
}

ordered_json rewrites_json(const std::vector<RewriteProof> &proofs) {
  ordered_json out = ordered_json::array();
  for (const auto &p : proofs) {
    ordered_json widths = ordered_json::object();
    for (const auto &[w, v] : p.widths)
      widths[w] = v;
    out.push_back({{"id", p.id},
                   {"lhs", p.lhs},
                   {"rhs", p.rhs},
                   {"if", p.condition},
                   {"verdict", p.verdict},
                   {"widths", widths}});
  }
  return out;
}

ordered_json changes_json(const Changes &c) {
  auto list = [](const std::vector<Change> &v) {
    ordered_json a = ordered_json::array();
    for (const auto &x : v)
      a.push_back(
          {{"implementation", x.implementation}, {"rule", x.rule}, {"was", x.was}, {"now", x.now}});
    return a;
  };
  return {{"previous", c.previous},
          {"previous_generated", c.previous_generated},
          {"newly_failing", list(c.newly_failing)},
          {"newly_passing", list(c.newly_passing)},
          {"other", list(c.other)},
          {"new_signatures", c.new_signatures},
          {"gone_signatures", c.gone_signatures}};
}

} // namespace

std::string report_json(const Report &r) {
  ordered_json j;
  j["format"] = "tirconf-report/1";
  j["tirconf_version"] = r.tirconf_version;
  j["generated"] = r.generated;
  ordered_json sections = ordered_json::array();
  for (const auto &name : r.section_order)
    sections.push_back({{"section", name}, {"rules", r.section_rules.at(name)}});
  j["catalog"] = {{"rules", r.rules.size()}, {"sections", sections}};
  ordered_json impls = ordered_json::array();
  for (const auto &impl : r.implementations)
    impls.push_back(implementation_json(impl, r.section_order));
  j["implementations"] = impls;
  ordered_json rules = ordered_json::array();
  for (const auto &row : r.rules)
    rules.push_back(rule_json(row));
  j["rules"] = rules;
  j["gaps"] = {{"untested_rules", r.untested_rules()},
               {"unknown_ids", r.unknown_ids},
               {"unreached_rules",
                r.have_campaigns() ? ordered_json(r.unreached_rules()) : ordered_json(nullptr)},
               {"corpus_errors", r.corpus_errors}};
  ordered_json campaigns = ordered_json::array();
  for (const auto &c : r.campaigns)
    campaigns.push_back(campaign_json(c));
  j["campaigns"] = campaigns;
  ordered_json findings = ordered_json::array();
  for (const auto &f : r.findings)
    findings.push_back(finding_json(f));
  j["findings"] = findings;
  j["rewrites"] = r.rewrites ? rewrites_json(*r.rewrites) : ordered_json(nullptr);
  j["changes"] = r.changes ? changes_json(*r.changes) : ordered_json(nullptr);
  j["warnings"] = r.warnings;
  return j.dump(1) + "\n";
}

} // namespace tirconf::report
