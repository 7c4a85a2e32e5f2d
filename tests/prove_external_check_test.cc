// The check of a simplifier reached through text (prover/external_check.h), with fake
// simplifiers standing in for TVM: each class is told apart, the output text is read back as
// TVM prints it, and findings shrink while they keep their class.
#include <gtest/gtest.h>

#include <set>

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

// Our own simplifier as the implementation: most answers need a proof of equality, and the same
// small rewrites come back under other names.
BatchSimplify ours() {
  return fake([](const PrimExpr &e) { return oracle::arith::Simplifier().simplify(e); });
}

TEST(ProveExternalCheck, TheProofCacheChangesNoVerdict) {
  ExternalCheckOptions o;
  o.count = 160;
  o.seed = 3;
  o.batch = 40;
  o.jobs = 2;
  o.classify.refine.timeout_ms = 1000;
  o.classify.refine.quick_timeout_ms = 250;
  ExternalSummary on = run_external_check(o, ours);
  o.proof_cache = false;
  ExternalSummary off = run_external_check(o, ours);
  EXPECT_EQ(on.counts, off.counts);
  EXPECT_GT(on.proof_hits, 0) << "no pair met twice: the comparison says nothing";
  EXPECT_EQ(off.proof_lookups, 0);
  EXPECT_EQ(on.count, 160);
}

TEST(ProveExternalCheck, FindingsOfOneShapeAreShrunkOnceAndEachCounted) {
  ExternalCheckOptions o;
  o.count = 120;
  o.seed = 5;
  o.batch = 30;
  o.jobs = 1; // one job: the memo is filled in index order
  ExternalSummary sum = run_external_check(o, [] { return fake(drop_floormod); });
  int wrong = 0;
  for (const auto &[dtype, by_class] : sum.counts)
    for (const auto &[c, n] : by_class)
      if (is_finding(c))
        wrong += n;
  EXPECT_EQ(static_cast<int>(sum.findings.size()), wrong) << "every finding is listed";
  std::set<std::string> shapes;
  int reused = 0;
  for (const auto &f : sum.findings) {
    ASSERT_FALSE(f.shape.empty());
    shapes.insert(f.shape);
    reused += f.shape_reused;
    // A reused end is a reproducer of this finding's class in its own right.
    EXPECT_EQ(f.minimal_c.cls, f.c.cls);
    if (f.c.cls == SimplifyClass::Wrong) {
      SideOutcome a = run_expr(f.minimal, f.minimal_c.inputs);
      SideOutcome b = run_expr(f.minimal_target, f.minimal_c.inputs);
      EXPECT_TRUE(breaks_refinement(a, b)) << ir::print_expr(f.minimal);
    }
  }
  EXPECT_EQ(reused, sum.shrinks_reused);
  EXPECT_GT(reused, 0) << "the fake's one bug (a FloorMod dropped) never met twice";
  EXPECT_LT(shapes.size(), sum.findings.size());
}

TEST(ProveExternalCheck, AnExpressionThatKillsTheWorkerIsAnInternalError) {
  // The fake worker dies on any request holding a Mul of two Vars, like TVM's on its SIGFPE.
  auto deadly = [](const PrimExpr &e) {
    std::function<bool(const PrimExpr &)> has = [&](const PrimExpr &x) {
      if (x->kind == ExprKind::Mul) {
        auto *b = static_cast<const ir::BinaryNode *>(x.get());
        if (b->a->kind == ExprKind::Var && b->b->kind == ExprKind::Var)
          return true;
      }
      for (const auto &o : operands(x))
        if (has(o))
          return true;
      return false;
    };
    return has(e);
  };
  BatchSimplify same = fake([](const PrimExpr &e) { return e; });
  auto dying = [=]() -> BatchSimplify {
    return [=](const std::vector<PrimExpr> &exprs) {
      for (const auto &e : exprs)
        if (deadly(e))
          throw std::runtime_error("simplify failed: the worker died (waiting for the answer)");
      return same(exprs);
    };
  };
  ExternalCheckOptions o;
  o.count = 200;
  o.seed = 2;
  o.batch = 50;
  o.shrink = false;
  ExternalSummary sum = run_external_check(o, dying);
  EXPECT_EQ(sum.count, 200);
  int killed = 0;
  for (const auto &f : sum.findings) {
    EXPECT_EQ(f.c.cls, SimplifyClass::InternalError);
    EXPECT_TRUE(deadly(f.source));
    killed += 1;
  }
  EXPECT_GT(killed, 0);
  // Any other failure of the transport still ends the run.
  auto unavailable = []() -> BatchSimplify {
    return [](const std::vector<PrimExpr> &) -> std::vector<TextAnswer> {
      throw std::runtime_error("simplify failed: unavailable");
    };
  };
  EXPECT_THROW(run_external_check(o, unavailable), std::runtime_error);
}

TEST(ProveExternalCheck, ShapesIgnoreTheVariablesNames) {
  Vars v(DataType::Int(32));
  auto sub = [](PrimExpr a, PrimExpr b) { return bin(ExprKind::Sub, a, b); };
  EXPECT_EQ(canonical_form({sub(v.x, v.x), v.c(0)}), canonical_form({sub(v.y, v.y), v.c(0)}));
  EXPECT_EQ(canonical_form({sub(v.x, v.y)}), canonical_form({sub(v.y, v.z)}));
  EXPECT_NE(canonical_form({sub(v.x, v.y)}), canonical_form({sub(v.x, v.x)}));
  EXPECT_NE(canonical_form({sub(v.x, v.c(1))}), canonical_form({sub(v.x, v.c(2))}));
  Vars w(DataType::Int(64));
  EXPECT_NE(canonical_form({sub(v.x, v.x)}), canonical_form({sub(w.x, w.x)}));
  // The pair's Vars are numbered across both sides.
  EXPECT_NE(canonical_form({v.x, v.y}), canonical_form({v.x, v.x}));
}

TEST(ProveExternalCheck, SmallDomainsAreDecidedByEveryInput) {
  Vars v(DataType::Int(8));
  RefinementOptions o;
  o.samples = 0;
  // x + 1 - 1 -> x at int8: all 256 inputs.
  RefinementResult r =
      check_refinement(bin(ExprKind::Sub, bin(ExprKind::Add, v.x, v.c(1)), v.c(1)), v.x, o);
  EXPECT_EQ(r.verdict, Verdict::Proven);
  EXPECT_EQ(r.engine, "exhaustive");
  // x // x -> 1 loses the division by zero at x = 0, and the oracle agrees.
  r = check_refinement(bin(ExprKind::FloorDiv, v.x, v.x), v.c(1), o);
  EXPECT_EQ(r.verdict, Verdict::Refuted);
  EXPECT_EQ(r.engine, "exhaustive");
  EXPECT_EQ(r.inputs.at(v.x.get()), 0);
  // Constant folding: no input at all.
  r = check_refinement(bin(ExprKind::FloorDiv, v.c(-7), v.c(2)), v.c(-4), o);
  EXPECT_EQ(r.engine, "exhaustive");
  EXPECT_EQ(r.verdict, Verdict::Proven);
  // Two int8 Vars take 65536 values: past the default limit, Z3 decides.
  r = check_refinement(bin(ExprKind::Sub, bin(ExprKind::Add, v.x, v.y), v.y), v.x, o);
  EXPECT_EQ(r.verdict, Verdict::Proven);
  EXPECT_NE(r.engine, "exhaustive");
  o.exhaustive_points = 1 << 16;
  r = check_refinement(bin(ExprKind::Sub, bin(ExprKind::Add, v.x, v.y), v.y), v.x, o);
  EXPECT_EQ(r.engine, "exhaustive");
}

TEST(ProveExternalCheck, ProofsInASessionAreCachedByShape) {
  Vars v(DataType::Int(32));
  ProofSession session;
  RefinementOptions o;
  o.samples = 0;
  o.session = &session;
  PrimExpr a = bin(ExprKind::Add, bin(ExprKind::Mul, v.x, v.c(2)), v.x);
  PrimExpr b = bin(ExprKind::Mul, v.x, v.c(3));
  EXPECT_EQ(check_refinement(a, b, o).verdict, Verdict::Proven);
  EXPECT_EQ(session.hits(), 0);
  // The same question over y.
  PrimExpr c = bin(ExprKind::Add, bin(ExprKind::Mul, v.y, v.c(2)), v.y);
  RefinementResult r = check_refinement(c, bin(ExprKind::Mul, v.y, v.c(3)), o);
  EXPECT_EQ(r.verdict, Verdict::Proven);
  EXPECT_EQ(session.hits(), 1);
  // A refutation is not cached: asked again, it is refuted again, with its witness.
  PrimExpr wrong = bin(ExprKind::Mul, v.x, v.c(4));
  EXPECT_EQ(check_refinement(a, wrong, o).verdict, Verdict::Refuted);
  r = check_refinement(a, wrong, o);
  EXPECT_EQ(r.verdict, Verdict::Refuted);
  EXPECT_FALSE(r.inputs.empty());
  EXPECT_EQ(session.hits(), 1);
}

// One walk evaluates at the width and over the integers (prover/evaluate.h): the same value
// where nothing overflows, the overflow noted where something does.
TEST(ProveExternalCheck, OneWalkForBothArithmetics) {
  Vars v(DataType::Int(8));
  PrimExpr e = bin(ExprKind::FloorDiv, bin(ExprKind::Mul, v.x, v.c(2)), v.c(2));
  ExprEnv env;
  env.set(v.x.get(), 50);
  EXPECT_EQ(eval_expr(e, env).v, 50);
  IntegerEval i = eval_integers(e, env);
  EXPECT_EQ(i.result.v, 50);
  EXPECT_FALSE(i.overflow);
  env.set(v.x.get(), 100); // 200 wraps to -56 at int8; -56 // 2 = -28
  EXPECT_EQ(eval_expr(e, env).v, -28);
  i = eval_integers(e, env);
  EXPECT_EQ(i.result.v, 100);
  EXPECT_TRUE(i.overflow);
  // Errors and short-circuits are the walk's, whichever the arithmetic.
  PrimExpr guarded = bin(ExprKind::And, bin(ExprKind::NE, v.y, v.c(0)),
                         bin(ExprKind::EQ, bin(ExprKind::FloorMod, v.x, v.y), v.c(0)));
  env.set(v.y.get(), 0);
  EXPECT_EQ(eval_expr(guarded, env).kind, Eval::Ok);
  EXPECT_EQ(eval_integers(guarded, env).result.kind, Eval::Ok);
  EXPECT_EQ(eval_integers(bin(ExprKind::FloorMod, v.x, v.y), env).result.kind, Eval::Error);
  // Products past 128 bits are TooBig, not undefined behaviour.
  Vars w(DataType::Int(64));
  PrimExpr big = w.c(INT64_MAX);
  for (int k = 0; k < 3; ++k)
    big = bin(ExprKind::Mul, big, w.c(INT64_MAX));
  EXPECT_EQ(eval_integers(big, ExprEnv{}).result.kind, Eval::TooBig);
}

TEST(ProveExternalCheck, PhasesAddUpToTheThreadsTime) {
  PhaseTimes t;
  install_phase_times(&t);
  auto spin = [] {
    volatile uint64_t x = 0;
    for (uint64_t i = 0; i < 20000000; ++i)
      x = x + i;
  };
  {
    ScopedPhase p(Phase::Proof);
    spin();
    {
      ScopedPhase q(Phase::Points);
      spin();
    }
  }
  install_phase_times(nullptr);
  EXPECT_GT(t.seconds(Phase::Proof), 0);
  EXPECT_GT(t.seconds(Phase::Points), 0);
  EXPECT_EQ(t.entries[static_cast<int>(Phase::Proof)].load(), 1);
  EXPECT_EQ(t.entries[static_cast<int>(Phase::Points)].load(), 1);
  // Exclusive: the inner phase's time is not the outer's too (each took about the same).
  EXPECT_LT(t.seconds(Phase::Proof), 3 * t.seconds(Phase::Points));
  EXPECT_NE(t.describe().find("proof"), std::string::npos);
}

} // namespace
} // namespace tirconf::prover
