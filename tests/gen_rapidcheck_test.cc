// RapidCheck properties over the generators' Gen instances (generators/rapidcheck.h): datatypes
// are well-formed, expressions evaluate without unspecified behaviour or errors, programs have
// every property of tests/gen_support.h, and shrinking keeps programs valid.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators/rapidcheck.h"
#include "tests/gen_support.h"

namespace tirconf::gentest {
namespace {

using gen::Profile;
namespace rcgen = gen::rcgen;

runtime::Outcome run_expression(const ir::PrimExpr &e) {
  ir::IRModule m = gen::wrap_expression(e);
  const ir::Buffer out = m->functions[0].second->buffer_map[0].second;
  runtime::NDArray a(out->dtype, {1});
  std::vector<runtime::Argument> args{&a};
  return oracle::run(m, "main", args);
}

RC_GTEST_PROP(GenRapidCheck, DataTypesAreWellFormed, ()) {
  const Profile &p = Profile::default_profile();
  const ir::DataType t = *rcgen::data_type(p);
  RC_ASSERT(ir::parse_dtype(ir::to_string(t)) == t);
  RC_ASSERT(!t.is_handle());
  if (t.lanes > 1)
    RC_ASSERT(std::find(p.limits.lanes.begin(), p.limits.lanes.end(), int(t.lanes)) !=
              p.limits.lanes.end());
}

RC_GTEST_PROP(GenRapidCheck, ExpressionsHaveTheirTypeAndAreSafe, ()) {
  const Profile &p = Profile::default_profile();
  const ir::DataType t = *rcgen::data_type(p);
  const ir::PrimExpr e = *rcgen::typed_expr(t, p);
  RC_ASSERT(e->dtype == t);
  ir::IRModule m = gen::wrap_expression(e);
  const auto diags = oracle::check_module(m, "expr.py");
  RC_ASSERT(diags.empty());
  const runtime::Outcome o = run_expression(e);
  RC_ASSERT(o.is_ok());
}

RC_GTEST_PROP(GenRapidCheck, ProgramsHoldTheProperties, ()) {
  const gen::GeneratedProgram g = *rcgen::program(Profile::default_profile());
  const auto broken = broken_property(g);
  if (broken)
    RC_FAIL(*broken);
}

RC_GTEST_PROP(GenRapidCheck, PrimFuncsAreSingleFunctions, ()) {
  const ir::PrimFunc f = *rcgen::prim_func(Profile::default_profile());
  RC_ASSERT(f != nullptr);
  RC_ASSERT(!f->params.empty());
}

// Walks the shrink tree of generated programs (depth first, a bounded number of nodes) and
// checks every shrink: they are what RapidCheck would report, so they must be valid programs.
TEST(GenRapidCheck, ShrinksAreValidPrograms) {
  const auto gen = rcgen::program(Profile::default_profile());
  int checked = 0;
  for (int seed = 0; seed < 6; ++seed) {
    rc::Shrinkable<gen::GeneratedProgram> s = gen(rc::Random(static_cast<uint64_t>(seed)), 50);
    for (int depth = 0; depth < 6; ++depth) {
      auto shrinks = s.shrinks();
      int taken = 0;
      rc::Maybe<rc::Shrinkable<gen::GeneratedProgram>> next, first;
      while ((next = shrinks.next()) && taken < 4) {
        ++taken;
        ++checked;
        const auto broken = broken_property(next->value());
        ASSERT_FALSE(broken) << "seed " << seed << " depth " << depth << ": " << *broken;
        if (!first)
          first = next;
      }
      if (!first)
        break;
      s = *first;
    }
  }
  EXPECT_GT(checked, 20);
}

// Shrinking makes programs smaller: the all-zero choice list is the smallest program.
TEST(GenRapidCheck, ZeroChoicesGiveASmallValidProgram) {
  gen::ReplayChoices none({});
  const auto g = gen::generate_program(none, Profile::default_profile());
  EXPECT_FALSE(broken_property(g));
  EXPECT_LT(ir::print_tvmscript(g.module).size(), 600u) << ir::print_tvmscript(g.module);
}

} // namespace
} // namespace tirconf::gentest
