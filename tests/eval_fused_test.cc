// The interpreter's fused fast paths (oracle/eval/fast_paths.h) must be indistinguishable from
// the plain nodes: the reduction update `B[i] = B[i] + x` (one node, fast_stmt.cc) and a
// BlockRealize whose iter vars share their loop Vars' slots (T.axis.remap, fast_block.cc). Each
// case runs a program that takes the fused node with the fast paths on and off
// (RunOptions::fast_paths), and next to a form that cannot take it (the load on the right of the
// `+`, an iter value that is not a bare Var), and asserts the same outcome, the same buffers and
// the same rule coverage; expected values are worked out by hand.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "tests/eval_helpers.h"

namespace tirconf {
namespace {

using namespace evaltest;

struct CoveredRun {
  Outcome out;
  std::map<std::string, uint64_t> coverage;
  uint64_t fast_nodes = 0;
};

CoveredRun run_with_coverage(const std::string &src, std::vector<oracle::Argument> args,
                             bool fast_paths = true) {
  oracle::RuleCoverage cov;
  oracle::RunStats stats;
  oracle::RunOptions o;
  o.coverage = &cov;
  o.stats = &stats;
  o.fast_paths = fast_paths;
  CoveredRun r{run_src(src, std::move(args), o), {}, stats.fast_nodes};
  for (const auto &[rule, n] : cov.counts())
    r.coverage[rule] = n;
  return r;
}

// Runs src with the fast paths on (on `args`) and off (on copies of them), expects the same
// outcome, coverage and final tensors, and returns the fast run's outcome.
Outcome run_both(const std::string &src, std::vector<oracle::Argument> args) {
  std::vector<NDArray> copies;
  copies.reserve(args.size());
  std::vector<oracle::Argument> plain_args;
  for (const auto &a : args) {
    if (auto *const *t = std::get_if<NDArray *>(&a)) {
      copies.push_back(**t);
      plain_args.push_back(&copies.back());
    } else {
      plain_args.push_back(a);
    }
  }
  CoveredRun fast = run_with_coverage(src, args, true);
  CoveredRun plain = run_with_coverage(src, plain_args, false);
  EXPECT_EQ(runtime::to_json(fast.out), runtime::to_json(plain.out));
  EXPECT_EQ(fast.coverage, plain.coverage);
  EXPECT_GT(fast.fast_nodes, 0u);
  size_t k = 0;
  for (const auto &a : args) {
    if (auto *const *t = std::get_if<NDArray *>(&a)) {
      EXPECT_EQ(bits_data(**t), bits_data(copies[k++]));
    }
  }
  return fast.out;
}

std::string dot(const char *dtype, const char *update) {
  return std::string(R"(
@T.prim_func
def f(A: T.Buffer((3, 4), ")") +
         dtype + R"("), C: T.Buffer((3,), ")" + dtype + R"(")):
    for i, k in T.grid(3, 4):
        )" +
         update + "\n";
}

// [sem.stmt.bufferstore] [sem.expr.bufferload] [sem.expr.add] [sem.expr.mul]
TEST(EvalFused, ReductionUpdateMatchesTheGeneralNodesAtEveryType) {
  struct Case {
    const char *dtype;
    bool is_float;
  };
  for (const Case &c :
       {Case{"int32", false}, Case{"int64", false}, Case{"float32", true}, Case{"float64", true}}) {
    const DataType t = *ir::parse_dtype(c.dtype);
    auto args = [&](NDArray &A, NDArray &C) { return std::vector<oracle::Argument>{&A, &C}; };
    // A[i, k] = 4i + k + 1; C starts at 1, so C[i] = 1 + sum_k A[i, k] = 1 + 16i + 10.
    std::vector<int64_t> a_int;
    std::vector<double> a_float;
    for (int i = 0; i < 12; ++i) {
      a_int.push_back(i + 1);
      a_float.push_back(i + 1);
    }
    NDArray A1 = c.is_float ? floats(t, {3, 4}, a_float) : ints(t, {3, 4}, a_int);
    NDArray A2 = A1;
    NDArray C1 = c.is_float ? floats(t, {3}, {1, 1, 1}) : ints(t, {3}, {1, 1, 1});
    NDArray C2 = C1;
    NDArray A3 = A1, C3 = C1;
    CoveredRun fused = run_with_coverage(dot(c.dtype, "C[i] = C[i] + A[i, k]"), args(A1, C1));
    CoveredRun general = run_with_coverage(dot(c.dtype, "C[i] = A[i, k] + C[i]"), args(A2, C2));
    CoveredRun plain =
        run_with_coverage(dot(c.dtype, "C[i] = C[i] + A[i, k]"), args(A3, C3), false);
    EXPECT_OK(fused.out);
    EXPECT_OK(general.out);
    EXPECT_OK(plain.out);
    auto values = [&](const NDArray &a) {
      if (!c.is_float)
        return int_data(a);
      std::vector<int64_t> out;
      for (double d : float_data(a))
        out.push_back(static_cast<int64_t>(d)); // exact: small integers
      return out;
    };
    EXPECT_EQ(values(C1), (std::vector<int64_t>{11, 27, 43})) << c.dtype;
    EXPECT_EQ(bits_data(C1), bits_data(C2)) << c.dtype;
    EXPECT_EQ(bits_data(C1), bits_data(C3)) << c.dtype;
    EXPECT_EQ(fused.coverage, general.coverage) << c.dtype;
    EXPECT_EQ(fused.coverage, plain.coverage) << c.dtype;
    EXPECT_GT(fused.fast_nodes, 0u);
    EXPECT_EQ(plain.fast_nodes, 0u);
    EXPECT_EQ(fused.coverage.at("sem.stmt.bufferstore"), 12u);
    EXPECT_EQ(fused.coverage.at("sem.expr.bufferload"), 24u);
    // i twice and k once for the loads, i once more for the store, per iteration.
    EXPECT_EQ(fused.coverage.at("sem.expr.var"), 48u);

    // The product: C[i] = 2 * prod_k A[i, k].
    NDArray P1 = c.is_float ? floats(t, {3}, {2, 2, 2}) : ints(t, {3}, {2, 2, 2});
    NDArray P2 = P1;
    NDArray B1 = A1, B2 = A1;
    CoveredRun fused_mul = run_with_coverage(dot(c.dtype, "C[i] = C[i] * A[i, k]"), args(B1, P1));
    CoveredRun general_mul = run_with_coverage(dot(c.dtype, "C[i] = A[i, k] * C[i]"), args(B2, P2));
    EXPECT_OK(fused_mul.out);
    // 2*1*2*3*4, 2*5*6*7*8, 2*9*10*11*12
    EXPECT_EQ(values(P1), (std::vector<int64_t>{48, 3360, 23760})) << c.dtype;
    EXPECT_EQ(bits_data(P1), bits_data(P2)) << c.dtype;
    EXPECT_EQ(fused_mul.coverage, general_mul.coverage) << c.dtype;
  }
}

TEST(EvalFused, ReductionUpdateWrapsLikeAnyInt32Add) {
  NDArray A = ints(i32, {3, 4}, {2147483647, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  NDArray C = ints(i32, {3}, {0, 0, 0});
  auto out = run_both(dot("int32", "C[i] = C[i] + A[i, k]"), {&A, &C});
  EXPECT_OK(out);
  EXPECT_EQ(int_data(C), (std::vector<int64_t>{-2147483648LL, 0, 0}));
}

// [unspec.uninitialized] the load half of an update reads a fresh allocation.
TEST(EvalFused, ReductionUpdateOfUninitializedElementIsUnspecified) {
  NDArray A = ints(i32, {4}, {1, 2, 3, 4});
  NDArray B(i32, {1});
  auto out = run_both(R"(
@T.prim_func
def f(A: T.Buffer((4,), "int32"), B: T.Buffer((1,), "int32")):
    with T.block("root"):
        acc = T.alloc_buffer((1,), "int32")
        for k in range(4):
            acc[0] = acc[0] + A[k]
        B[0] = acc[0]
)",
                      {&A, &B});
  expect_unspecified(out, UnspecifiedClass::Uninitialized, "unspec.uninitialized");
}

// The load half is checked before x runs, as the general nodes do: an out-of-bounds update
// whose x divides by zero is unspecified, an in-bounds one is the division's error.
TEST(EvalFused, ReductionUpdateChecksTheLoadBeforeTheOtherOperand) {
  const std::string src = R"(
@T.prim_func
def f(A: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32"), n: T.int32):
    C[n] = C[n] + A[0] // 0
)";
  NDArray A = ints(i32, {4}, {1, 2, 3, 4});
  NDArray C = ints(i32, {4}, {0, 0, 0, 0});
  expect_unspecified(run_both(src, {&A, &C, Value::from_int64(i32, 4)}),
                     UnspecifiedClass::OutOfBounds, "unspec.oob");
  expect_unspecified(run_both(src, {&A, &C, Value::from_int64(i32, -1)}),
                     UnspecifiedClass::OutOfBounds, "unspec.oob");
  expect_error(run_both(src, {&A, &C, Value::from_int64(i32, 3)}), ErrorClass::DivideByZero);
}

// [unspec.conflict.parallel] every parallel iteration updates C[0].
TEST(EvalFused, ReductionUpdateInsideParallelLoopConflicts) {
  NDArray A = ints(i32, {4}, {1, 2, 3, 4});
  NDArray C = ints(i32, {1}, {0});
  auto out = run_both(R"(
@T.prim_func
def f(A: T.Buffer((4,), "int32"), C: T.Buffer((1,), "int32")):
    z = T.int32(0)
    for k in T.parallel(4):
        C[z] = C[z] + A[k]
)",
                      {&A, &C});
  expect_unspecified(out, UnspecifiedClass::Conflict, "unspec.conflict.parallel");
  // Each iteration updating its own element does not conflict.
  NDArray D = ints(i32, {4}, {10, 20, 30, 40});
  out = run_both(R"(
@T.prim_func
def f(A: T.Buffer((4,), "int32"), D: T.Buffer((4,), "int32")):
    for k in T.parallel(4):
        D[k] = D[k] + A[k]
)",
                 {&A, &D});
  EXPECT_OK(out);
  EXPECT_EQ(int_data(D), (std::vector<int64_t>{11, 22, 33, 44}));
}

std::string matmul_block(const char *binding) {
  return std::string(R"(
@T.prim_func
def f(A: T.Buffer((2, 3), "int32"), B: T.Buffer((3, 2), "int32"), C: T.Buffer((2, 2), "int32")):
    for i, j, k in T.grid(2, 2, 3):
        with T.block("C"):
            )") +
         binding + R"(
            T.reads(A[vi, vk], B[vk, vj])
            T.writes(C[vi, vj])
            with T.init():
                C[vi, vj] = 0
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
)";
}

// [sem.stmt.blockrealize] [sem.stmt.block.init] iter vars aliased to the loop Vars (remap, fast
// paths on), bound per realization by the plain node (fast paths off), and bound per realization
// by the scalar fast path (values that are not bare Vars) give the same matmul, the same number
// of realizations and init runs.
TEST(EvalFused, RemapBlockMatchesBoundIterVars) {
  // A = [[1, 2, 3], [4, 5, 6]], B = [[7, 8], [9, 10], [11, 12]]: A B = [[58, 64], [139, 154]].
  NDArray A1 = ints(i32, {2, 3}, {1, 2, 3, 4, 5, 6}), B1 = ints(i32, {3, 2}, {7, 8, 9, 10, 11, 12});
  NDArray A2 = A1, B2 = B1;
  NDArray C1 = ints(i32, {2, 2}, {-1, -1, -1, -1}), C2 = C1;
  CoveredRun remap = run_with_coverage(
      matmul_block(R"(vi, vj, vk = T.axis.remap("SSR", [i, j, k]))"), {&A1, &B1, &C1});
  CoveredRun bound = run_with_coverage(matmul_block(R"(vi = T.axis.spatial(2, i * 1)
            vj = T.axis.spatial(2, j * 1)
            vk = T.axis.reduce(3, k * 1))"),
                                       {&A2, &B2, &C2});
  NDArray A3 = A1, B3 = B1, C3 = ints(i32, {2, 2}, {-1, -1, -1, -1});
  CoveredRun plain = run_with_coverage(
      matmul_block(R"(vi, vj, vk = T.axis.remap("SSR", [i, j, k]))"), {&A3, &B3, &C3}, false);
  EXPECT_OK(remap.out);
  EXPECT_OK(bound.out);
  EXPECT_OK(plain.out);
  EXPECT_EQ(int_data(C1), (std::vector<int64_t>{58, 64, 139, 154}));
  EXPECT_EQ(int_data(C2), int_data(C1));
  EXPECT_EQ(int_data(C3), int_data(C1));
  EXPECT_EQ(remap.coverage, plain.coverage);
  // 12 realizations of block C and one of the implicit root block.
  for (const char *rule : {"sem.stmt.blockrealize", "sem.stmt.block"})
    EXPECT_EQ(remap.coverage.at(rule), 13u) << rule;
  EXPECT_EQ(remap.coverage.at("sem.stmt.block.init"), bound.coverage.at("sem.stmt.block.init"));
  // Both read each loop Var once per realization to evaluate the iter values (the Muls by 1 are
  // the bound form's only extra work).
  EXPECT_EQ(remap.coverage.at("sem.expr.var"), bound.coverage.at("sem.expr.var"));
}

} // namespace
} // namespace tirconf
