// The check of a simplifier reached through text (prover/external_check.h), with fake
// simplifiers standing in for TVM: each class is told apart, the output text is read back as
// TVM prints it, and findings shrink while they keep their class.
#include <gtest/gtest.h>

#include "ir/tvmscript/printer.h"
#include "oracle/arith/match.h"
#include "oracle/arith/simplify.h"
#include "prover/external_check.h"
#include "prover/recheck.h"

namespace tirconf::prover {
namespace {

using ir::DataType;
using ir::ExprKind;
using ir::PrimExpr;

struct Vars {
  DataType t;
  ir::Var x, y, z;
  explicit Vars(DataType dt)
      : t(dt), x(ir::make_var("x", dt)), y(ir::make_var("y", dt)), z(ir::make_var("z", dt)) {}
  PrimExpr c(int64_t v) const { return ir::make_int(t, v); }
  std::vector<ir::Var> all() const { return {x, y, z}; }
};

PrimExpr bin(ExprKind k, PrimExpr a, PrimExpr b) {
  return ir::make_binary(k, std::move(a), std::move(b));
}

SimplifyClass class_of(const PrimExpr &source, const PrimExpr &target) {
  ClassifyOptions o;
  return classify(source, target, o).cls;
}

TEST(ProveExternalCheck, ReadsWhatTvmPrints) {
  Vars v(DataType::Int(32));
  std::string why;
  for (const char *text :
       {"x * 2 // 2", "T.min(x, y) + 1", "T.truncdiv(x, 3) - T.truncmod(y, -3)", "T.Div(x, 3)",
        "T.Select(x < y and not y == z, x, z % 7)", "T.max(x, T.min(y, z))"}) {
    PrimExpr e = parse_expr_text(text, v.all(), &why);
    ASSERT_TRUE(e) << text << ": " << why;
    EXPECT_EQ(e->dtype, v.t) << text;
  }
  Vars w(DataType::Int(64));
  PrimExpr e = parse_expr_text("x * T.int64(3) + T.int64(5)", w.all(), &why);
  ASSERT_TRUE(e) << why;
  EXPECT_TRUE(
      oracle::arith::same_expr(e, bin(ExprKind::Add, bin(ExprKind::Mul, w.x, w.c(3)), w.c(5))));
  EXPECT_FALSE(parse_expr_text("x +* 2", v.all(), &why));
  EXPECT_FALSE(parse_expr_text("q + 1", v.all(), &why));
}

TEST(ProveExternalCheck, ConstructorTextKeepsTheTree) {
  Vars v(DataType::Int(8));
  PrimExpr e = std::make_shared<ir::SelectNode>(
      bin(ExprKind::And, bin(ExprKind::LT, v.x, v.y),
          std::make_shared<ir::NotNode>(bin(ExprKind::EQ, v.y, v.c(-128)))),
      bin(ExprKind::Add, v.c(127), v.c(1)), bin(ExprKind::Div, v.z, v.c(3)));
  EXPECT_EQ(constructor_text(e), "T.Select(T.And(T.LT(x, y), T.Not(T.EQ(y, T.int8(-128)))), "
                                 "T.Add(T.int8(127), T.int8(1)), T.Div(z, T.int8(3)))");
}

TEST(ProveExternalCheck, EachClassIsToldApart) {
  Vars v(DataType::Int(32));
  // x // 2 * 2 -> x: wrong at x = 1, with no overflow anywhere.
  EXPECT_EQ(class_of(bin(ExprKind::Mul, bin(ExprKind::FloorDiv, v.x, v.c(2)), v.c(2)), v.x),
            SimplifyClass::Wrong);
  // x <= y -> x < y + 1: the same over the integers, but y + 1 overflows at y = INT_MAX.
  EXPECT_EQ(class_of(bin(ExprKind::LE, v.x, v.y),
                     bin(ExprKind::LT, v.x, bin(ExprKind::Add, v.y, v.c(1)))),
            SimplifyClass::IntroducesOverflow);
  // x * 2 // 2 -> x: differs only where x * 2 overflows (TVM's documented assumption).
  EXPECT_EQ(class_of(bin(ExprKind::FloorDiv, bin(ExprKind::Mul, v.x, v.c(2)), v.c(2)), v.x),
            SimplifyClass::InputOverflows);
  // x + y - y -> x: the width's wrap cancels.
  EXPECT_EQ(class_of(bin(ExprKind::Sub, bin(ExprKind::Add, v.x, v.y), v.y), v.x),
            SimplifyClass::Equal);
  // x // y * 0 -> 0: loses the division by zero at y = 0 (an error must stay an error).
  EXPECT_EQ(class_of(bin(ExprKind::Mul, bin(ExprKind::FloorDiv, v.x, v.y), v.c(0)), v.c(0)),
            SimplifyClass::Wrong);
}

TEST(ProveExternalCheck, EveryWitnessRunsOnTheOracle) {
  Vars v(DataType::Int(8));
  PrimExpr source = bin(ExprKind::LE, v.x, v.y);
  PrimExpr target = bin(ExprKind::LT, v.x, bin(ExprKind::Add, v.y, v.c(1)));
  ClassifyOptions o;
  Classification c = classify(source, target, o);
  ASSERT_EQ(c.cls, SimplifyClass::IntroducesOverflow);
  SideOutcome a = run_expr(source, c.inputs), b = run_expr(target, c.inputs);
  EXPECT_TRUE(breaks_refinement(a, b));
  EXPECT_EQ(c.inputs.at(v.y.get()), 127);
}

// A fake implementation: `rewrite` applied bottom-up, answers printed as TVM would; `fails`
// makes it answer an error instead.
BatchSimplify fake(std::function<PrimExpr(const PrimExpr &)> rewrite,
                   std::function<bool(const PrimExpr &)> fails = nullptr) {
  return [rewrite, fails](const std::vector<PrimExpr> &exprs) {
    std::vector<TextAnswer> out;
    for (const auto &e : exprs) {
      if (fails && fails(e))
        out.push_back({false, "InternalError: Check failed"});
      else
        out.push_back({true, ir::print_expr(rewrite(e))});
    }
    return out;
  };
}

// Every FloorMod replaced by 0: wrong wherever a remainder is not 0.
PrimExpr drop_floormod(const PrimExpr &e) {
  if (e->kind == ExprKind::FloorMod)
    return ir::make_int(e->dtype, 0);
  if (auto *s = ir::as<ir::SelectNode>(e))
    return std::make_shared<ir::SelectNode>(
        drop_floormod(s->condition), drop_floormod(s->true_value), drop_floormod(s->false_value));
  if (ir::is_binary(e->kind)) {
    auto *b = static_cast<const ir::BinaryNode *>(e.get());
    return ir::make_binary(e->kind, drop_floormod(b->a), drop_floormod(b->b));
  }
  return e;
}

bool has_mul(const PrimExpr &e) {
  if (e->kind == ExprKind::Mul)
    return true;
  if (ir::is_binary(e->kind)) {
    auto *b = static_cast<const ir::BinaryNode *>(e.get());
    return has_mul(b->a) || has_mul(b->b);
  }
  return false;
}

ExternalResult finding(const PrimExpr &source, const BatchSimplify &s) {
  ExternalResult r;
  r.source = source;
  TextAnswer a = s({source})[0];
  r.answer = a.text;
  if (!a.ok) {
    r.c.cls = SimplifyClass::InternalError;
    return r;
  }
  std::string why;
  std::vector<ir::Var> vars;
  for (auto *v : free_vars_of(source))
    vars.push_back(std::static_pointer_cast<const ir::VarNode>(v->shared_from_this()));
  r.target = parse_expr_text(a.text, vars, &why);
  EXPECT_TRUE(r.target) << why;
  r.c = classify(r.source, r.target, ClassifyOptions{});
  return r;
}

TEST(ProveExternalCheck, AWrongRewriteShrinksToItsOperator) {
  Vars v(DataType::Int(16));
  PrimExpr big = bin(
      ExprKind::Add, bin(ExprKind::Max, v.x, bin(ExprKind::Mul, v.y, v.c(3))),
      bin(ExprKind::Mul, bin(ExprKind::FloorMod, bin(ExprKind::Sub, v.z, v.x), v.c(1000)), v.c(7)));
  BatchSimplify s = fake(drop_floormod);
  ExternalResult r = finding(big, s);
  ASSERT_EQ(r.c.cls, SimplifyClass::Wrong);
  shrink(r, s, ClassifyOptions{});
  EXPECT_EQ(r.minimal_c.cls, SimplifyClass::Wrong);
  EXPECT_EQ(r.minimal->kind, ExprKind::FloorMod) << ir::print_expr(r.minimal);
  EXPECT_EQ(oracle::arith::node_count(r.minimal), 3u) << ir::print_expr(r.minimal);
  // The witness still shows it on the oracle.
  SideOutcome a = run_expr(r.minimal, r.minimal_c.inputs);
  SideOutcome b = run_expr(r.minimal_target, r.minimal_c.inputs);
  EXPECT_TRUE(breaks_refinement(a, b));
  std::string file = conformance_file(r, "fake", 1);
  EXPECT_NE(file.find("rules: [sem.expr.floormod]"), std::string::npos) << file;
  EXPECT_NE(file.find("B[0] = "), std::string::npos) << file;
}

TEST(ProveExternalCheck, AnInternalErrorShrinksWhileItFails) {
  Vars v(DataType::Int(32));
  PrimExpr big = bin(ExprKind::Sub, bin(ExprKind::Min, v.x, v.c(5)),
                     bin(ExprKind::FloorDiv, bin(ExprKind::Mul, v.y, v.z), v.c(4)));
  BatchSimplify s = fake([](const PrimExpr &e) { return e; }, has_mul);
  ExternalResult r = finding(big, s);
  ASSERT_EQ(r.c.cls, SimplifyClass::InternalError);
  shrink(r, s, ClassifyOptions{});
  EXPECT_EQ(r.minimal->kind, ExprKind::Mul) << ir::print_expr(r.minimal);
  EXPECT_EQ(oracle::arith::node_count(r.minimal), 3u);
}

TEST(ProveExternalCheck, ARunCountsEveryExpressionOnce) {
  ExternalCheckOptions o;
  o.count = 40;
  o.seed = 5;
  o.batch = 7;
  o.jobs = 2;
  ExternalSummary sum =
      run_external_check(o, [] { return fake([](const PrimExpr &e) { return e; }); });
  EXPECT_EQ(sum.count, 40);
  int equal = 0;
  for (const auto &[dtype, by_class] : sum.counts)
    for (const auto &[c, n] : by_class)
      if (c == SimplifyClass::Equal)
        equal += n;
  EXPECT_EQ(equal, 40);
  EXPECT_EQ(sum.counts.size(), 4u); // int8 .. int64
  sum = run_external_check(o, [] { return fake(drop_floormod); });
  EXPECT_GT(sum.findings.size(), 0u);
  for (const auto &f : sum.findings)
    EXPECT_LE(oracle::arith::node_count(f.minimal), oracle::arith::node_count(f.source));
}

} // namespace
} // namespace tirconf::prover
