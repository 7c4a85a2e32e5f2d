// report.md: the summary for a CI job page or a pull-request comment; report.html has the rest.
#include <algorithm>
#include <sstream>

#include "reports/html_text.h"
#include "reports/report.h"

namespace tirconf::report {

namespace {

// Markdown table cells must not contain '|' or line breaks.
std::string cell(std::string s) {
  std::string out;
  for (char c : s)
    out += c == '|' ? std::string("\\|") : c == '\n' ? std::string(" ") : std::string(1, c);
  return out;
}

template <typename T, typename F>
void bullet_list(std::ostringstream &o, const std::vector<T> &items, size_t at_most, F text) {
  for (size_t i = 0; i < items.size() && i < at_most; ++i)
    o << "- " << text(items[i]) << "\n";
  if (items.size() > at_most)
    o << "- ... and " << items.size() - at_most << " more (report.html)\n";
}

} // namespace

std::string report_markdown(const Report &r, const std::string &html_path) {
  std::ostringstream o;
  o << "# tirconf conformance report\n\n"
    << r.generated << ", tirconf " << r.tirconf_version << ": "
    << count_of(r.rules.size(), "spec rule") << ", "
    << count_of(r.implementations.size(), "implementation") << ", "
    << count_of(r.campaigns.size(), "campaign") << ". Full report: `" << html_path << "`.\n\n";
  if (!r.implementations.empty()) {
    o << "| implementation | rules pass | expected | fail | untested | files passed | failed as "
         "expected | unexpected failures | unexpected passes | skipped |\n"
         "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    for (const auto &impl : r.implementations) {
      const ConformSummary &f = impl.files;
      o << "| " << cell(impl.name + (impl.version.empty() ? "" : " " + impl.version)) << " | "
        << impl.rules.pass << "/" << r.rules.size() << " | " << impl.rules.expected << " | "
        << impl.rules.fail << " | " << impl.rules.untested << " | " << f.passed << "/" << f.files
        << " | " << f.expected_failures << " | " << f.unexpected_failures << " | "
        << f.unexpected_passes << " | " << f.skipped << " |\n";
    }
    o << "\n";
  }
  if (r.changes) {
    const Changes &c = *r.changes;
    o << "## Since " << c.previous_generated << "\n\n"
      << c.newly_failing.size() << " newly failing, " << c.newly_passing.size()
      << " newly passing, " << c.new_signatures.size() << " new signatures.\n\n";
    auto change = [](const Change &x) {
      return "`" + x.rule + "` on " + x.implementation + ": " + x.was + " -> " + x.now;
    };
    bullet_list(o, c.newly_failing, 20, change);
    bullet_list(o, c.newly_passing, 20, change);
    bullet_list(o, c.new_signatures, 20,
                [](const std::string &s) { return "new signature `" + s + "`"; });
    o << "\n";
  }
  for (const auto &impl : r.implementations) {
    std::vector<std::string> failing;
    for (const auto &row : r.rules)
      if (row.status.at(impl.name) == RuleStatus::Fail)
        failing.push_back(row.id);
    if (failing.empty())
      continue;
    o << "## Failing on " << impl.name << " (" << failing.size() << " rules)\n\n";
    bullet_list(o, failing, 30, [](const std::string &s) { return "`" + s + "`"; });
    o << "\n";
  }
  if (!r.campaigns.empty()) {
    int64_t programs = 0;
    for (const auto &c : r.campaigns)
      programs += c.programs;
    std::vector<const Finding *> fresh;
    for (const auto &f : r.findings)
      if (!f.known)
        fresh.push_back(&f);
    o << "## Campaigns\n\n"
      << programs << " programs; " << r.findings.size() << " signatures, " << fresh.size()
      << " new.\n\n";
    bullet_list(o, fresh, 20, [](const Finding *f) {
      return "`" + f->signature + "`: " + std::to_string(f->count) + " programs" +
             (f->reduced.empty() ? "" : ", reduced");
    });
    o << "\n";
  }
  const auto untested = r.untested_rules();
  o << "## Gaps\n\n- " << untested.size() << " rules without a test\n- " << r.unknown_ids.size()
    << " citations of unknown rule IDs\n- ";
  if (r.have_campaigns())
    o << r.unreached_rules().size()
      << " semantics and binding rules no generated program reached\n";
  else
    o << "rules no generated program reaches: not measured (no campaign given)\n";
  for (const auto &w : r.warnings)
    o << "\nWarning: " << w << "\n";
  return o.str();
}

} // namespace tirconf::report
