// The prover's encodings against the oracle's arithmetic: on concrete inputs, the value and the
// way evaluation ends (normally, divide-by-zero, unspecified INT_MIN / -1) that Z3 reads off
// each encoding must be what oracle/numeric computes (prover/evaluate.h's eval_expr, which
// calls it). Random expressions from prover/expr_gen.h, inputs from the boundary-heavy sampler.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "prover/bv_encoding.h"
#include "prover/encode.h"
#include "prover/equiv.h"
#include "prover/evaluate.h"
#include "prover/expr_gen.h"
#include "prover/int_encoding.h"
#include "prover/rng.h"
#include "prover/sample.h"

namespace tirconf::prover {
namespace {

using Env = std::map<const ir::VarNode *, Int128>;

// One Z3 context for every query of this file: creating one costs more than the queries. Each
// query has its own solver, so terms of the same name in different queries do not interact.
z3::context &ctx() {
  static z3::context c;
  return c;
}

// How the model says the encoded expression ended; `value` is its boolean or integer term.
Eval read(const z3::model &m, const Status &st, bool is_bool, const smt::Expr &value) {
  if (smt::model_bool(m, st.err))
    return {Eval::Error};
  if (smt::model_bool(m, st.unspec))
    return {Eval::Unspecified};
  if (is_bool)
    return {Eval::Ok, smt::model_bool(m, value), true};
  return {Eval::Ok, *smt::model_int(m, value, true)};
}

// Z3's reading of e on env, each input pinned to its value.
Eval via_bv(const ir::PrimExpr &e, const Env &env, ir::DataType t) {
  z3::context &c = ctx();
  BvEncoding enc(c, Width::of(t));
  std::map<const ir::VarNode *, BvEncoding::Val> vars;
  std::vector<smt::Expr> eq;
  int i = 0;
  for (const auto &[v, x] : env) {
    std::string n = "v" + std::to_string(i++);
    vars.emplace(v, enc.int_input(n));
    eq.push_back(enc.input_term(n) == smt::bv_val(c, x, t.bits));
  }
  auto val = encode_expr(enc, e, vars);
  // Inputs pinned to constants: the plain SMT core decides these without the default solver's
  // start-up cost of every check.
  smt::Solver s(c, smt::Solver::Kind::Plain);
  for (const auto &f : eq)
    s.add(f);
  EXPECT_EQ(s.check(20000), smt::Result::Sat);
  return read(s.model(), val.st, val.is_bool, val.v);
}

Eval via_int(const ir::PrimExpr &e, const Env &env, ir::DataType t, IntEncoding::Mode mode) {
  z3::context &c = ctx();
  IntEncoding enc(c, mode);
  std::map<const ir::VarNode *, IntEncoding::Val> vars;
  std::vector<smt::Expr> eq;
  int i = 0;
  for (const auto &[v, x] : env) {
    std::string n = "v" + std::to_string(i++);
    vars.emplace(v, enc.int_input(n, Width::of(t)));
    eq.push_back(enc.input_term(n) == smt::int_val(c, x));
  }
  auto val = encode_expr(enc, e, vars);
  smt::Solver s(c, smt::Solver::Kind::Plain);
  for (const auto &f : enc.finish())
    s.add(f);
  for (const auto &f : eq)
    s.add(f);
  EXPECT_EQ(s.check(20000), smt::Result::Sat);
  return read(s.model(), val.st, val.is_bool, val.is_bool ? val.b : enc.to_z3(val.p));
}

std::string show(const Eval &e) {
  switch (e.kind) {
  case Eval::Ok:
    return "ok " + smt::to_decimal(e.v);
  case Eval::Error:
    return "error";
  case Eval::Unspecified:
    return "unspecified";
  default:
    return "too big";
  }
}

// [sem.expr.floordiv] [sem.expr.floormod] [sem.expr.div] [sem.expr.mod] [unspec.int_min_div]
TEST(ProveEncoding, DivisionsAtTheEdgesMatchTheOracle) {
  const ir::DataType t = ir::DataType::Int(8);
  auto x = ir::make_var("x", t), y = ir::make_var("y", t);
  for (auto k :
       {ir::ExprKind::Div, ir::ExprKind::Mod, ir::ExprKind::FloorDiv, ir::ExprKind::FloorMod}) {
    ir::PrimExpr e = ir::make_binary(k, x, y);
    for (int a : {-128, -127, -7, -1, 0, 1, 7, 127})
      for (int b : {-128, -2, -1, 0, 1, 2, 3, 127}) {
        Env env{{x.get(), a}, {y.get(), b}};
        Eval want = eval_expr(e, env);
        // Independent expectation for the cases the spec singles out.
        if (b == 0) {
          EXPECT_EQ(want.kind, Eval::Error);
        }
        if (a == -128 && b == -1) {
          EXPECT_EQ(want.kind, Eval::Unspecified);
        }
        if (k == ir::ExprKind::FloorMod && b > 0 && want.kind == Eval::Ok) {
          EXPECT_GE(want.v, 0);
          EXPECT_LT(want.v, b);
        }
        EXPECT_EQ(show(via_bv(e, env, t)), show(want)) << ir::kind_name(k) << " " << a << " " << b;
        EXPECT_EQ(show(via_int(e, env, t, IntEncoding::Mode::Exact)), show(want))
            << ir::kind_name(k) << " " << a << " " << b;
      }
  }
}

// [sem.expr.int_wrap] wrapping at every width, in both encodings.
TEST(ProveEncoding, WrappingMatchesTheOracle) {
  for (int bits : {8, 16, 32, 64}) {
    const ir::DataType t = ir::DataType::Int(bits);
    auto x = ir::make_var("x", t);
    ir::PrimExpr e = ir::make_binary(ir::ExprKind::Mul,
                                     ir::make_binary(ir::ExprKind::Add, x, ir::make_int(t, 1)),
                                     ir::make_int(t, 3));
    Int128 max = (static_cast<Int128>(1) << (bits - 1)) - 1;
    Env env{{x.get(), max}};
    Eval want = eval_expr(e, env);
    // (MAX + 1) * 3 == INT_MIN * 3, which is INT_MIN again modulo 2^bits.
    EXPECT_EQ(want.v, -max - 1);
    EXPECT_EQ(show(via_bv(e, env, t)), show(want));
    EXPECT_EQ(show(via_int(e, env, t, IntEncoding::Mode::Exact)), show(want));
  }
}

RC_GTEST_PROP(ProveEncoding, RandomExpressionsMatchTheOracle, ()) {
  const uint64_t seed = *rc::gen::arbitrary<uint64_t>();
  ExprPolicy policy;
  policy.max_depth = 3; // Z3 answers these in milliseconds
  ExprGen gen(seed, policy);
  ir::PrimExpr e = gen.next();
  ir::DataType t = e->dtype;
  Rng rng(seed);
  Env env;
  for (auto *v : free_vars_of(e))
    env[v] = draw_value(rng, Width::of(t));
  Eval want = eval_expr(e, env);
  RC_ASSERT(want.kind != Eval::TooBig);
  RC_ASSERT(show(via_bv(e, env, t)) == show(want));
  // Products of wrapped int64 values can grow the integer encoding's coefficients past its
  // limit; it then gives up (the prover reports the query unknown) rather than answer.
  std::string by_int;
  try {
    by_int = show(via_int(e, env, t, IntEncoding::Mode::Exact));
  } catch (const PolyOverflow &) {
    RC_TAG("integer encoding gave up");
    return;
  }
  RC_ASSERT(by_int == show(want));
}

} // namespace
} // namespace tirconf::prover
