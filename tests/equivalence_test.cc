// runner/equivalence.h: before/after pairs written by hand, each with the verdict the spec gives
// them worked out below it. Where a verdict rests on the random arguments containing some value
// (a zero divisor, a -0.0), the buffers are long enough that a draw without it is far less
// likely than one in a million: the comment says so.
#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <string>

#include "runner/equivalence.h"
#include "runner/equivalence_report.h"
#include "tensor_helpers.h"

namespace tirconf::runner {
namespace {

using runtime::OutcomeKind;
using testsupport::parse;

EquivalenceResult check(const std::string &before, const std::string &after,
                        EquivalenceOptions options = {}) {
  return check_equivalence({parse(before), "before.py"}, {parse(after), "after.py"}, options);
}

// The data of argument `name` of a trial that kept its arguments.
const Arg &argument(const Trial &t, const std::string &name) {
  for (const auto &a : t.arguments)
    if (a.name == name)
      return a;
  ADD_FAILURE() << "no argument " << name;
  static const Arg none;
  return none;
}

// The trial that decided a finding.
const Trial &first_finding(const EquivalenceResult &r) {
  for (const auto &t : r.trials)
    if (is_finding(t.verdict))
      return t;
  ADD_FAILURE() << "no finding among " << r.trials.size() << " trials";
  return r.trials.front();
}

// ----------------------------------------------------------------------------- equal pairs

const char *kElementwise = R"(
@T.prim_func
def main(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    for i in range(16):
        B[i] = A[i] * T.float32(2) + T.float32(1)
)";

TEST(Equivalence, LoopSplitByHandAgreesOnEveryTrial) {
  // The same float operations on the same elements, visited in the same order: bit-equal.
  auto r = check(kElementwise, R"(
@T.prim_func
def main(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    for io in range(4):
        for ii in range(4):
            B[io * 4 + ii] = A[io * 4 + ii] * T.float32(2) + T.float32(1)
)");
  EXPECT_EQ(r.verdict, Verdict::Agree) << r.reason;
  EXPECT_EQ(r.compared, 8);
  ASSERT_EQ(r.trials.size(), 8u);
  for (const auto &t : r.trials) {
    EXPECT_EQ(t.verdict, Verdict::Agree) << t.detail;
    EXPECT_TRUE(t.arguments.empty()); // kept only for trials that decide something else
  }
  EXPECT_TRUE(r.rules.empty());
  EXPECT_EQ(r.before_func, "main");
  EXPECT_EQ(r.after_func, "main");
}

TEST(Equivalence, SimplifiedFloatExpressionAgreesNaNsIncluded) {
  // x * 2 and x + x are both the correctly rounded 2x; a NaN operand gives a NaN either way,
  // and any NaN equals any NaN.
  auto r = check(kElementwise, R"(
@T.prim_func
def main(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    for i in range(16):
        B[i] = A[i] + A[i] + T.float32(1)
)");
  EXPECT_EQ(r.verdict, Verdict::Agree) << r.reason;
  EXPECT_EQ(r.compared, 8);
}

TEST(Equivalence, SimplifiedIntegerExpressionAgrees) {
  // Under wrapping int32 arithmetic x + y - y is x, overflow or not.
  auto r = check(R"(
@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32"), y: T.int32):
    for i in range(8):
        B[i] = A[i] + y - y
)",
                 R"(
@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32"), y: T.int32):
    for i in range(8):
        B[i] = A[i]
)");
  EXPECT_EQ(r.verdict, Verdict::Agree) << r.reason;
  EXPECT_EQ(r.compared, 8);
}

TEST(Equivalence, SymbolicShapesAgreeWhateverTheVariablesAreCalled) {
  // Flattening a 2-d loop nest over a symbolic (n, 4) buffer; n is a scalar parameter too. The
  // after side names its shape variable differently: only how it is used matters.
  auto r = check(R"(
@T.prim_func
def main(a: T.handle, n: T.int32):
    A = T.match_buffer(a, (n, 4), "int8")
    for i, j in T.grid(n, 4):
        A[i, j] = A[i, j] + T.int8(1)
)",
                 R"(
@T.prim_func
def main(x: T.handle, rows: T.int32):
    X = T.match_buffer(x, (rows, 4), "int8")
    for k in range(rows * 4):
        X[k // 4, k % 4] = X[k // 4, k % 4] + T.int8(1)
)");
  EXPECT_EQ(r.verdict, Verdict::Agree) << r.reason;
  EXPECT_EQ(r.compared, 8);
}

TEST(Equivalence, NarrowedIndexTypesOfBufferShapesAgree) {
  // As TVM's ForceNarrowIndexToInt32 leaves a function: the extents and the shape variable the
  // buffer binds become int32. A caller hands over the same array either way.
  auto r = check(R"(
@T.prim_func
def main(a: T.handle, B: T.Buffer((T.int64(4),), "int32")):
    n = T.int64()
    A = T.match_buffer(a, (n,), "int32")
    for i in range(T.int64(4)):
        B[i] = A[i % n]
)",
                 R"(
@T.prim_func
def main(a: T.handle, B: T.Buffer((4,), "int32")):
    n = T.int32()
    A = T.match_buffer(a, (n,), "int32")
    for i in range(4):
        B[i] = A[i % n]
)");
  EXPECT_EQ(r.verdict, Verdict::Agree) << r.reason;
  EXPECT_EQ(r.compared, 8);
}

TEST(Equivalence, ErrorsOfTheSameClassAgree) {
  // Both divide by the same elements of D: a zero divisor is a divide-by-zero error on both
  // sides. (INT_MIN // -1 is unspecified on both: such a trial compares nothing.) With 64
  // divisors per trial, a trial without a zero divisor is the exception.
  auto r = check(R"(
@T.prim_func
def main(A: T.Buffer((64,), "int32"), D: T.Buffer((64,), "int32"), B: T.Buffer((64,), "int32")):
    for i in range(64):
        B[i] = A[i] // D[i]
)",
                 R"(
@T.prim_func
def main(A: T.Buffer((64,), "int32"), D: T.Buffer((64,), "int32"), B: T.Buffer((64,), "int32")):
    for i in range(64):
        B[i] = T.floordiv(A[i] * 1, D[i])
)");
  EXPECT_EQ(r.verdict, Verdict::Agree) << r.reason;
  bool both_errors = false;
  for (const auto &t : r.trials) {
    EXPECT_TRUE(t.verdict == Verdict::Agree || t.verdict == Verdict::BeforeUnspecified) << t.detail;
    if (t.verdict == Verdict::Agree && t.before.kind() == OutcomeKind::Error) {
      both_errors = true;
      EXPECT_EQ(t.after.kind(), OutcomeKind::Error);
      EXPECT_EQ(t.before.rule(), "sem.expr.floordiv");
    }
  }
  EXPECT_TRUE(both_errors);
  EXPECT_EQ(std::set<std::string>(r.rules.begin(), r.rules.end()).count("sem.expr.floordiv"), 1u);
}

// ----------------------------------------------------------------------------- findings

TEST(Equivalence, OffByOneLoopBoundDiffersAtTheLastElement) {
  // AFTER never writes B[15]: it keeps its random initial value where BEFORE stores A[15] + 1.
  // Only B[15] can differ, so the first difference is there.
  auto r = check(R"(
@T.prim_func
def main(A: T.Buffer((16,), "int32"), B: T.Buffer((16,), "int32")):
    for i in range(16):
        B[i] = A[i] + 1
)",
                 R"(
@T.prim_func
def main(A: T.Buffer((16,), "int32"), B: T.Buffer((16,), "int32")):
    for i in range(15):
        B[i] = A[i] + 1
)");
  ASSERT_EQ(r.verdict, Verdict::Differ) << r.reason;
  const Trial &t = first_finding(r);
  ASSERT_TRUE(t.difference);
  EXPECT_EQ(t.difference->buffer, "B");
  EXPECT_EQ(t.difference->index, std::vector<int64_t>{15});
  EXPECT_EQ(t.difference->flat_index, 15);
  EXPECT_EQ(t.difference->lane, -1);
  // BEFORE: A[15] + 1 wrapped to int32; AFTER: B[15] as the trial's arguments had it.
  const int64_t a15 = std::stoll(argument(t, "A").tensor.data[15]);
  const int64_t sum = static_cast<int32_t>(static_cast<uint32_t>(a15) + 1u);
  EXPECT_EQ(t.difference->before, std::to_string(sum));
  EXPECT_EQ(t.difference->after, argument(t, "B").tensor.data[15]);
  EXPECT_NE(r.reason.find("B[15] is " + t.difference->before + " in BEFORE"), std::string::npos)
      << r.reason;
  EXPECT_NE(r.reason.find("trial " + std::to_string(t.index) + " of seed 0"), std::string::npos);
}

TEST(Equivalence, UnsoundSimplificationDiffersWhenTheMultiplicationWraps) {
  // (x * 4) // 4 is x only while x * 4 does not wrap: the edges (INT_MIN, INT_MAX) and large
  // random values make it wrap in most trials.
  auto r = check(R"(
@T.prim_func
def main(A: T.Buffer((16,), "int32"), B: T.Buffer((16,), "int32")):
    for i in range(16):
        B[i] = A[i] * 4 // 4
)",
                 R"(
@T.prim_func
def main(A: T.Buffer((16,), "int32"), B: T.Buffer((16,), "int32")):
    for i in range(16):
        B[i] = A[i]
)");
  ASSERT_EQ(r.verdict, Verdict::Differ) << r.reason;
  const Trial &t = first_finding(r);
  ASSERT_TRUE(t.difference);
  EXPECT_EQ(t.difference->buffer, "B");
  const int64_t x = std::stoll(argument(t, "A").tensor.data[t.difference->flat_index]);
  const int32_t wrapped = static_cast<int32_t>(static_cast<uint32_t>(x) * 4u);
  const int64_t floordiv = wrapped >= 0 ? wrapped / 4 : -((-int64_t{wrapped} + 3) / 4);
  EXPECT_EQ(t.difference->before, std::to_string(floordiv));
  EXPECT_EQ(t.difference->after, std::to_string(x));
}

TEST(Equivalence, SignOfZeroDiffersBitwise) {
  // x + 0.0 is x except for -0.0, which becomes +0.0: floats compare bit for bit. Each of the
  // 64 elements is -0.0 one time in about 30, so every run of 8 trials has one.
  auto r = check(R"(
@T.prim_func
def main(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32")):
    for i in range(64):
        B[i] = A[i] + T.float32(0)
)",
                 R"(
@T.prim_func
def main(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32")):
    for i in range(64):
        B[i] = A[i]
)");
  ASSERT_EQ(r.verdict, Verdict::Differ) << r.reason;
  const Trial &t = first_finding(r);
  ASSERT_TRUE(t.difference);
  EXPECT_EQ(t.difference->before, "0");
  EXPECT_EQ(t.difference->after, "-0");
  EXPECT_EQ(argument(t, "A").tensor.data[t.difference->flat_index], "-0");
}

TEST(Equivalence, DroppedGuardIsAnErrorOnlyAfterHas) {
  // AFTER drops the test for a zero divisor; BEFORE never errs. 64 divisors per trial: some
  // trial has a zero one.
  auto r = check(R"(
@T.prim_func
def main(A: T.Buffer((64,), "int32"), D: T.Buffer((64,), "int32"), B: T.Buffer((64,), "int32")):
    for i in range(64):
        if D[i] != 0:
            B[i] = A[i] // D[i]
)",
                 R"(
@T.prim_func
def main(A: T.Buffer((64,), "int32"), D: T.Buffer((64,), "int32"), B: T.Buffer((64,), "int32")):
    for i in range(64):
        B[i] = A[i] // D[i]
)");
  ASSERT_EQ(r.verdict, Verdict::ErrorDiffers) << r.reason;
  const Trial &t = first_finding(r);
  EXPECT_EQ(t.before.kind(), OutcomeKind::Ok);
  testsupport::expect_error(t.after, runtime::ErrorClass::DivideByZero, "sem.expr.floordiv");
  EXPECT_NE(r.reason.find("after.py:8:"), std::string::npos) << r.reason;
  EXPECT_FALSE(t.arguments.empty());
}

TEST(Equivalence, ReadPastTheEndOnlyInAfterIsAFinding) {
  // BEFORE reads A[i]; AFTER reads A[i + 1], past the end at i = 15, on every trial.
  auto r = check(kElementwise, R"(
@T.prim_func
def main(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    for i in range(16):
        B[i] = A[i + 1] * T.float32(2) + T.float32(1)
)");
  ASSERT_EQ(r.verdict, Verdict::AfterUnspecified) << r.reason;
  const Trial &t = first_finding(r);
  EXPECT_EQ(t.index, 0);
  EXPECT_EQ(t.before.kind(), OutcomeKind::Ok);
  ASSERT_EQ(t.after.kind(), OutcomeKind::Unspecified);
  EXPECT_EQ(t.after.rule(), "unspec.oob");
  EXPECT_EQ(r.rules, std::vector<std::string>{"unspec.oob"});
}

// ----------------------------------------------------------------------------- nothing compared

const char *kReadAtK = R"(
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((1,), "int32"), k: T.int32):
    B[0] = A[k]
)";

TEST(Equivalence, BeforeUnspecifiedTrialsSayNothing) {
  // BEFORE reads A[k]: out of bounds unless 0 <= k < 4. AFTER clamps k, which changes nothing
  // where BEFORE is defined and is allowed anything elsewhere. So every trial agrees or has BEFORE
  // unspecified; k, random over int32 with its edges, falls on both sides of [0, 4) over a few
  // seeds.
  const char *clamped = R"(
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((1,), "int32"), k: T.int32):
    B[0] = A[T.max(T.min(k, 3), 0)]
)";
  int agreed = 0, skipped = 0;
  for (uint64_t seed = 0; seed < 5; ++seed) {
    EquivalenceOptions o;
    o.seed = seed;
    auto r = check(kReadAtK, clamped, o);
    EXPECT_TRUE(r.verdict == Verdict::Agree || r.verdict == Verdict::BeforeUnspecified) << r.reason;
    EXPECT_LE(r.trials.size(), 32u); // 4 * trials at most
    for (const auto &t : r.trials) {
      if (t.verdict == Verdict::BeforeUnspecified) {
        ++skipped;
        EXPECT_EQ(t.before.rule(), "unspec.oob");
      } else {
        EXPECT_EQ(t.verdict, Verdict::Agree) << t.detail;
        ++agreed;
      }
    }
    EXPECT_LE(r.compared, 8);
  }
  EXPECT_GT(agreed, 0);
  EXPECT_GT(skipped, 0);
}

TEST(Equivalence, OnlyUnspecifiedTrialsAreReportedAsSuch) {
  // BEFORE reads A[4] whatever the arguments: no trial can compare anything.
  const char *past_end = R"(
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((1,), "int32"), k: T.int32):
    B[0] = A[4]
)";
  EquivalenceOptions o;
  o.trials = 3;
  auto r = check(past_end, kReadAtK, o);
  EXPECT_EQ(r.verdict, Verdict::BeforeUnspecified);
  EXPECT_EQ(r.compared, 0);
  EXPECT_EQ(r.trials.size(), 12u);
  EXPECT_NE(r.reason.find("nothing was compared"), std::string::npos) << r.reason;
  EXPECT_NE(r.reason.find("unspec.oob"), std::string::npos) << r.reason;
}

TEST(Equivalence, ABudgetRunOutSaysNothing) {
  // The same elementwise loop, padded to 64 iterations of which the predicate keeps 16 (as a
  // non-divisible split leaves it): 16 steps more than a budget of 40 allow on AFTER only.
  EquivalenceOptions o;
  o.trials = 2;
  o.run.step_limit = 40;
  auto r = check(kElementwise, R"(
@T.prim_func
def main(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    for i in range(64):
        if i < 16:
            B[i] = A[i] * T.float32(2) + T.float32(1)
)",
                 o);
  EXPECT_EQ(r.verdict, Verdict::CannotRun) << r.reason;
  EXPECT_NE(r.reason.find("ran out of its budget on AFTER"), std::string::npos) << r.reason;
  EXPECT_NE(r.reason.find("sem.stmt.limit"), std::string::npos) << r.reason;
}

TEST(Equivalence, UnlistedBuiltinCannotRun) {
  auto r = check(kElementwise, R"(
@T.prim_func
def main(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    for i in range(16):
        B[i] = T.call_extern("float32", "expf", A[i])
)");
  EXPECT_EQ(r.verdict, Verdict::CannotRun) << r.reason;
  EXPECT_EQ(r.trials.size(), 1u); // the builtin is unlisted whatever the arguments
  EXPECT_NE(r.reason.find("AFTER"), std::string::npos) << r.reason;
  EXPECT_EQ(r.rules, std::vector<std::string>{"unspec.builtin_unlisted"});
}

TEST(Equivalence, NoArgumentsForAHandleThatIsNoBuffer) {
  const char *handle = R"(
@T.prim_func
def main(p: T.handle, B: T.Buffer((1,), "int32")):
    B[0] = 1
)";
  auto r = check(handle, handle);
  EXPECT_EQ(r.verdict, Verdict::CannotRun);
  EXPECT_NE(r.reason.find("parameter p"), std::string::npos) << r.reason;
  EXPECT_TRUE(r.trials.empty());
}

TEST(Equivalence, ArgumentsTheEntryRefusesCannotRun) {
  // The compact stride of the first dimension is 200, which the int8 stride Var cannot hold
  // ([bind.strides_compact]): BEFORE refuses every compact tensor, so nothing can be judged.
  const char *narrow = R"(
@T.prim_func
def main(a: T.handle):
    s = T.int8()
    A = T.match_buffer(a, (T.int8(2), T.int8(100), T.int8(2)), "int8", strides=(s, T.int8(2), T.int8(1)))
    A[0, 0, 0] = T.int8(1)
)";
  auto r = check(narrow, narrow);
  EXPECT_EQ(r.verdict, Verdict::CannotRun);
  EXPECT_EQ(r.reason.rfind("BEFORE does not accept the arguments tirconf made: ", 0), 0u)
      << r.reason;
  ASSERT_EQ(r.trials.size(), 1u);
  EXPECT_EQ(r.trials[0].before.rule(), "bind.strides_compact");
}

// ----------------------------------------------------------------------------- signatures

struct SignatureCase {
  const char *name, *after, *reason;
};

TEST(Equivalence, DifferentSignaturesAreIncomparable) {
  const char *before = R"(
@T.prim_func
def main(a: T.handle, b: T.handle):
    n = T.int32()
    A = T.match_buffer(a, (n, 16), "float32")
    B = T.match_buffer(b, (n, 16), "float32")
    for i, j in T.grid(n, 16):
        B[i, j] = A[i, j]
)";
  const SignatureCase cases[] = {
      {"one parameter fewer", R"(
@T.prim_func
def main(a: T.handle):
    n = T.int32()
    A = T.match_buffer(a, (n, 16), "float32")
    A[0, 0] = T.float32(0)
)",
       "BEFORE takes 2 parameters, AFTER 1"},
      {"a constant dimension", R"(
@T.prim_func
def main(a: T.handle, b: T.handle):
    n = T.int32()
    A = T.match_buffer(a, (n, 16), "float32")
    B = T.match_buffer(b, (n, 8), "float32")
    B[0, 0] = A[0, 0]
)",
       "parameter 2 (B): shape [n, 16] in BEFORE, [n, 8] in AFTER"},
      {"the dtype", R"(
@T.prim_func
def main(a: T.handle, b: T.handle):
    n = T.int32()
    A = T.match_buffer(a, (n, 16), "float32")
    B = T.match_buffer(b, (n, 16), "float16")
    B[0, 0] = T.Cast("float16", A[0, 0])
)",
       "parameter 2 (B): a buffer of float32 in BEFORE, float16 in AFTER"},
      {"a shape variable no longer shared", R"(
@T.prim_func
def main(a: T.handle, b: T.handle):
    n = T.int32()
    m = T.int32()
    A = T.match_buffer(a, (n, 16), "float32")
    B = T.match_buffer(b, (m, 16), "float32")
    B[0, 0] = A[0, 0]
)",
       "parameter 2 (B): shape [n, 16] in BEFORE, [m, 16] in AFTER"},
  };
  for (const auto &c : cases) {
    auto r = check(before, c.after);
    EXPECT_EQ(r.verdict, Verdict::Incomparable) << c.name;
    EXPECT_EQ(r.reason, c.reason) << c.name;
    EXPECT_TRUE(r.trials.empty()) << c.name;
  }
}

TEST(Equivalence, ScalarDtypeChangeIsIncomparable) {
  auto r = check(kReadAtK, R"(
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((1,), "int32"), k: T.int64):
    B[0] = A[k]
)");
  EXPECT_EQ(r.verdict, Verdict::Incomparable);
  EXPECT_EQ(r.reason, "parameter 3 (k): int32 in BEFORE, int64 in AFTER");
}

TEST(Equivalence, EntryByNameAndMissingEntry) {
  const char *two = R"(
@I.ir_module
class Module:
    @T.prim_func
    def f(A: T.Buffer((2,), "int32")):
        A[0] = 1

    @T.prim_func
    def g(A: T.Buffer((2,), "int32")):
        A[1] = 1
)";
  EquivalenceOptions o;
  o.func = "f";
  auto r = check(two, two, o);
  EXPECT_EQ(r.verdict, Verdict::Agree) << r.reason;
  EXPECT_EQ(r.before_func, "f");
  o.func.clear(); // two functions, none called main
  r = check(two, two, o);
  EXPECT_EQ(r.verdict, Verdict::CannotRun);
  EXPECT_NE(r.reason.find("no PrimFunc named 'main'"), std::string::npos) << r.reason;
}

// ----------------------------------------------------------------------------- report

TEST(Equivalence, SameSeedSameResultOtherSeedOtherArguments) {
  auto a = check(kReadAtK, kReadAtK), b = check(kReadAtK, kReadAtK);
  EXPECT_EQ(equivalence_json(a), equivalence_json(b));
  EquivalenceOptions o;
  o.seed = 1;
  EXPECT_NE(equivalence_json(check(kReadAtK, kReadAtK, o)), equivalence_json(a));
}

TEST(Equivalence, ReportsNameTheVerdictAndKeepTheDecidingArguments) {
  auto r = check(kElementwise, R"(
@T.prim_func
def main(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    for i in range(15):
        B[i] = A[i] * T.float32(2) + T.float32(1)
)");
  const std::string text = equivalence_text(r);
  EXPECT_EQ(text.rfind("differ: trial ", 0), 0u) << text;
  EXPECT_NE(text.find(" of seed 0: B[15] is "), std::string::npos) << text;
  EXPECT_NE(text.find("\n  arguments: A = float32[16] ["), std::string::npos) << text;
  const std::string json = equivalence_json(r);
  for (const char *field : {"\"verdict\": \"differ\"", "\"buffer\": \"B\"", "\"flat_index\": 15",
                            "\"args\": {", "\"dtype\": \"float32\"", "\"func\": \"main\""})
    EXPECT_NE(json.find(field), std::string::npos) << field << "\n" << json;
}

} // namespace
} // namespace tirconf::runner
