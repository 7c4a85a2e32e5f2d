#include "reports/traceability.h"

#include <set>

#include "runner/conformance.h"
#include "spec/catalog.h"

namespace tirconf::report {

Traceability collect_traceability(const std::string &corpus_dir, const std::string &source_dir) {
  Traceability t;
  for (const auto &s : spec::rule_sites())
    t.sites[std::string(s.id)].push_back(std::string(s.file) + ":" + std::to_string(s.line));
  for (const auto &s : spec::rule_test_sites())
    t.unit_tests[std::string(s.id)].push_back(std::string(s.file) + ":" + std::to_string(s.line));
  const std::string prefix = source_dir + "/";
  for (const auto &path : runner::collect_python_files({corpus_dir}, t.errors)) {
    auto f = runner::load_file(path);
    const std::string shown = path.rfind(prefix, 0) == 0 ? path.substr(prefix.size()) : path;
    if (f.test)
      for (const auto &id : f.test->rules)
        t.tests[id].push_back(shown);
  }

  // The catalog is the single list of IDs: a citation of any other is an error.
  const auto &catalog = spec::Catalog::builtin();
  std::set<std::string> unknown;
  auto note_unknown = [&](const auto &cited, const char *how) {
    for (const auto &[id, where] : cited)
      if (!catalog.find(id))
        unknown.insert(id + " (" + how + " " + where.front() + ")");
  };
  note_unknown(t.sites, "cited at");
  note_unknown(t.tests, "cited by");
  note_unknown(t.unit_tests, "cited by");
  t.unknown_ids.assign(unknown.begin(), unknown.end());
  return t;
}

} // namespace tirconf::report
