// The reducer (reduce/) and finding signatures (runner/signature.h): passes make readable
// programs, the judge keeps every accepted candidate a valid program the oracle runs without
// unspecified behaviour, results do not depend on the number of jobs, and signatures group what
// they should.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators/program_gen.h"
#include "ir/tvmscript/reader.h"
#include "reduce/evaluator.h"
#include "reduce/judge.h"
#include "reduce/passes.h"
#include "reduce/reducer.h"
#include "runner/signature.h"
#include "tools/gen_check.h"

namespace tirconf {
namespace {

reduce::Candidate generated(uint64_t seed) {
  gen::GeneratedProgram g = gen::generate_program(seed, gen::Profile::default_profile());
  return {g.module, g.entry, tools::runner_args(g)};
}

reduce::Candidate parsed(const std::string &text) {
  auto r = ir::read_tvmscript(text, "test.py");
  EXPECT_TRUE(r.ok());
  return {r.module, "main", {}};
}

runner::Arg tensor(const std::string &name, ir::DataType t, std::vector<int64_t> shape,
                   std::vector<std::string> data) {
  runner::Arg a;
  a.name = name;
  a.is_tensor = true;
  a.tensor.dtype = t;
  a.tensor.shape = std::move(shape);
  a.tensor.data = std::move(data);
  a.tensor.has_data = true;
  return a;
}

// --- signatures ---

TEST(Signature, NormalisesWhatVariesBetweenPrograms) {
  EXPECT_EQ(runner::normalise_message("cannot make uint from negative value -1"),
            "cannot make uint from negative value -N");
  EXPECT_EQ(runner::normalise_message("Check failed: v12 < 'x0' at /a/b/c.cc:45"),
            "Check failed: vN < '_' at PATH:N");
  EXPECT_EQ(runner::normalise_message("cannot cast int32 to float16 at 0x7ffe12"),
            "cannot cast int32 to float16 at ADDR");
  EXPECT_EQ(runner::normalise_message("Traceback:\n  File x\nTVMError: bad   thing 7\n"),
            "TVMError: bad thing N");
  EXPECT_EQ(runner::normalise_message("InternalError: Check failed: (a.is_int()) is false: W0[i1]"),
            "InternalError: Check failed: (a.is_int()) is false:");
}

TEST(Signature, KindsAndDescriptions) {
  runtime::OkOutcome ok;
  runtime::NDArray a(ir::DataType::Int(32), {2});
  ok.buffers.push_back({"B", a});
  const runtime::Outcome expected(ok);
  runtime::OkOutcome other = ok;
  other.buffers[0].array.set(1, runtime::Value::from_int64(ir::DataType::Int(32), 5));
  const runtime::Outcome actual(other);
  auto mm = runtime::compare_outcomes(expected, actual);
  ASSERT_TRUE(mm);
  const runner::Signature wrong = runner::signature_of("tvm", "0.20", expected, actual, mm);
  EXPECT_EQ(wrong.kind, "wrong-value");
  EXPECT_EQ(wrong.description, "int32 buffer element");

  const runtime::Outcome rejected(runtime::RejectedOutcome{"build", "bad const 17 for 'v3'"});
  const runner::Signature r1 =
      runner::signature_of("tvm", "0.20", expected, rejected, std::nullopt);
  const runner::Signature r2 = runner::signature_of(
      "tvm", "0.21", expected,
      runtime::Outcome(runtime::RejectedOutcome{"build", "bad const 9 for 'w'"}), std::nullopt);
  EXPECT_EQ(r1.kind, "rejected");
  EXPECT_EQ(r1, r2) << "numbers, names and versions do not split a signature";
  EXPECT_EQ(r1.slug(), r2.slug());
  EXPECT_NE(r1.slug(), wrong.slug());
  for (char c : r1.slug())
    EXPECT_TRUE(std::isalnum(static_cast<unsigned char>(c)) || c == '-') << r1.slug();

  const runtime::Outcome crash(runtime::CrashOutcome{"", 8, 0});
  EXPECT_EQ(runner::signature_of("tvm", "", expected, crash, std::nullopt).text(),
            "crash | tvm | SIGFPE");
  const runtime::Outcome div0 =
      runtime::Outcome::error(runtime::ErrorClass::DivideByZero, "x", "sem.expr.div");
  const runner::Signature missed =
      runner::signature_of("tvm", "", div0, expected, runtime::compare_outcomes(div0, expected));
  EXPECT_EQ(missed.text(), "wrong-error | tvm | expected error divide-by-zero, got ok");
  EXPECT_TRUE(runner::signature_of("tvm", "", expected, expected, std::nullopt).kind.empty());
}

// --- passes ---

// Every candidate every pass makes is a program the reader reads (it may be invalid: that is the
// judge's question, and the reader reports it with a rule ID, never as a syntax error).
RC_GTEST_PROP(ReducePasses, CandidatesReadBack, ()) {
  const auto seed = *rc::gen::inRange<uint64_t>(0, 1u << 20);
  const reduce::Candidate c = generated(seed);
  for (const reduce::Pass &p : reduce::passes()) {
    for (size_t site = 0; site < 12; ++site) {
      auto next = p.apply(c, site);
      if (!next)
        break;
      auto r = ir::read_tvmscript(reduce::render(*next), "candidate.py");
      if (!r.module && std::getenv("REDUCE_TEST_DUMP"))
        std::cerr << reduce::render(c) << "\n=====\n" << reduce::render(*next) << "\n";
      if (!r.module)
        RC_FAIL(std::string(p.name) + " site " + std::to_string(site) + ": " +
                (r.diagnostics.empty() ? "?" : ir::format(r.diagnostics.front())));
      for (const auto &d : r.diagnostics)
        RC_ASSERT(!d.rule.empty());
    }
  }
}

TEST(ReducePasses, SitesAreNumberedOuterFirst) {
  const reduce::Candidate c = parsed(R"(
from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(4):
        A[i] = A[i] + 1
)");
  // Site 0 of delete-statement is the outermost statement: the whole loop.
  auto first = reduce::delete_statement(c, 0);
  ASSERT_TRUE(first);
  EXPECT_EQ(reduce::render(*first).find("for i"), std::string::npos) << reduce::render(*first);
  // unwrap-statement replaces the loop by its body at the loop's first iteration.
  auto unwrapped = reduce::unwrap_statement(c, 0);
  ASSERT_TRUE(unwrapped);
  EXPECT_NE(reduce::render(*unwrapped).find("A[0] = A[0] + 1"), std::string::npos)
      << reduce::render(*unwrapped);
  EXPECT_FALSE(reduce::unwrap_statement(c, 1));
}

TEST(ReducePasses, ShrinkingABufferCutsItsArgument) {
  reduce::Candidate c = parsed(R"(
from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((2, 3), "int32")):
    A[0, 0] = 1
)");
  c.args.push_back(tensor("A", ir::DataType::Int(32), {2, 3}, {"1", "2", "3", "4", "5", "6"}));
  auto rows = reduce::shrink_buffer(c, 0);
  ASSERT_TRUE(rows);
  EXPECT_EQ(rows->args[0].tensor.shape, (std::vector<int64_t>{1, 3}));
  EXPECT_EQ(rows->args[0].tensor.data, (std::vector<std::string>{"1", "2", "3"}));
  auto cols = reduce::shrink_buffer(c, 1);
  ASSERT_TRUE(cols);
  EXPECT_EQ(cols->args[0].tensor.data, (std::vector<std::string>{"1", "4"}));
  EXPECT_NE(reduce::render(*cols).find("T.Buffer((2, 1), \"int32\")"), std::string::npos);
}

TEST(ReducePasses, AnExpressionBecomesTheValueTheOracleComputed) {
  reduce::Candidate c = parsed(R"(
from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((2,), "int32"), B: T.Buffer((1,), "int32")):
    for i in range(1):
        B[i] = A[0] * A[1] + 3
)");
  c.args.push_back(tensor("A", ir::DataType::Int(32), {2}, {"2", "5"}));
  c.args.push_back(tensor("B", ir::DataType::Int(32), {1}, {"0"}));
  // Site 0 is the loop's first observable expression in pre-order: the stored value.
  auto v = reduce::to_observed_value(c, 0);
  ASSERT_TRUE(v);
  EXPECT_NE(reduce::render(*v).find("B[i] = 13"), std::string::npos) << reduce::render(*v);
  // A[0] * A[1] is 10 there.
  auto product = reduce::to_observed_value(c, 1);
  ASSERT_TRUE(product);
  EXPECT_NE(reduce::render(*product).find("B[i] = T.Add(10, 3)"), std::string::npos)
      << reduce::render(*product);
}

// --- the judge and the loop ---

// A test command that finds everything interesting: the reducer then shrinks as far as the judge
// lets it, and every step must stay a valid program the oracle runs to ok.
reduce::Goal anything_goes() {
  reduce::Goal g;
  g.test_command = "true";
  return g;
}

TEST(Reduce, NeverReducesIntoUndefinedBehaviour) {
  // Every smaller program that keeps B's store of A[0] // A[1] (what "interesting" could hinge
  // on) is undefined or an error: A[1] replaced by 0 divides by zero, an index replaced by a
  // constant other than 0 or 1 reads out of bounds. The reducer must refuse those.
  reduce::Candidate c = parsed(R"(
from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((2,), "int32"), B: T.Buffer((1,), "int32")):
    B[0] = A[0] // A[1]
)");
  c.args.push_back(tensor("A", ir::DataType::Int(32), {2}, {"7", "2"}));
  c.args.push_back(tensor("B", ir::DataType::Int(32), {1}, {"0"}));
  // Interesting while the division is there: what a test around a division bug would check.
  reduce::Goal keep_division;
  keep_division.test_command = "grep -q ' // '";
  reduce::Evaluator ev(keep_division, 1);
  reduce::ReduceReport report;
  const reduce::Candidate out = reduce::reduce(c, {"test", "grep", "", ""}, ev, {}, report);
  EXPECT_NE(reduce::render(out).find(" // "), std::string::npos);
  auto outcome = reduce::Judge::oracle_outcome(reduce::render(out));
  ASSERT_TRUE(outcome);
  EXPECT_TRUE(outcome->is_ok()) << runtime::to_string(*outcome);
  EXPECT_GT(report.verdicts[reduce::Verdict::Unspecified] +
                report.verdicts[reduce::Verdict::OracleChanged],
            0u)
      << "candidates that became undefined or an error were met and refused";
  EXPECT_LT(report.nodes_after, report.nodes_before);
}

TEST(Reduce, SameResultForAnyNumberOfJobs) {
  const reduce::Candidate c = generated(gen::derive_seed(3, 4));
  reduce::ReduceOptions options;
  reduce::ReduceReport one, two;
  const runner::Signature target{"test", "true", "", ""};
  reduce::Evaluator ev1(anything_goes(), 1);
  const std::string a = reduce::render(reduce::reduce(c, target, ev1, options, one));
  reduce::Evaluator ev2(anything_goes(), 2);
  const std::string b = reduce::render(reduce::reduce(c, target, ev2, options, two));
  EXPECT_EQ(a, b);
  EXPECT_FALSE(one.out_of_time);
  auto outcome = reduce::Judge::oracle_outcome(a);
  ASSERT_TRUE(outcome);
  EXPECT_TRUE(outcome->is_ok());
}

TEST(Reduce, ResultIsOneMinimal) {
  const reduce::Candidate c = generated(gen::derive_seed(9, 2));
  reduce::Evaluator ev(anything_goes(), 1);
  reduce::ReduceReport report;
  const runner::Signature target{"test", "true", "", ""};
  const reduce::Candidate out = reduce::reduce(c, target, ev, {}, report);
  ASSERT_FALSE(report.out_of_time);
  // No single step of any pass gives another candidate the judge accepts.
  reduce::Judge judge(anything_goes());
  const std::string text = reduce::render(out);
  for (const reduce::Pass &p : reduce::passes())
    for (size_t site = 0;; ++site) {
      auto next = p.apply(out, site);
      if (!next)
        break;
      const std::string t = reduce::render(*next);
      if (t != text) {
        EXPECT_NE(judge.judge(t, target).verdict, reduce::Verdict::Interesting)
            << p.name << " site " << site << " still applies";
      }
    }
}

} // namespace
} // namespace tirconf
