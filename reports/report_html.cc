// report.html: one self-contained page (inline CSS and SVG, a few lines of plain script for the
// filters; it reads fully without them), opened from disk. Pass, expected failure, failure and
// untested have one colour each everywhere: the legend's.
#include <algorithm>
#include <cctype>
#include <sstream>

#include "reports/html_text.h"
#include "reports/report.h"

namespace tirconf::report {

namespace {

const char *kStyle = R"(
:root{--pass:#1a7f37;--expected:#d4a72c;--fail:#cf222e;--untested:#d0d7de;--ink:#1f2328;
--muted:#59636e;--line:#d1d9e0;--bg:#f6f8fa;--accent:#0969da}
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;color:var(--ink);background:#fff}
header{background:#24292f;color:#fff;padding:18px 32px 12px}
header h1{margin:0;font-size:22px;font-weight:600}
header .meta{color:#d1d9e0;margin:4px 0 10px;font-size:13px}
nav a{color:#9ecbff;margin-right:18px;text-decoration:none;font-size:13px}
main{padding:8px 32px 40px;max-width:1500px}
h2{font-size:18px;margin:28px 0 10px;padding-bottom:6px;border-bottom:1px solid var(--line)}
h3{font-size:15px;margin:18px 0 8px}
.cards{display:flex;flex-wrap:wrap;gap:14px}
.card{border:1px solid var(--line);border-radius:8px;padding:12px 16px;min-width:300px;flex:1;max-width:480px}
.card .name{font-weight:600;font-size:16px}.card .ver{color:var(--muted);font-size:12px;margin-left:6px}
.card .big{font-size:28px;font-weight:600;margin:4px 0 0}.card .of{color:var(--muted);font-size:14px;font-weight:400}
.tally{display:flex;gap:14px;font-size:12px;color:var(--muted);margin:2px 0 8px}
.tally span::before{content:"";display:inline-block;width:9px;height:9px;border-radius:2px;margin-right:4px;background:var(--c)}
.card .files{color:var(--muted);font-size:12px;margin-top:6px}
.legend{display:flex;gap:16px;font-size:12px;color:var(--muted);margin:10px 0}
.legend span::before{content:"";display:inline-block;width:11px;height:11px;border-radius:2px;margin-right:5px;vertical-align:-1px;background:var(--c)}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:5px 8px;border-bottom:1px solid var(--line);vertical-align:top}
th{background:var(--bg);font-weight:600;font-size:12px;color:var(--muted);position:sticky;top:0;z-index:1}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
.sections td{vertical-align:middle}.sections td.bar{width:22%}
.sections td.bar svg{display:inline-block!important;vertical-align:middle;width:70%!important}
td.when{white-space:nowrap}
.mono,code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12px}
.chip{display:inline-block;min-width:58px;text-align:center;border-radius:10px;padding:0 8px;font-size:11px;font-weight:600;color:#fff}
.chip.pass{background:var(--pass)}.chip.expected{background:var(--expected);color:#3b2e00}
.chip.fail{background:var(--fail)}.chip.untested{background:#eef1f4;color:var(--muted);font-weight:400}
.count{color:var(--muted)}.count.zero{color:#c4cbd3}
.yes{color:var(--pass);font-weight:600}.no{color:var(--fail)}
.small{font-size:12px;color:var(--muted)}
.reading{font-size:12px;color:#6e4c00;background:#fff8c5;border-radius:4px;padding:2px 6px;margin-top:3px}
.filters{display:flex;flex-wrap:wrap;gap:10px;align-items:center;margin:8px 0 10px;font-size:13px}
.filters select,.filters input{font:inherit;padding:3px 6px;border:1px solid var(--line);border-radius:6px}
.filters input{width:240px}
#shown{color:var(--muted)}
.gaps{display:grid;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));gap:14px}
.gap{border:1px solid var(--line);border-radius:8px;padding:10px 14px}
.gap .num{font-size:22px;font-weight:600}.gap ul{margin:6px 0 0;padding-left:18px;max-height:180px;overflow:auto}
.badge{display:inline-block;border-radius:10px;padding:0 8px;font-size:11px;font-weight:600}
.badge.new{background:#ffebe9;color:var(--fail)}.badge.known{background:#eef1f4;color:var(--muted)}
.badge.up{background:#dafbe1;color:var(--pass)}
details summary{cursor:pointer;color:var(--accent);font-size:12px}
pre{background:var(--bg);border:1px solid var(--line);border-radius:6px;padding:8px;overflow:auto;max-height:360px;font-size:12px}
.charts{display:flex;flex-wrap:wrap;gap:24px}
.none{color:var(--muted);font-style:italic}
#matrix th.n,#matrix td.n{width:1%;white-space:nowrap}#matrix td.sum{min-width:420px}
#matrix td.id{white-space:nowrap}
footer{color:var(--muted);font-size:12px;padding:0 32px 30px}
)";

// Show or hide matrix rows by section, kind, one implementation's status and a text search;
// the page's query (report.html?impl=1&status=fail) sets the filters, so a view can be linked.
const char *kScript = R"(
(function(){
var f=document.getElementById('filters');if(!f)return;
var rows=[].slice.call(document.querySelectorAll('#matrix tbody tr'));
function apply(){
 var sec=f.section.value,kind=f.kind.value,imp=f.impl?f.impl.value:'',st=f.status.value,q=f.q.value.toLowerCase(),n=0;
 rows.forEach(function(r){
  var ok=(!sec||r.dataset.section===sec)&&(!kind||r.dataset.kind===kind)&&(!q||r.dataset.text.indexOf(q)>=0);
  if(ok&&st){ok=imp&&st!=='notest'&&st!=='unreached'?r.getAttribute('data-s-'+imp)===st:r.dataset.any.split(' ').indexOf(st)>=0;}
  r.style.display=ok?'':'none';if(ok)n++;});
 document.getElementById('shown').textContent=n+' of '+rows.length+' rules shown';}
new URLSearchParams(location.search).forEach(function(v,k){if(f[k])f[k].value=v;});
f.addEventListener('input',apply);f.addEventListener('change',apply);apply();})();
)";

// How each status looks: its colour (the legend's), its words, its chip in the matrix.
struct StatusLook {
  RuleStatus status;
  const char *colour, *words, *chip;
};
constexpr StatusLook kStatusLooks[] = {
    {RuleStatus::Pass, "var(--pass)", "pass", "pass"},
    {RuleStatus::Expected, "var(--expected)", "expected failure", "xfail"},
    {RuleStatus::Fail, "var(--fail)", "fail", "FAIL"},
    {RuleStatus::Untested, "var(--untested)", "untested", "untested"},
};
const StatusLook &look(RuleStatus s) {
  for (const auto &l : kStatusLooks)
    if (l.status == s)
      return l;
  return kStatusLooks[3];
}

// A stacked bar of `c` over a fixed `denominator`, `width` pixels for the whole denominator.
std::string status_bar(const StatusCounts &c, int denominator, int width, int height) {
  std::ostringstream o;
  o << "<svg viewBox=\"0 0 " << width << " " << height << "\" preserveAspectRatio=\"none\" "
    << "style=\"width:100%;max-width:" << width << "px;height:" << height
    << "px;display:block\" role=\"img\">";
  o << "<rect width=\"" << width << "\" height=\"" << height << "\" fill=\"#f6f8fa\"/>";
  double x = 0;
  for (RuleStatus s : kAllStatuses) {
    if (c[s] == 0 || denominator == 0)
      continue;
    const double w = static_cast<double>(c[s]) * width / denominator;
    o << "<rect x=\"" << format_number(x, 2) << "\" width=\"" << format_number(w, 2)
      << "\" height=\"" << height << "\" fill=\"" << look(s).colour << "\"><title>" << c[s] << " "
      << look(s).words << "</title></rect>";
    x += w;
  }
  o << "</svg>";
  return o.str();
}

// "3" with the list as a tooltip, or a faint 0.
std::string counted(const std::vector<std::string> &items, size_t shown_max = 40) {
  if (items.empty())
    return "<span class=\"count zero\">0</span>";
  std::string tip;
  for (size_t i = 0; i < items.size() && i < shown_max; ++i)
    tip += (i ? "\n" : "") + items[i];
  if (items.size() > shown_max)
    tip += "\n... and " + std::to_string(items.size() - shown_max) + " more";
  return "<span class=\"count\" title=\"" + escape_html(tip) + "\">" +
         std::to_string(items.size()) + "</span>";
}

std::string slug_of(const std::string &s) {
  std::string out;
  for (char c : s)
    out += std::isalnum(static_cast<unsigned char>(c)) ? c : '-';
  return out;
}

// "2026-11-27T08:40:48Z" as "2026-11-27 08:40".
std::string short_time(const std::string &iso) {
  if (iso.size() < 16 || iso[10] != 'T')
    return iso;
  return iso.substr(0, 10) + " " + iso.substr(11, 5);
}

void header(std::ostringstream &o, const Report &r) {
  size_t files = 0;
  for (const auto &row : r.rules)
    files += row.tests.size() + row.regressions.size();
  o << "<header><h1>tirconf conformance report</h1><p class=\"meta\">" << escape_html(r.generated)
    << " &middot; tirconf " << escape_html(r.tirconf_version) << " &middot; " << r.rules.size()
    << " spec rules in " << r.section_order.size() << " sections &middot; "
    << r.implementations.size() << " implementation" << (r.implementations.size() == 1 ? "" : "s")
    << " &middot; " << r.campaigns.size() << " campaign" << (r.campaigns.size() == 1 ? "" : "s")
    << "</p><nav><a href=\"#conformance\">Conformance</a>";
  if (r.changes)
    o << "<a href=\"#changes\">Changes</a>";
  o << "<a href=\"#gaps\">Gaps</a><a href=\"#findings\">Findings</a>"
       "<a href=\"#rules\">Rules</a></nav></header>\n";
}

void legend(std::ostringstream &o) {
  o << "<div class=\"legend\">";
  for (RuleStatus s : kAllStatuses)
    o << "<span style=\"--c:" << look(s).colour << "\">" << look(s).words << "</span>";
  o << "</div>\n";
}

void conformance(std::ostringstream &o, const Report &r) {
  o << "<h2 id=\"conformance\">Conformance</h2>\n";
  if (r.implementations.empty()) {
    o << "<p class=\"none\">No conformance results given (tirconf report --conform "
         "RESULTS.json, from tirconf conform --json).</p>\n";
    return;
  }
  o << "<p class=\"small\">A rule passes when every conformance file citing it passes; it is an "
       "expected failure when one fails as the implementation's expectations file says, a "
       "failure when one fails otherwise, untested when no file citing it was judged.</p>\n";
  legend(o);
  o << "<div class=\"cards\">";
  const int total = static_cast<int>(r.rules.size());
  for (const auto &impl : r.implementations) {
    const ConformSummary &f = impl.files;
    o << "<div class=\"card\"><span class=\"name\">" << escape_html(impl.name)
      << "</span><span class=\"ver\">" << escape_html(impl.version) << "</span>"
      << "<div class=\"big\">" << impl.rules.pass << " <span class=\"of\">of " << total
      << " rules pass</span></div><div class=\"tally\">";
    for (RuleStatus s : {RuleStatus::Expected, RuleStatus::Fail, RuleStatus::Untested})
      o << "<span style=\"--c:" << look(s).colour << "\">" << impl.rules[s] << " " << look(s).words
        << "</span>";
    o << "</div>" << status_bar(impl.rules, total, 440, 14) << "<div class=\"files\">" << f.files
      << " files: " << f.passed << " passed, " << f.expected_failures << " failed as expected, "
      << f.unexpected_failures << " unexpected failures, " << f.unexpected_passes
      << " unexpected passes, " << f.skipped << " skipped</div></div>";
  }
  o << "</div>\n<h3>By section</h3>\n<p class=\"small\">Each bar is drawn over all the rules of "
       "its section, the same for every implementation.</p>\n"
       "<table class=\"sections\"><thead><tr><th>section</th><th class=\"n\">rules</th>";
  for (const auto &impl : r.implementations)
    o << "<th>" << escape_html(impl.name) << "</th>";
  o << "</tr></thead><tbody>";
  for (const auto &name : r.section_order) {
    const int rules = r.section_rules.at(name);
    o << "<tr><td>" << escape_html(name) << "</td><td class=\"n\">" << rules << "</td>";
    for (const auto &impl : r.implementations) {
      auto it = impl.sections.find(name);
      const StatusCounts c = it == impl.sections.end() ? StatusCounts{} : it->second;
      o << "<td class=\"bar\">" << status_bar(c, rules, 220, 12) << " <span class=\"small\">"
        << c.pass << "/" << rules
        << (c.fail
                ? " &middot; <b style=\"color:var(--fail)\">" + std::to_string(c.fail) + " fail</b>"
                : "")
        << "</span></td>";
    }
    o << "</tr>";
  }
  o << "</tbody></table>\n";
}

void change_list(std::ostringstream &o, const char *title, const std::vector<Change> &v,
                 const char *badge) {
  o << "<h3>" << title << " (" << v.size() << ")</h3>";
  if (v.empty()) {
    o << "<p class=\"none\">none</p>";
    return;
  }
  o << "<table><thead><tr><th>implementation</th><th>rule</th><th>was</th><th>now</th></tr>"
       "</thead><tbody>";
  for (const auto &c : v)
    o << "<tr><td>" << escape_html(c.implementation) << "</td><td class=\"mono\"><a href=\"#r-"
      << slug_of(c.rule) << "\">" << escape_html(c.rule) << "</a></td><td>" << escape_html(c.was)
      << "</td><td><span class=\"badge " << badge << "\">" << escape_html(c.now)
      << "</span></td></tr>";
  o << "</tbody></table>\n";
}

void changes(std::ostringstream &o, const Report &r) {
  if (!r.changes)
    return;
  const Changes &c = *r.changes;
  o << "<h2 id=\"changes\">Changes since the previous report</h2><p class=\"small\">"
    << escape_html(c.previous) << " (" << escape_html(c.previous_generated) << ")</p>\n";
  change_list(o, "Newly failing", c.newly_failing, "new");
  change_list(o, "Newly passing", c.newly_passing, "up");
  if (!c.other.empty())
    change_list(o, "Other changes", c.other, "known");
  o << "<h3>New signatures (" << c.new_signatures.size() << ")</h3>";
  if (c.new_signatures.empty())
    o << "<p class=\"none\">none</p>";
  else {
    o << "<ul>";
    for (const auto &s : c.new_signatures)
      o << "<li class=\"mono\">" << escape_html(s) << "</li>";
    o << "</ul>";
  }
  if (!c.gone_signatures.empty())
    o << "<p class=\"small\">" << c.gone_signatures.size()
      << " signatures of the previous report were not seen this time.</p>";
  o << "\n";
}

void gap_box(std::ostringstream &o, const std::string &title, const std::vector<std::string> &v,
             const std::string &none, bool link) {
  o << "<div class=\"gap\"><div class=\"num\">" << v.size() << "</div><div>" << title << "</div>";
  if (v.empty()) {
    o << "<p class=\"none\">" << none << "</p>";
  } else {
    o << "<ul>";
    for (const auto &x : v) {
      if (link)
        o << "<li class=\"mono\"><a href=\"#r-" << slug_of(x) << "\">" << escape_html(x)
          << "</a></li>";
      else
        o << "<li class=\"mono\">" << escape_html(x) << "</li>";
    }
    o << "</ul>";
  }
  o << "</div>";
}

void gaps(std::ostringstream &o, const Report &r) {
  o << "<h2 id=\"gaps\">Gaps</h2><div class=\"gaps\">";
  gap_box(o, "rules without a test (no conformance file, no unit test)", r.untested_rules(),
          "every rule is tested", true);
  gap_box(o, "citations of rule IDs the catalog does not have", r.unknown_ids,
          "every citation names a catalog rule", false);
  if (r.have_campaigns())
    gap_box(o,
            "semantics and binding rules no generated program reached (over the campaigns given)",
            r.unreached_rules(), "every rule was reached", true);
  else
    o << "<div class=\"gap\"><div class=\"num\">?</div><div>rules no generated program reaches"
         "</div><p class=\"none\">not measured: no campaign given (--campaign DIR)</p></div>";
  o << "</div>\n";
  if (!r.corpus_errors.empty()) {
    o << "<h3>Corpus files that could not be read</h3><ul>";
    for (const auto &e : r.corpus_errors)
      o << "<li class=\"mono\">" << escape_html(e) << "</li>";
    o << "</ul>";
  }
}

// A small line chart of `values` (one per campaign, oldest first), labelled by date.
std::string line_chart(const std::string &title, const std::vector<double> &values,
                       const std::vector<std::string> &labels, const char *colour) {
  const int w = 420, h = 170, left = 44, right = 12, top = 22, bottom = 26;
  double hi = 0;
  for (double v : values)
    hi = std::max(hi, v);
  if (hi <= 0)
    hi = 1;
  const size_t n = values.size();
  auto x_of = [&](size_t i) {
    return left + (n <= 1 ? 0.0 : static_cast<double>(i) * (w - left - right) / (n - 1));
  };
  auto y_of = [&](double v) { return top + (h - top - bottom) * (1 - v / hi); };
  std::ostringstream o;
  o << "<svg width=\"" << w << "\" height=\"" << h << "\" role=\"img\"><text x=\"" << left
    << "\" y=\"14\" font-size=\"12\" font-weight=\"600\" fill=\"#1f2328\">" << escape_html(title)
    << "</text>";
  for (int k = 0; k <= 2; ++k) {
    const double v = hi * k / 2, y = y_of(v);
    o << "<line x1=\"" << left << "\" x2=\"" << w - right << "\" y1=\"" << format_number(y, 1)
      << "\" y2=\"" << format_number(y, 1) << "\" stroke=\"#eaeef2\"/><text x=\"" << left - 6
      << "\" y=\"" << format_number(y + 4, 1)
      << "\" font-size=\"10\" text-anchor=\"end\" fill=\"#59636e\">"
      << format_number(v, v < 10 ? 1 : 0) << "</text>";
  }
  std::string points;
  for (size_t i = 0; i < n; ++i)
    points += format_number(x_of(i), 1) + "," + format_number(y_of(values[i]), 1) + " ";
  o << "<polyline fill=\"none\" stroke=\"" << colour << "\" stroke-width=\"2\" points=\"" << points
    << "\"/>";
  for (size_t i = 0; i < n; ++i)
    o << "<circle cx=\"" << format_number(x_of(i), 1) << "\" cy=\""
      << format_number(y_of(values[i]), 1) << "\" r=\"3\" fill=\"" << colour << "\"><title>"
      << escape_html(labels[i]) << ": " << format_number(values[i], 2) << "</title></circle>";
  for (size_t i : {size_t{0}, n - 1})
    o << "<text x=\"" << format_number(x_of(i), 1) << "\" y=\"" << h - 8
      << "\" font-size=\"10\" text-anchor=\"" << (i == 0 ? "start" : "end")
      << "\" fill=\"#59636e\">" << escape_html(labels[i].substr(0, 10)) << "</text>";
  o << "</svg>";
  return o.str();
}

void findings(std::ostringstream &o, const Report &r) {
  o << "<h2 id=\"findings\">Campaign findings</h2>\n";
  if (r.campaigns.empty()) {
    o << "<p class=\"none\">No campaign given (tirconf report --campaign DIR, a tirconf fuzz "
         "out folder).</p>\n";
    return;
  }
  int64_t programs = 0;
  double seconds = 0;
  for (const auto &c : r.campaigns) {
    programs += c.programs;
    seconds += c.elapsed_seconds;
  }
  const size_t fresh = std::count_if(r.findings.begin(), r.findings.end(),
                                     [](const Finding &f) { return !f.known; });
  o << "<p>" << r.campaigns.size() << " campaign" << (r.campaigns.size() == 1 ? "" : "s") << ", "
    << programs << " programs in " << format_number(seconds / 3600, 1) << " h; "
    << r.findings.size() << " signatures, <b>" << fresh << " new</b>, " << r.findings.size() - fresh
    << " known.</p>\n";
  if (r.campaigns.size() >= 2) {
    std::vector<double> rate, signatures, fresh_per_night;
    std::vector<std::string> labels;
    for (const auto &c : r.campaigns) {
      rate.push_back(c.programs_per_second);
      signatures.push_back(static_cast<double>(c.findings.size()));
      fresh_per_night.push_back(
          static_cast<double>(std::count_if(c.findings.begin(), c.findings.end(),
                                            [](const CampaignFinding &f) { return !f.known; })));
      labels.push_back(c.started);
    }
    o << "<div class=\"charts\">"
      << line_chart("Programs per second", rate, labels, "var(--accent)")
      << line_chart("Signatures seen", signatures, labels, "var(--expected)")
      << line_chart("New (not known) signatures", fresh_per_night, labels, "var(--fail)")
      << "</div>\n";
  }
  o << "<table><thead><tr><th></th><th>signature</th><th class=\"n\">programs</th>"
       "<th class=\"n\">campaigns</th><th>first seen</th><th>last seen</th><th>reproducer</th>"
       "</tr></thead><tbody>";
  for (const auto &f : r.findings) {
    o << "<tr><td><span class=\"badge " << (f.known ? "known" : "new") << "\">"
      << (f.known ? "known" : "new") << "</span></td><td class=\"mono\">"
      << escape_html(f.signature);
    if (f.known && !f.known_reason.empty())
      o << "<div class=\"small\">" << escape_html(f.known_reason) << "</div>";
    o << "</td><td class=\"n\">" << f.count << "</td><td class=\"n\">" << f.campaigns
      << "</td><td class=\"small when\">" << escape_html(short_time(f.first_seen))
      << "</td><td class=\"small when\">" << escape_html(short_time(f.last_seen)) << "</td><td>";
    if (f.reduced.empty())
      o << "<span class=\"none\">" << (f.known ? "known: counted only" : "not reduced")
        << "</span>";
    else
      o << "<details><summary>reduced.py"
        << (f.reduce_note.empty() ? "" : " (" + escape_html(f.reduce_note) + ")")
        << "</summary><pre>" << escape_html(f.reduced) << "</pre></details>";
    o << "</td></tr>";
  }
  o << "</tbody></table>\n";
}

void rule_filters(std::ostringstream &o, const Report &r) {
  std::vector<std::string> kinds;
  for (const auto &row : r.rules)
    if (std::find(kinds.begin(), kinds.end(), row.kind) == kinds.end())
      kinds.push_back(row.kind);
  o << "<form id=\"filters\" class=\"filters\" onsubmit=\"return false\">"
       "<label>section <select name=\"section\"><option value=\"\">all</option>";
  for (const auto &s : r.section_order)
    o << "<option>" << escape_html(s) << "</option>";
  o << "</select></label><label>kind <select name=\"kind\"><option value=\"\">all</option>";
  for (const auto &k : kinds)
    o << "<option>" << escape_html(k) << "</option>";
  o << "</select></label>";
  if (!r.implementations.empty()) {
    o << "<label>status on <select name=\"impl\"><option value=\"\">any implementation</option>";
    for (size_t i = 0; i < r.implementations.size(); ++i)
      o << "<option value=\"" << i << "\">" << escape_html(r.implementations[i].name)
        << "</option>";
    o << "</select></label>";
  }
  o << "<label>is <select name=\"status\"><option value=\"\">anything</option>";
  for (RuleStatus s : kAllStatuses)
    o << "<option value=\"" << to_string(s) << "\">" << look(s).words << "</option>";
  o << "<option value=\"notest\">without a test</option>";
  if (r.have_campaigns())
    o << "<option value=\"unreached\">not reached by generated programs</option>";
  o << "</select></label><input name=\"q\" type=\"search\" placeholder=\"search ID or summary\">"
       "<span id=\"shown\"></span></form>\n";
}

void rule_matrix(std::ostringstream &o, const Report &r) {
  o << "<h2 id=\"rules\">Rules</h2>\n<p class=\"small\">Every rule of the catalog (spec/rules): "
       "where the checker and the reference interpreter implement it, the conformance files "
       "(hand-written and regressions) and unit tests that cite it, whether generated programs "
       "reach it, the proved rewrite rules over its operator, and each implementation's status. "
       "Hover a count for the list.</p>\n";
  legend(o);
  rule_filters(o, r);
  o << "<table id=\"matrix\"><thead><tr><th>rule</th><th>summary</th><th class=\"n\">checker</th>"
       "<th class=\"n\">evaluator</th><th class=\"n\">other</th><th class=\"n\">tests</th>"
       "<th class=\"n\">regressions</th><th class=\"n\">unit</th><th>generated</th>"
       "<th class=\"n\">rewrites</th>";
  for (const auto &impl : r.implementations)
    o << "<th>" << escape_html(impl.name) << "</th>";
  o << "</tr></thead><tbody>\n";
  for (const auto &row : r.rules) {
    std::string any;
    for (const auto &[impl, s] : row.status)
      any += std::string(to_string(s)) + " ";
    if (row.tests.empty() && row.regressions.empty() && row.unit_tests.empty())
      any += "notest ";
    if (row.generated == false)
      any += "unreached ";
    std::string text = row.id + " " + row.summary;
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    o << "<tr class=\"rule\" id=\"r-" << slug_of(row.id) << "\" data-section=\""
      << escape_html(row.top_section) << "\" data-kind=\"" << escape_html(row.kind)
      << "\" data-any=\"" << any << "\" data-text=\"" << escape_html(text) << "\"";
    for (size_t i = 0; i < r.implementations.size(); ++i)
      o << " data-s-" << i << "=\"" << to_string(row.status.at(r.implementations[i].name)) << "\"";
    o << "><td class=\"mono id\"><b>" << escape_html(row.id) << "</b><div class=\"small\">"
      << escape_html(row.kind) << (row.differs_from_tvm ? " &middot; TVM differs" : "")
      << "</div></td><td class=\"sum\">" << escape_html(row.summary) << "<div class=\"small\">"
      << escape_html(row.section) << "</div>";
    if (!row.reading.empty())
      o << "<div class=\"reading\" title=\""
        << escape_html("other reading: " + row.alternative + "\nwhy: " + row.why)
        << "\">our reading: " << escape_html(row.reading) << "</div>";
    o << "</td><td class=\"n\">" << counted(row.checker_sites) << "</td><td class=\"n\">"
      << counted(row.evaluator_sites) << "</td><td class=\"n\">" << counted(row.other_sites)
      << "</td><td class=\"n\">" << counted(row.tests) << "</td><td class=\"n\">"
      << counted(row.regressions) << "</td><td class=\"n\">" << counted(row.unit_tests)
      << "</td><td>";
    if (!row.generated)
      o << "<span class=\"count zero\">&ndash;</span>";
    else if (*row.generated)
      o << "<span class=\"yes\">reached</span>";
    else
      o << "<span class=\"no\">never</span>";
    o << "</td><td class=\"n\">" << counted(row.rewrites) << "</td>";
    for (const auto &impl : r.implementations) {
      const RuleStatus s = row.status.at(impl.name);
      o << "<td><span class=\"chip " << to_string(s) << "\"";
      if (auto it = row.failing_files.find(impl.name); it != row.failing_files.end()) {
        std::string tip = "failing:";
        for (const auto &f : it->second)
          tip += "\n" + f;
        o << " title=\"" << escape_html(tip) << "\"";
      }
      o << ">" << look(s).chip << "</span></td>";
    }
    o << "</tr>\n";
  }
  o << "</tbody></table>\n";
}

} // namespace

std::string report_html(const Report &r) {
  std::ostringstream o;
  o << "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
       "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
       "<title>tirconf conformance report</title><style>"
    << kStyle << "</style></head><body>\n";
  header(o, r);
  o << "<main>\n";
  if (!r.warnings.empty()) {
    o << "<h2>Warnings</h2><ul>";
    for (const auto &w : r.warnings)
      o << "<li>" << escape_html(w) << "</li>";
    o << "</ul>";
  }
  conformance(o, r);
  changes(o, r);
  gaps(o, r);
  findings(o, r);
  rule_matrix(o, r);
  o << "</main><footer>Written by tirconf report from the spec catalog, the conformance corpus "
       "and the results given; the same data is in report.json.</footer>\n<script>"
    << kScript << "</script></body></html>\n";
  return o.str();
}

} // namespace tirconf::report
