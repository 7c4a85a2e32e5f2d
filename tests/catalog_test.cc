// Meta-tests of the rule catalog: well-formed, and the single list of IDs everything cites.
#include <gtest/gtest.h>

#include <set>

#include "runner/conformance.h"
#include "spec/catalog.h"

namespace tirconf::spec {
namespace {

TEST(Catalog, LoadsAndHasEveryKind) {
  const auto &c = Catalog::builtin();
  ASSERT_GT(c.rules().size(), 150u);
  std::set<RuleKind> kinds;
  for (const auto &r : c.rules()) {
    kinds.insert(r.kind);
    EXPECT_TRUE(looks_like_rule_id(r.id)) << r.id;
    EXPECT_FALSE(r.summary.empty()) << r.id;
    EXPECT_FALSE(r.section.empty()) << r.id;
  }
  EXPECT_EQ(kinds.size(), 5u);
}

TEST(Catalog, AmbiguousReadingsAreRecorded) {
  // The readings the project decided must be in the catalog with the alternative and why.
  int with_reading = 0;
  for (const auto &r : Catalog::builtin().rules())
    if (!r.reading.empty()) {
      ++with_reading;
      EXPECT_FALSE(r.alternative.empty()) << r.id;
      EXPECT_FALSE(r.why.empty()) << r.id;
    }
  EXPECT_GE(with_reading, 10);
}

TEST(Catalog, EveryCitationInCodeExists) {
  ASSERT_FALSE(rule_sites().empty());
  for (const auto &s : rule_sites())
    EXPECT_NE(Catalog::builtin().find(s.id), nullptr)
        << s.file << ":" << s.line << " cites unknown rule " << s.id;
}

TEST(Catalog, EveryCitationInUnitTestsExists) {
  ASSERT_FALSE(rule_test_sites().empty());
  for (const auto &s : rule_test_sites())
    EXPECT_NE(Catalog::builtin().find(s.id), nullptr)
        << s.file << ":" << s.line << " cites unknown rule " << s.id;
}

TEST(Catalog, EveryCitationInCorpusExists) {
  std::vector<std::string> errors;
  auto files = runner::collect_python_files({TIRCONF_SOURCE_DIR "/corpus"}, errors);
  for (const auto &path : files) {
    auto f = runner::load_file(path);
    ASSERT_TRUE(f.input_ok()) << path << ": " << format(f.input_errors.front());
    if (!f.test)
      continue;
    for (const auto &id : f.test->rules)
      EXPECT_NE(Catalog::builtin().find(id), nullptr) << path << " cites unknown rule " << id;
  }
}

TEST(Catalog, RejectsMalformedFiles) {
  EXPECT_THROW(Catalog::parse({{"a.yaml", "rules: [{id: type.x, kind: typing}]"}}),
               std::runtime_error);
  EXPECT_THROW(Catalog::parse({{"a.yaml", "rules: [{id: Bad-Id, kind: typing, summary: s}]"}}),
               std::runtime_error);
  EXPECT_THROW(Catalog::parse({{"a.yaml", "rules: [{id: type.x, kind: typing, summary: s},"
                                          " {id: type.x, kind: typing, summary: t}]"}}),
               std::runtime_error);
  EXPECT_THROW(Catalog::parse({{"a.yaml", "rules: [{id: type.x, kind: weird, summary: s}]"}}),
               std::runtime_error);
  try {
    Catalog::parse({{"b.yaml", "rules:\n  - {id: type.x, kind: typing, summary: [\n"}});
    FAIL();
  } catch (const std::runtime_error &e) {
    EXPECT_NE(std::string(e.what()).find("spec/rules/b.yaml:"), std::string::npos) << e.what();
  }
  auto ok = Catalog::parse(
      {{"a.yaml", "section: S\nrules: [{id: sem.x.y, kind: semantics, summary: s}]"}});
  ASSERT_EQ(ok.rules().size(), 1u);
  EXPECT_EQ(ok.rules()[0].section, "S");
}

} // namespace
} // namespace tirconf::spec
