// The report's data: every catalog rule with where it is implemented and tested and how each
// implementation given conforms to it, the gaps, the campaigns' findings and what changed since
// an earlier report. Built once; report.json, report.html and report.md are views of it.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "reports/inputs.h"

namespace tirconf::report {

// How an implementation does on a rule, over the conformance files citing it: Fail where one
// fails unexpectedly, else Expected where one fails as its expectations file says, else Pass
// where one passes, else Untested (no file citing the rule was judged).
enum class RuleStatus { Pass, Expected, Fail, Untested };
const char *to_string(RuleStatus s);
std::optional<RuleStatus> parse_rule_status(const std::string &s);
inline constexpr RuleStatus kAllStatuses[] = {RuleStatus::Pass, RuleStatus::Expected,
                                              RuleStatus::Fail, RuleStatus::Untested};

struct StatusCounts {
  int pass = 0, expected = 0, fail = 0, untested = 0;
  int &operator[](RuleStatus s);
  int operator[](RuleStatus s) const;
  int total() const { return pass + expected + fail + untested; }
};

struct RuleRow {
  std::string id, kind, section, summary;
  std::string top_section; // the section's first part: "Semantics of Statements"
  bool differs_from_tvm = false;
  std::string reading, alternative, why; // where the spec is ambiguous
  std::vector<std::string> checker_sites, evaluator_sites, other_sites;
  std::vector<std::string> tests, regressions, unit_tests;
  std::optional<bool> generated;     // reached by a campaign's programs; unknown without campaigns
  std::vector<std::string> rewrites; // IDs of proved rewrite rules over its operator
  std::map<std::string, RuleStatus> status;                      // implementation -> status
  std::map<std::string, std::vector<std::string>> failing_files; // implementation -> files
};

struct Implementation {
  std::string name, version;
  std::vector<std::string> sources;
  ConformSummary files; // as tirconf conform counted them
  StatusCounts rules;
  std::map<std::string, StatusCounts> sections; // top section -> counts over its rules
};

// A signature over all campaigns given.
struct Finding {
  std::string signature, slug;
  int64_t count = 0;
  int campaigns = 0; // how many campaigns saw it
  std::string first_seen, last_seen;
  bool known = false;
  std::string known_reason, reduce_note;
  std::string reduced;    // the latest campaign's reduced reproducer
  std::string reduced_in; // its campaign folder
};

struct Change {
  std::string implementation, rule, was, now;
};

struct Changes {
  std::string previous, previous_generated;
  std::vector<Change> newly_failing, newly_passing, other;
  std::vector<std::string> new_signatures, gone_signatures;
};

struct Report {
  std::string generated; // ISO 8601 UTC
  std::string tirconf_version;
  std::vector<std::string> section_order;      // top sections in catalog order
  std::map<std::string, int> section_rules;    // top section -> rules in the catalog
  std::vector<RuleRow> rules;                  // in catalog order
  std::vector<Implementation> implementations; // in the order given
  std::vector<std::string> unknown_ids;        // citations of IDs the catalog lacks
  std::vector<std::string> corpus_errors;
  std::vector<CampaignRun> campaigns;                // oldest first
  std::vector<Finding> findings;                     // most frequent first
  std::optional<std::vector<RewriteProof>> rewrites; // with --prove
  std::optional<Changes> changes;
  std::vector<std::string> warnings; // inputs that disagree with one another

  bool have_campaigns() const { return !campaigns.empty(); }
  std::vector<std::string> untested_rules() const;  // no conformance file nor unit test
  std::vector<std::string> unreached_rules() const; // no generated program reached it
};

struct ReportInputs {
  std::string corpus_dir, source_dir;
  std::vector<ConformRun> conform; // one per implementation, shards merged
  std::vector<CampaignRun> campaigns;
  std::optional<std::vector<RewriteProof>> prove;
  std::optional<PreviousReport> previous;
  std::string generated; // the time to stamp it with
};

Report build_report(const ReportInputs &in);

// The three views. Each is a pure function of the report.
std::string report_json(const Report &r);
std::string report_html(const Report &r);
std::string report_markdown(const Report &r, const std::string &html_path);

} // namespace tirconf::report
