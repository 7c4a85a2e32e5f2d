// The simplifier differential check (prover/simplify_check.h): a broken simplifier is caught,
// the refutation is confirmed on the oracle and minimized; our own simplifier passes.
#include <gtest/gtest.h>

#include "oracle/arith/simplify.h"
#include "prover/expr_gen.h"
#include "prover/recheck.h"
#include "prover/simplify_check.h"

namespace tirconf::prover {
namespace {

TEST(ProveSimplifyCheck, TheGeneratorIsDeterministic) {
  ExprGen a(42), b(42), c(43);
  bool differs = false;
  for (int i = 0; i < 50; ++i) {
    ir::PrimExpr x = a.next(), y = b.next(), z = c.next();
    EXPECT_EQ(ir::to_string(x->dtype), ir::to_string(y->dtype));
    EXPECT_EQ(oracle::arith::node_count(x), oracle::arith::node_count(y));
    differs |= oracle::arith::node_count(x) != oracle::arith::node_count(z);
  }
  EXPECT_TRUE(differs);
}

TEST(ProveSimplifyCheck, IdentityChangesNothing) {
  CheckOptions o;
  o.count = 30;
  o.impl = "identity";
  CheckSummary s = run_simplify_check(o);
  EXPECT_EQ(s.count, 30);
  EXPECT_EQ(s.unchanged, 30);
  EXPECT_EQ(s.refuted, 0);
}

TEST(ProveSimplifyCheck, OursPasses) {
  CheckOptions o;
  o.count = 60;
  o.seed = 3;
  CheckSummary s = run_simplify_check(o);
  EXPECT_EQ(s.refuted, 0);
  EXPECT_GT(s.proven, 20);
  EXPECT_LT(s.nodes_out, s.nodes_in);
}

TEST(ProveSimplifyCheck, AnUnsoundSimplifierIsCaughtAndMinimized) {
  // tirconf-unsound also applies the catalog's known-wrong rules (x // x -> 1 with x possibly 0,
  // Div(x, y) -> x // y for negative x, ...): truncating division by a constant is common in
  // the generator's output, so a few dozen expressions expose it.
  CheckOptions o;
  o.count = 40;
  o.seed = 1;
  o.impl = "tirconf-unsound";
  CheckSummary s = run_simplify_check(o);
  ASSERT_GT(s.refuted, 0);
  for (const auto &f : s.findings) {
    ASSERT_TRUE(f.minimal);
    EXPECT_LE(oracle::arith::node_count(f.minimal), oracle::arith::node_count(f.original));
    // Independently: run the minimal pair on the oracle with the reported inputs.
    SideOutcome a = run_expr(f.minimal, f.result.inputs);
    SideOutcome b = run_expr(f.minimal_simplified, f.result.inputs);
    EXPECT_TRUE(breaks_refinement(a, b)) << describe(f, o);
    EXPECT_NE(describe(f, o).find("minimal:"), std::string::npos);
  }
}

TEST(ProveSimplifyCheck, TruncatingDivisionIsNotFlooring) {
  // [sem.expr.div] Div(-1, 5) is 0, [sem.expr.floordiv] -1 // 5 is -1: the unsound simplifier's
  // Div(x, 5) -> x // 5 is refuted by a negative x that 5 does not divide, and the oracle agrees.
  auto unsound = make_simplifier("tirconf-unsound");
  ASSERT_TRUE(unsound);
  auto x = ir::make_var("x", ir::DataType::Int(32));
  ir::PrimExpr e = ir::make_binary(ir::ExprKind::Div, x, ir::make_int(ir::DataType::Int(32), 5));
  auto out = unsound->simplify(e);
  ASSERT_TRUE(out);
  ASSERT_EQ((*out)->kind, ir::ExprKind::FloorDiv);
  RefinementResult r = check_refinement(e, *out);
  ASSERT_EQ(r.verdict, Verdict::Refuted) << r.detail;
  int64_t v = r.inputs.at(x.get());
  EXPECT_LT(v, 0);
  EXPECT_NE(v % 5, 0);
  EXPECT_EQ(r.source.to_string(), "ok " + std::to_string(v / 5)); // C++ / truncates, as Div
  // Ours leaves it alone.
  auto ours = make_simplifier("tirconf");
  EXPECT_EQ((*ours->simplify(e))->kind, ir::ExprKind::Div);
}

} // namespace
} // namespace tirconf::prover
