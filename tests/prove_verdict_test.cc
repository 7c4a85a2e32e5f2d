// Verdicts of `tirconf prove` (prover/prove.h) on rules whose truth is known independently, and
// the whole embedded catalog against its claims.
#include <gtest/gtest.h>

#include "oracle/arith/rewrite_rules.h"
#include "prover/prove.h"
#include "prover/recheck.h"
#include "prover/smt.h"

namespace tirconf::prover {
namespace {

using oracle::arith::RuleSet;

RuleSet rules(const std::string &body) {
  std::vector<oracle::arith::RuleDiagnostic> d;
  RuleSet s = RuleSet::parse({{"t.yaml", "rules:\n" + body}}, d);
  EXPECT_TRUE(d.empty()) << (d.empty() ? "" : format(d[0]));
  return s;
}

const WidthResult &at(const RuleResult &r, const std::string &width) {
  for (const auto &w : r.widths)
    if (oracle::arith::to_string(w.width) == width)
      return w;
  throw std::logic_error("no result at " + width);
}

Int128 input(const Counterexample &c, const std::string &name) {
  for (const auto &[n, v] : c.inputs)
    if (n == name)
      return *smt::parse_decimal(v);
  throw std::logic_error("no input " + name);
}

TEST(ProveVerdict, SpecLawTwoHoldsOverIntegersAndWrapsAtFixedWidth) {
  // [sem.expr.floordiv] FloorDiv(x + N, N) == FloorDiv(x, N) + 1 for N > 0: true over the
  // integers; at int8 false exactly when x + N overflows ([sem.expr.int_wrap]).
  RuleSet s = rules(R"Y(  - id: rw.t.law2
    lhs: "(x + c1) // c1"
    rhs: "x // c1 + 1"
    if: "c1 > 0"
    expect: {unbounded: valid, int8: invalid, int32: invalid}
    from: test
)Y");
  ProveOptions o;
  RuleResult r = prove_rule(s.rules()[0], o);
  EXPECT_EQ(at(r, "unbounded").verdict, Verdict::Proven);
  for (const char *w : {"int8", "int32"}) {
    const WidthResult &res = at(r, w);
    ASSERT_EQ(res.verdict, Verdict::Refuted) << w << " " << res.detail;
    ASSERT_TRUE(res.cex);
    Int128 x = input(*res.cex, "x"), c1 = input(*res.cex, "c1");
    Int128 max = std::string(w) == "int8" ? 127 : 2147483647;
    EXPECT_GT(c1, 0);
    EXPECT_GT(x + c1, max) << "the counterexample must be an overflow";
    EXPECT_EQ(res.cex->lhs.kind, SideOutcome::Ok);
    EXPECT_NE(res.cex->lhs.value, res.cex->rhs.value);
  }
  EXPECT_TRUE(r.fails_only_at_fixed_width());
  EXPECT_FALSE(r.contradicts_claim());
}

TEST(ProveVerdict, DivisionByZeroMustBeExcludedByTheCondition) {
  // [sem.expr.floordiv] x // x raises divide-by-zero at x == 0; the right side 1 does not.
  RuleSet s = rules(R"Y(  - id: rw.t.self
    lhs: "x // x"
    rhs: "1"
    dtypes: [int32]
    from: test
  - id: rw.t.self_guarded
    lhs: "x // x"
    rhs: "1"
    if: "x != 0"
    dtypes: [int32]
    from: test
)Y");
  ProveOptions o;
  RuleResult bad = prove_rule(s.rules()[0], o);
  const WidthResult &w = at(bad, "int32");
  ASSERT_EQ(w.verdict, Verdict::Refuted);
  EXPECT_EQ(input(*w.cex, "x"), 0);
  EXPECT_EQ(w.cex->lhs.kind, SideOutcome::Error);
  EXPECT_EQ(w.cex->rhs.kind, SideOutcome::Ok);
  EXPECT_TRUE(bad.contradicts_claim());
  RuleResult good = prove_rule(s.rules()[1], o);
  EXPECT_EQ(at(good, "int32").verdict, Verdict::Proven);
  EXPECT_EQ(at(good, "unbounded").verdict, Verdict::Proven);
}

TEST(ProveVerdict, IntMinByMinusOneIsUnspecifiedOnTheLeftOnly) {
  // [unspec.int_min_div] the left side promises nothing at INT_MIN // -1, so x // -1 -> 0 - x
  // holds; the other way round it does not (0 - x has a value there, x // -1 none).
  RuleSet s = rules(R"Y(  - id: rw.t.neg
    lhs: "x // -1"
    rhs: "0 - x"
    dtypes: [int8, int64]
    from: test
  - id: rw.t.neg_back
    lhs: "0 - x"
    rhs: "x // -1"
    dtypes: [int8]
    expect: invalid
    from: test
)Y");
  ProveOptions o;
  RuleResult fwd = prove_rule(s.rules()[0], o);
  EXPECT_EQ(at(fwd, "int8").verdict, Verdict::Proven);
  EXPECT_EQ(at(fwd, "int64").verdict, Verdict::Proven);
  RuleResult back = prove_rule(s.rules()[1], o);
  const WidthResult &w = at(back, "int8");
  ASSERT_EQ(w.verdict, Verdict::Refuted);
  EXPECT_EQ(input(*w.cex, "x"), -128);
  EXPECT_EQ(w.cex->rhs.kind, SideOutcome::Unspecified);
  EXPECT_FALSE(back.contradicts_claim());
}

TEST(ProveVerdict, TruncatingAndFlooringDiffer) {
  // [sem.expr.div] [sem.expr.floordiv]: Div(-1, 2) is 0, -1 // 2 is -1.
  RuleSet s = rules(R"Y(  - id: rw.t.trunc_floor
    lhs: "Div(x, y)"
    rhs: "x // y"
    if: "y > 0"
    dtypes: [int16]
    expect: invalid
    from: test
)Y");
  RuleResult r = prove_rule(s.rules()[0], {});
  const WidthResult &w = at(r, "int16");
  ASSERT_EQ(w.verdict, Verdict::Refuted);
  Int128 x = input(*w.cex, "x"), y = input(*w.cex, "y");
  EXPECT_LT(x, 0); // they differ only for negative inexact quotients
  EXPECT_NE(x % y, 0);
}

TEST(ProveVerdict, ABudgetTooSmallIsUnknownNeverProven) {
  RuleSet s = rules(R"Y(  - id: rw.t.hard
    lhs: "(x * z + y) // z"
    rhs: "x + y // z"
    if: "z != 0 && fits(x * z) && fits(x * z + y) && fits(y // z)"
    dtypes: [int64]
    from: test
)Y");
  ProveOptions o;
  o.timeout_ms = 1;
  o.quick_timeout_ms = 1;
  o.samples = 0;
  RuleResult r = prove_rule(s.rules()[0], o);
  EXPECT_NE(at(r, "int64").verdict, Verdict::Proven);
  EXPECT_TRUE(r.claim_undecided());
}

TEST(ProveVerdict, TheSpecLawsInTheCatalog) {
  // The spec's three FloorDiv/FloorMod laws as the catalog states them, at every width. Law 1
  // (0 <= x % N < N) holds everywhere; laws 2 and 3 hold over the integers and fail at each fixed
  // width exactly when x + N wraps ([sem.expr.int_wrap]); restricted to fits(x + N) they hold.
  // (The whole catalog against its claims is the ctest prove_catalog.)
  const RuleSet &cat = RuleSet::builtin();
  ProveOptions o;
  o.widths = {oracle::arith::Width::integers()};
  for (int bits : {8, 16, 32, 64})
    o.widths.push_back(oracle::arith::Width::of(ir::DataType::Int(bits)));
  std::vector<const oracle::arith::RewriteRule *> laws;
  for (const char *id :
       {"rw.law.floormod_range", "rw.law.floordiv_add_divisor", "rw.law.floormod_add_divisor",
        "rw.law.floordiv_add_divisor_fits", "rw.law.floormod_add_divisor_fits"}) {
    const auto *r = cat.find(id);
    ASSERT_TRUE(r) << id;
    laws.push_back(r);
  }
  auto results = prove_rules(laws, o);
  for (const auto &r : results) {
    bool wraps =
        r.rule->id == "rw.law.floordiv_add_divisor" || r.rule->id == "rw.law.floormod_add_divisor";
    for (const auto &w : r.widths) {
      std::string where = r.rule->id + " at " + oracle::arith::to_string(w.width);
      if (!wraps || w.width.unbounded) {
        EXPECT_EQ(w.verdict, Verdict::Proven) << where << " " << w.detail;
        continue;
      }
      ASSERT_EQ(w.verdict, Verdict::Refuted) << where << " " << w.detail;
      ASSERT_TRUE(w.cex) << where;
      Int128 x = input(*w.cex, "x"), c1 = input(*w.cex, "c1");
      Int128 max = (static_cast<Int128>(1) << (w.width.dtype.bits - 1)) - 1;
      EXPECT_GT(c1, 0) << where;
      EXPECT_GT(x + c1, max) << where << ": the counterexample must be an overflow";
      EXPECT_EQ(w.cex->checked_by, "oracle " + oracle::arith::to_string(w.width)) << where;
    }
    EXPECT_EQ(r.fails_only_at_fixed_width(), wraps) << r.rule->id;
    EXPECT_FALSE(r.contradicts_claim()) << r.rule->id;
  }
}

} // namespace
} // namespace tirconf::prover
