// The verified simplifier (oracle/arith/simplify.h): what it does on chosen expressions, that it
// keeps faults, that its bounds are sound, and (property) that Z3 proves every output may replace
// its input at the dtype's width.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "ir/tvmscript/printer.h"
#include "oracle/arith/match.h"
#include "oracle/arith/simplify.h"
#include "prover/equiv.h"
#include "prover/evaluate.h"
#include "prover/expr_gen.h"
#include "prover/sample.h"

namespace tirconf::oracle::arith {
namespace {

using ir::ExprKind;
using ir::PrimExpr;

const ir::DataType i32 = ir::DataType::Int(32), i64 = ir::DataType::Int(64);

struct Exprs {
  ir::Var x = ir::make_var("x", i32), y = ir::make_var("y", i32);
  PrimExpr c(int64_t v, ir::DataType t = i32) { return ir::make_int(t, v); }
  PrimExpr op(ExprKind k, PrimExpr a, PrimExpr b) { return ir::make_binary(k, a, b); }
};

std::string simplified(const PrimExpr &e, Simplifier *with = nullptr) {
  Simplifier s;
  return ir::print_expr((with ? with : &s)->simplify(e));
}

TEST(ArithSimplify, FoldsWithTirSemantics) {
  Exprs e;
  // [sem.expr.floordiv] [sem.expr.floormod] [sem.expr.div] [sem.expr.mod]
  EXPECT_EQ(simplified(e.op(ExprKind::FloorDiv, e.c(-7), e.c(2))), "-4");
  EXPECT_EQ(simplified(e.op(ExprKind::FloorMod, e.c(-7), e.c(2))), "1");
  EXPECT_EQ(simplified(e.op(ExprKind::Div, e.c(-7), e.c(2))), "-3");
  EXPECT_EQ(simplified(e.op(ExprKind::Mod, e.c(-7), e.c(2))), "-1");
  // [sem.expr.int_wrap]
  EXPECT_EQ(simplified(e.op(ExprKind::Add, e.c(2147483647), e.c(1))), "-2147483648");
  // A zero divisor is not folded: its error is the program's.
  EXPECT_EQ(simplified(e.op(ExprKind::FloorDiv, e.c(5), e.c(0))), "T.FloorDiv(5, 0)");
  EXPECT_EQ(simplified(e.op(ExprKind::Mod, e.x, e.c(0))), "T.Mod(x, 0)");
  // INT_MIN / -1 promises nothing ([unspec.int_min_div]), so any result refines it: here
  // rw.div.minus_one turns it into 0 - INT_MIN, which wraps to INT_MIN.
  EXPECT_EQ(simplified(e.op(ExprKind::Div, e.c(INT32_MIN), e.c(-1))), "-2147483648");
}

TEST(ArithSimplify, AppliesProvenRules) {
  Exprs e;
  // rw.add.const_assoc, rw.floormod.add_multiple_by8, rw.min.self, rw.floordiv.nested_fits
  EXPECT_EQ(simplified(e.op(ExprKind::Add, e.op(ExprKind::Add, e.x, e.c(3)), e.c(4))), "x + 7");
  EXPECT_EQ(simplified(e.op(ExprKind::FloorMod, e.op(ExprKind::Add, e.x, e.c(16)), e.c(8))),
            "x % 8");
  EXPECT_EQ(simplified(e.op(ExprKind::Min, e.x, e.x)), "x");
  EXPECT_EQ(simplified(e.op(ExprKind::FloorDiv, e.op(ExprKind::FloorDiv, e.x, e.c(4)), e.c(8))),
            "x // 32");
  // x // 4 * 4 + x % 4 -> x (rw.add.floor_div_mod).
  PrimExpr split =
      e.op(ExprKind::Add, e.op(ExprKind::Mul, e.op(ExprKind::FloorDiv, e.x, e.c(4)), e.c(4)),
           e.op(ExprKind::FloorMod, e.x, e.c(4)));
  EXPECT_EQ(simplified(split), "x");
}

TEST(ArithSimplify, DoesNotApplyRulesThatOnlyHoldOverTheIntegers) {
  Exprs e;
  // (x + 8) // 8 -> x // 8 + 1 is the spec's law 2, false at int32 when x + 8 wraps; nothing
  // bounds x here, so it stays.
  PrimExpr law2 = e.op(ExprKind::FloorDiv, e.op(ExprKind::Add, e.x, e.c(8)), e.c(8));
  EXPECT_EQ(simplified(law2), "(x + 8) // 8");
  // With x known to lie in [0, 100] the guarded rule applies (fits(x + c1) holds).
  Simplifier s;
  s.set_var_bound(e.x, {0, 100});
  EXPECT_EQ(simplified(law2, &s), "x // 8 + 1");
}

TEST(ArithSimplify, KeepsFaults) {
  Exprs e;
  // x // y may divide by zero: x // y * 0 is not 0, and x // y - x // y is not 0.
  PrimExpr q = e.op(ExprKind::FloorDiv, e.x, e.y);
  EXPECT_EQ(simplified(e.op(ExprKind::Mul, q, e.c(0))), "T.Mul(x // y, 0)");
  EXPECT_EQ(simplified(e.op(ExprKind::Sub, q, q)), "x // y - x // y");
  // [sem.expr.select] Select evaluates both arms: the faulting arm cannot be dropped.
  PrimExpr sel = std::make_shared<ir::SelectNode>(ir::make_bool(true), e.x, q);
  EXPECT_EQ(simplified(sel), "T.Select(T.bool(True), x, x // y)");
  // With y bounded away from zero the same rules apply.
  Simplifier s;
  s.set_var_bound(e.y, {1, 10});
  EXPECT_EQ(simplified(e.op(ExprKind::Mul, q, e.c(0)), &s), "0");
}

TEST(ArithSimplify, UsesBounds) {
  Exprs e;
  // rw.floormod.range_identity and rw.min.bound_left decided with constant-interval bounds.
  PrimExpr m = e.op(ExprKind::FloorMod, e.x, e.c(8));
  EXPECT_EQ(simplified(e.op(ExprKind::FloorMod, m, e.c(16))), "x % 8");
  EXPECT_EQ(simplified(e.op(ExprKind::Min, m, e.c(10))), "x % 8");
  EXPECT_EQ(simplified(e.op(ExprKind::LT, m, e.c(8))), "T.bool(True)");
}

TEST(ArithSimplify, RulesThatUndoEachOtherTerminate) {
  // x + y -> y + x (and, with it, y + x -> x + y) would rewrite forever; each output is
  // simplified again, so without a guard the recursion runs out of stack.
  std::vector<RuleDiagnostic> d;
  RuleSet rules = RuleSet::parse({{"t.yaml", R"Y(rules:
  - {id: rw.t.comm, lhs: "x + y", rhs: "y + x", dtypes: [int32], from: t}
  - {id: rw.t.sub_comm, lhs: "x - (0 - y)", rhs: "y - (0 - x)", dtypes: [int32], from: t}
)Y"}},
                                 d);
  ASSERT_TRUE(d.empty()) << format(d[0]);
  SimplifyOptions o;
  o.rules = &rules;
  o.max_rewrites = 1000000; // not what stops it: the budget would be spent before the stack
  Simplifier s(o);
  Exprs e;
  PrimExpr sum = e.op(ExprKind::Add, e.x, e.y);
  for (int depth = 0; depth < 6; ++depth)
    sum = e.op(ExprKind::Add, sum, sum);
  PrimExpr out = s.simplify(sum);
  EXPECT_EQ(node_count(out), node_count(sum)); // reordered at most, never grown
  // Seven distinct Add nodes (the tree shares its halves): a handful of reorderings each.
  EXPECT_LT(s.stats().rewrites, 100u);
  PrimExpr neg = e.op(ExprKind::Sub, e.x, e.op(ExprKind::Sub, e.c(0), e.y));
  EXPECT_EQ(node_count(s.simplify(neg)), node_count(neg));
}

TEST(ArithInterval, DivisionBounds) {
  EXPECT_EQ(divide({-7, 7}, {2, 2}, true).lo, -4);
  EXPECT_EQ(divide({-7, 7}, {2, 2}, false).lo, -3);
  EXPECT_EQ(divide({-7, 7}, {-2, -1}, true).hi, 7);
  Interval r = remainder({-100, 100}, {1, 8}, true);
  EXPECT_EQ(r.lo, 0);
  EXPECT_EQ(r.hi, 7);
  r = remainder({-100, 100}, {-8, 8}, false);
  EXPECT_EQ(r.lo, -7);
  EXPECT_EQ(r.hi, 7);
}

// Bounds are sound: whenever an expression ends normally its value lies in its interval, and an
// expression the bounds call fault-free never faults.
RC_GTEST_PROP(ArithInterval, BoundsContainEveryValue, ()) {
  const uint64_t seed = *rc::gen::arbitrary<uint64_t>();
  prover::ExprGen gen(seed);
  PrimExpr e = gen.next();
  Bounds b;
  Interval iv = b.of(e);
  bool safe = !b.may_fault(e);
  prover::Rng rng(seed);
  for (int i = 0; i < 50; ++i) {
    std::map<const ir::VarNode *, prover::Int128> env;
    for (auto *v : prover::free_vars_of(e))
      env[v] = prover::draw_value(rng, Width::of(e->dtype));
    prover::Eval r = prover::eval_expr(e, env);
    if (safe)
      RC_ASSERT(r.kind == prover::Eval::Ok);
    if (r.kind == prover::Eval::Ok)
      RC_ASSERT(iv.contains(r.v));
  }
}

// The property the issue asks for: Z3 proves that the simplified form may replace the input at
// the dtype's width (prover/equiv.h), for random int32/int64 expressions.
RC_GTEST_PROP(ArithSimplify, OutputRefinesInputAtWidth, ()) {
  const uint64_t seed = *rc::gen::arbitrary<uint64_t>();
  prover::ExprPolicy policy;
  policy.max_depth = 4;
  prover::ExprGen gen(seed, policy);
  PrimExpr e = gen.next();
  Simplifier s;
  PrimExpr out = s.simplify(e);
  RC_ASSERT(node_count(out) <= node_count(e));
  if (same_expr(e, out))
    return;
  prover::RefinementOptions o;
  o.timeout_ms = 20000;
  prover::RefinementResult r = prover::check_refinement(e, out, o);
  RC_ASSERT(r.verdict != prover::Verdict::Refuted);
  if (r.verdict != prover::Verdict::Proven)
    RC_DISCARD("undecided within the budget: " + r.detail);
}

} // namespace
} // namespace tirconf::oracle::arith
