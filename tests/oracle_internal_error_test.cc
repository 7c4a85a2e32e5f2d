// An oracle bug is never silent: when the evaluator meets what the checker should have
// rejected, the run ends as an internal error naming the rule and the site, not as invalid and
// not as a crash. The inconsistency is planted with the checker's test hook
// (CheckOptions::disabled_rule), which must cost a valid program nothing and change nothing.
#include <gtest/gtest.h>

#include <fstream>

#include "oracle/typecheck/checker.h"
#include "runner/conformance.h"
#include "tests/eval_helpers.h"

namespace tirconf::evaltest {
namespace {

// [type.expr.mod.int] truncating Mod of float operands; the Mod is at 6:12 of t.py.
const char *kFloatMod = R"(@T.prim_func
def main(A: T.Buffer((2,), "float32"), B: T.Buffer((1,), "float32")):
    B[0] = T.truncmod(A[0], A[1])
)";

oracle::RunOptions without(const std::string &rule) {
  oracle::RunOptions o;
  o.check.disabled_rule = rule;
  return o;
}

TEST(OracleInternalError, TheCheckerRejectsTheProgramWhenTheRuleIsEnforced) {
  NDArray a = floats(f32, {2}, {7.5, 2.0}), b(f32, {1});
  Outcome o = run_src(kFloatMod, {&a, &b});
  ASSERT_EQ(o.kind(), runtime::OutcomeKind::Invalid) << runtime::to_string(o);
  EXPECT_EQ(o.rule(), "type.expr.mod.int");
}

TEST(OracleInternalError, ADisabledRuleReachesTheEvaluatorAndIsReportedAsAnInternalError) {
  NDArray a = floats(f32, {2}, {7.5, 2.0}), b(f32, {1});
  Outcome o = run_src(kFloatMod, {&a, &b}, without("type.expr.mod.int"));
  ASSERT_EQ(o.kind(), runtime::OutcomeKind::InternalError) << runtime::to_string(o);
  const auto &e = o.internal_error();
  EXPECT_EQ(e.rule, "type.expr.mod.int");
  EXPECT_EQ(e.where.file, "t.py");
  EXPECT_EQ(e.where.loc.line, 6u) << runtime::to_string(o);
  EXPECT_EQ(e.where.loc.col, 12u) << runtime::to_string(o);
  EXPECT_FALSE(e.message.empty());
  EXPECT_EQ(runtime::to_string(o).rfind("internal-error [type.expr.mod.int] at t.py:6:12: ", 0), 0u)
      << runtime::to_string(o);
}

TEST(OracleInternalError, DisablingAnotherRuleChangesNothing) {
  ir::IRModule m = parse(kFloatMod);
  oracle::CheckOptions other;
  other.disabled_rule = "type.stmt.while.cond";
  EXPECT_EQ(oracle::check_module(m, "t.py", other).size(), oracle::check_module(m, "t.py").size());
  oracle::CheckOptions it;
  it.disabled_rule = "type.expr.mod.int";
  EXPECT_TRUE(oracle::check_module(m, "t.py", it).empty());
  // A valid program runs as it always does with any rule disabled.
  ir::IRModule valid = parse(R"(@T.prim_func
def main(A: T.Buffer((2,), "int32"), B: T.Buffer((1,), "int32")):
    B[0] = T.truncmod(A[0], A[1])
)");
  NDArray a = ints(i32, {2}, {7, 2}), b(i32, {1});
  Outcome o = run_mod(valid, {&a, &b}, without("type.expr.mod.int"));
  ASSERT_TRUE(o.is_ok()) << runtime::to_string(o);
  EXPECT_EQ(int_data(*o.ok().find("B")), (std::vector<int64_t>{1}));
}

TEST(OracleInternalError, TheRunnerFailsTheCaseAsAnOracleInternalError) {
  // The runner reads conformance files from disk.
  const std::string path = ::testing::TempDir() + "float_mod.py";
  {
    std::ofstream f(path);
    f << "\"\"\"\nargs:\n  A: {dtype: float32, shape: [2], data: [7.5, 2.0]}\n"
         "  B: {dtype: float32, shape: [1]}\nexpect:\n  buffers: {B: [1.5]}\n\"\"\"\n"
         "from tvm.script import tir as T\n\n"
      << kFloatMod;
  }
  oracle::CheckOptions hook;
  hook.disabled_rule = "type.expr.mod.int";
  runner::LoadedFile f = runner::load_file(path, hook);
  ASSERT_TRUE(f.input_ok() && f.test);
  EXPECT_TRUE(f.check_diagnostics.empty());
  auto results = runner::judge(f, runner::oracle_implementation(hook));
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0].status, runner::CaseResult::Status::Fail);
  EXPECT_EQ(results[0].reason.rfind(
                "oracle internal error [type.expr.mod.int] at " + path + ":12:12: ", 0),
            0u)
      << results[0].reason;
}

} // namespace
} // namespace tirconf::evaltest
