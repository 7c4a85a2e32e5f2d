// The rewrite-rule catalog's pattern language and loader (oracle/arith/pattern.h,
// oracle/arith/rewrite_rules.h): parsing, printing, and file:line:col diagnostics.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <set>

#include "oracle/arith/rewrite_rules.h"

namespace tirconf::oracle::arith {
namespace {

PatRef parse(const std::string &s, bool fits = false) {
  PatParseError err;
  PatRef p = parse_pattern(s, fits, err);
  EXPECT_TRUE(p) << s << ": " << err.message << " at " << err.offset;
  return p;
}

std::vector<RuleDiagnostic> load(const std::string &text, RuleSet *out = nullptr) {
  std::vector<RuleDiagnostic> d;
  RuleSet s = RuleSet::parse({{"t.yaml", text}}, d);
  if (out)
    *out = s;
  return d;
}

TEST(ProvePattern, PrecedenceFollowsPython) {
  // // and % bind like *, tighter than + and -; comparisons below arithmetic; && below !.
  auto p = parse("x + y // 2 * c1 % 3 < z && !(x == y) || a");
  ASSERT_EQ(p->kind, PatKind::Op);
  EXPECT_EQ(p->op, ir::ExprKind::Or);
  const Pat &lhs = *p->args[0];
  EXPECT_EQ(lhs.op, ir::ExprKind::And);
  const Pat &cmp = *lhs.args[0];
  EXPECT_EQ(cmp.op, ir::ExprKind::LT);
  const Pat &sum = *cmp.args[0];
  EXPECT_EQ(sum.op, ir::ExprKind::Add);
  // ((y // 2) * c1) % 3: left-associative at one level.
  EXPECT_EQ(sum.args[1]->op, ir::ExprKind::FloorMod);
  EXPECT_EQ(sum.args[1]->args[0]->op, ir::ExprKind::Mul);
  EXPECT_EQ(sum.args[1]->args[0]->args[1]->kind, PatKind::Sym);
}

TEST(ProvePattern, PrintsWhatItParses) {
  for (const char *s : {"x + y // 2 * c1 % 3", "(x + c1) // c2 - x // c2", "Div(x * c1 - y, c1)",
                        "Select(!a, x, y)", "x - -1", "x * (-1)", "0 - x % c1", "Min(x, y) < z",
                        "x < c1 && c2 < x || a"}) {
    auto p = parse(s);
    auto again = parse(to_string(*p));
    EXPECT_EQ(to_string(*p), to_string(*again)) << s;
  }
  EXPECT_EQ(to_string(*parse("(x + y) + z")), "x + y + z");
  EXPECT_EQ(to_string(*parse("x - (y - z)")), "x - (y - z)");
  EXPECT_EQ(to_string(*parse("x * -1")), "x * (-1)");
}

TEST(ProvePattern, NegativeLiteralsAndSymbols) {
  auto p = parse("x + -9223372036854775808");
  EXPECT_EQ(p->args[1]->kind, PatKind::Lit);
  EXPECT_EQ(p->args[1]->value, INT64_MIN);
  EXPECT_EQ(parse("c12")->kind, PatKind::Sym);
  EXPECT_EQ(parse("cx")->kind, PatKind::Var);
  EXPECT_EQ(parse("-x")->op, ir::ExprKind::Sub); // 0 - x: TIR has no negation
}

TEST(ProvePattern, ErrorsPointAtTheProblem) {
  struct Case {
    const char *text;
    int offset;
    const char *says;
  };
  for (auto c : std::vector<Case>{{"x + ", 4, "expected an expression"},
                                  {"Min(x)", 0, "takes 2 operands"},
                                  {"x < y < z", 6, "do not chain"},
                                  {"fits(x)", 0, "side conditions only"},
                                  {"foo(x)", 0, "unknown function"},
                                  {"x + 99999999999999999999", 4, "out of the int64 range"},
                                  {"(x + y", 6, "expected ')'"},
                                  {"X + 1", 0, "lowercase"}}) {
    PatParseError err;
    EXPECT_FALSE(parse_pattern(c.text, false, err)) << c.text;
    EXPECT_EQ(err.offset, c.offset) << c.text << ": " << err.message;
    EXPECT_NE(err.message.find(c.says), std::string::npos) << err.message;
  }
}

TEST(ProveRuleFile, LoadsClaimsAndTypes) {
  RuleSet s;
  auto d = load(R"Y(rules:
  - id: rw.t.one
    lhs: "Select(a, x, x)"
    rhs: "x"
    dtypes: [int32, unbounded]
    from: "test"
  - id: rw.t.two
    lhs: "(x + c1) // c1"
    rhs: "x // c1 + 1"
    if: "c1 > 0 && fits(x + c1)"
    expect: {unbounded: valid, int8: invalid}
    from: "test"
)Y",
                &s);
  ASSERT_TRUE(d.empty()) << format(d[0]);
  ASSERT_EQ(s.rules().size(), 2u);
  const RewriteRule &one = s.rules()[0];
  EXPECT_TRUE(one.is_bool_var("a"));
  EXPECT_FALSE(one.is_bool_var("x"));
  EXPECT_EQ(one.claim_at(Width::of(ir::DataType::Int(32))), Claim::Valid);
  EXPECT_EQ(one.claim_at(Width::integers()), Claim::Valid);
  EXPECT_FALSE(one.claim_at(Width::of(ir::DataType::Int(64))));
  const RewriteRule &two = s.rules()[1];
  EXPECT_EQ(two.claim_at(Width::of(ir::DataType::Int(8))), Claim::Invalid);
  EXPECT_TRUE(two.cond);
  EXPECT_EQ(two.line, 7);
}

TEST(ProveRuleFile, DiagnosticsCarryFileLineColumn) {
  struct Case {
    const char *text;
    int line, col;
    const char *says;
  };
  const char *head = "rules:\n  - id: rw.t.x\n";
  for (auto c : std::vector<Case>{
           // The column points into the quoted pattern, at the offending character.
           {"    lhs: \"x + \"\n    rhs: \"x\"\n    dtypes: [int32]\n    from: t\n", 3, 15,
            "expected an expression"},
           {"    lhs: \"x + y\"\n    rhs: \"x + w\"\n    dtypes: [int32]\n    from: t\n", 4, 15,
            "'w' does not occur in lhs"},
           {"    lhs: \"x + y\"\n    rhs: \"x < y\"\n    dtypes: [int32]\n    from: t\n", 4, 11,
            "expected an integer"},
           {"    lhs: \"x + y\"\n    rhs: \"x\"\n    dtypes: [int31]\n    from: t\n", 5, 14,
            "unknown width"},
           {"    lhs: \"x + y\"\n    rhs: \"x\"\n    dtypes: [int32]\n    form: t\n", 6, 5,
            "unknown key 'form'"},
           {"    lhs: \"x\"\n    rhs: \"x\"\n    dtypes: [int32]\n    from: t\n", 3, 11,
            "must be an operator"},
           {"    lhs: \"x + y\"\n    rhs: \"x\"\n    dtypes: [int32]\n    expect: maybe\n    from: "
            "t\n",
            6, 13, "valid' or 'invalid"}}) {
    auto d = load(std::string(head) + c.text);
    ASSERT_EQ(d.size(), 1u) << c.text;
    EXPECT_EQ(d[0].file, "t.yaml");
    EXPECT_EQ(d[0].line, c.line) << format(d[0]);
    EXPECT_EQ(d[0].col, c.col) << format(d[0]);
    EXPECT_NE(d[0].message.find(c.says), std::string::npos) << format(d[0]);
    EXPECT_EQ(format(d[0]).rfind("t.yaml:" + std::to_string(c.line) + ":" + std::to_string(c.col) +
                                     ": error: ",
                                 0),
              0u);
  }
  // Duplicate IDs, a bad ID, and YAML that does not parse.
  auto d = load("rules:\n  - {id: rw.t.a, lhs: \"x+0\", rhs: x, dtypes: [int32], from: t}\n"
                "  - {id: rw.t.a, lhs: \"x+0\", rhs: x, dtypes: [int32], from: t}\n");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_NE(d[0].message.find("duplicate rule id"), std::string::npos);
  EXPECT_EQ(d[0].line, 3);
  d = load("rules:\n  - {id: t.a, lhs: \"x+0\", rhs: x, dtypes: [int32], from: t}\n");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_NE(d[0].message.find("bad rule id"), std::string::npos);
  d = load("rules: [\n");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].line, 2);
}

TEST(ProveRuleFile, TheBuiltinCatalog) {
  const RuleSet &s = RuleSet::builtin();
  EXPECT_GE(s.rules().size(), 150u);
  std::set<std::string> ids;
  int invalid = 0;
  for (const auto &r : s.rules()) {
    EXPECT_TRUE(ids.insert(r.id).second) << r.id;
    EXPECT_FALSE(r.claims.empty()) << r.id;
    EXPECT_FALSE(r.from.empty()) << r.id;
    EXPECT_EQ(r.file.rfind("spec/rewrites/", 0), 0u) << r.file;
    for (const auto &[w, c] : r.claims)
      invalid += c == Claim::Invalid;
  }
  EXPECT_GT(invalid, 10);
  // The spec's three FloorDiv/FloorMod laws ("Comparison Between Div, Mod, FloorDiv, and
  // FloorMod").
  for (const char *id :
       {"rw.law.floormod_range", "rw.law.floordiv_add_divisor", "rw.law.floormod_add_divisor"})
    EXPECT_TRUE(s.find(id)) << id;
}

// Bad input never crashes the loader: a catalog file with bytes deleted, replaced or inserted
// either loads or yields diagnostics, each at a real position (line and column from 1).
RC_GTEST_PROP(ProveRuleFile, MutatedFilesGiveDiagnosticsNotCrashes, ()) {
  const auto &files = embedded_rewrite_files();
  const auto &[name, original] = files[*rc::gen::inRange<size_t>(0, files.size())];
  std::string text = original;
  const int edits = *rc::gen::inRange(1, 8);
  for (int i = 0; i < edits && !text.empty(); ++i) {
    size_t at = *rc::gen::inRange<size_t>(0, text.size());
    const char c = *rc::gen::element('"', ':', '-', '(', ')', '[', '{', '\n', ' ', 'x', '0', '%',
                                     '/', '\x80', '\0');
    switch (*rc::gen::inRange(0, 3)) {
    case 0:
      text.erase(at, 1);
      break;
    case 1:
      text[at] = c;
      break;
    default:
      text.insert(text.begin() + static_cast<long>(at), c);
      break;
    }
  }
  std::vector<RuleDiagnostic> d;
  RuleSet s = RuleSet::parse({{name, text}}, d);
  for (const auto &x : d) {
    RC_ASSERT(x.line >= 1);
    RC_ASSERT(x.col >= 1);
    RC_ASSERT(format(x).rfind(name + ":", 0) == 0u);
  }
}

} // namespace
} // namespace tirconf::oracle::arith
