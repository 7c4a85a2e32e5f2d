// tirconf rules: every catalog rule with the code that implements it and the conformance files
// that test it, so gaps are visible.
#include <iomanip>
#include <iostream>
#include <map>

#include <nlohmann/json.hpp>

#include "reports/traceability.h"
#include "spec/catalog.h"
#include "tools/commands.h"

namespace tirconf::tools {

std::string default_corpus_dir() {
  return TIRCONF_SOURCE_DIR "/corpus";
}

void register_rules(CLI::App &app, int &exit_code) {
  struct Options {
    std::string corpus = default_corpus_dir();
    std::vector<std::string> kinds;
    bool gaps = false;
    bool json = false;
    bool require_complete = false;
  };
  auto opts = std::make_shared<Options>();
  auto *cmd =
      app.add_subcommand("rules", "List spec rules with their implementing sites and tests");
  cmd->add_option("--corpus", opts->corpus, "conformance corpus folder")->capture_default_str();
  cmd->add_option("--kind", opts->kinds,
                  "only these kinds: typing, scoping, semantics, binding, unspecified");
  cmd->add_flag("--gaps", opts->gaps, "list only rules lacking an implementing site or a test");
  cmd->add_flag("--json", opts->json, "machine-readable output");
  cmd->add_flag("--require-complete", opts->require_complete,
                "exit 1 if a listed rule lacks an implementing site or a test");
  cmd->callback([opts, &exit_code] {
    const auto &catalog = spec::Catalog::builtin();
    for (const auto &k : opts->kinds)
      if (!spec::parse_rule_kind(k)) {
        std::cerr << "error: unknown rule kind '" << k << "'\n";
        exit_code = kBadInput;
        return;
      }

    const report::Traceability trace =
        report::collect_traceability(opts->corpus, TIRCONF_SOURCE_DIR);
    for (const auto &e : trace.errors)
      std::cerr << e << "\n";
    auto cited = [](const auto &by_id, const std::string &id) -> const std::vector<std::string> & {
      static const std::vector<std::string> none;
      auto it = by_id.find(id);
      return it == by_id.end() ? none : it->second;
    };
    const auto &unknown = trace.unknown_ids;

    auto selected = [&](const spec::Rule &r) {
      if (opts->kinds.empty())
        return true;
      for (const auto &k : opts->kinds)
        if (to_string(r.kind) == k)
          return true;
      return false;
    };
    nlohmann::json out = nlohmann::json::array();
    // total, implemented, tested (by a conformance file or a unit test), by a conformance file
    std::map<std::string, std::array<int, 4>> per_kind;
    bool gap = false;
    for (const auto &r : catalog.rules()) {
      if (!selected(r))
        continue;
      const auto &s = cited(trace.sites, r.id);
      const auto &t = cited(trace.tests, r.id);
      const auto &u = cited(trace.unit_tests, r.id);
      auto &counts = per_kind[to_string(r.kind)];
      ++counts[0];
      counts[1] += !s.empty();
      counts[2] += !t.empty() || !u.empty();
      counts[3] += !t.empty();
      bool has_gap = s.empty() || (t.empty() && u.empty());
      gap |= has_gap;
      if (opts->gaps && !has_gap)
        continue;
      if (opts->json) {
        out.push_back({{"id", r.id},
                       {"kind", to_string(r.kind)},
                       {"section", r.section},
                       {"summary", r.summary},
                       {"differs_from_tvm", r.differs_from_tvm},
                       {"sites", s},
                       {"tests", t},
                       {"unit_tests", u}});
        continue;
      }
      std::cout << std::left << std::setw(44) << r.id << " " << std::setw(11) << to_string(r.kind)
                << " sites " << std::setw(3) << s.size() << " tests " << std::setw(3) << t.size()
                << " unit " << std::setw(3) << u.size() << (r.differs_from_tvm ? " «»" : "")
                << "\n";
      for (const auto &x : s)
        std::cout << "    impl " << x << "\n";
      for (const auto &x : t)
        std::cout << "    test " << x << "\n";
      for (const auto &x : u)
        std::cout << "    unit " << x << "\n";
      if (s.empty())
        std::cout << "    GAP: no implementing site\n";
      if (t.empty() && u.empty())
        std::cout << "    GAP: no test\n";
      else if (t.empty())
        std::cout << "    note: unit tests only (no conformance file)\n";
    }
    if (opts->json) {
      std::cout << nlohmann::json{{"rules", out}, {"unknown_ids", unknown}}.dump(2) << "\n";
    } else {
      for (const auto &[kind, c] : per_kind)
        std::cout << kind << ": " << c[0] << " rules, " << c[1] << " implemented, " << c[2]
                  << " tested (" << c[3] << " by conformance files)\n";
      for (const auto &u : unknown)
        std::cout << "error: unknown rule ID " << u << "\n";
    }
    exit_code = !unknown.empty() || (opts->require_complete && gap) ? kFound : kSuccess;
  });
}

} // namespace tirconf::tools
