// Barriers among thread iterations (oracle/eval/barrier.h, [builtin.storage_sync]): the result
// of a program that exchanges data through shared memory between barriers does not depend on the
// order its threads run in, and every way a barrier can go wrong ends in the rule's outcome.
// Expected values are worked out by hand or by a plain loop here.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/eval_helpers.h"

namespace tirconf {
namespace {

using namespace evaltest;

oracle::RunOptions shuffled(uint64_t seed) {
  oracle::RunOptions o;
  o.shuffle_parallel = true;
  o.seed = seed;
  return o;
}

// Each thread of a ty x tx block writes its element of a shared tile, waits, and reads the
// element of the thread at the opposite corner; twice, with the tile rewritten in between.
const char *kOppositeCorner = R"(
@T.prim_func
def main(A: T.Buffer((4, 8), "int32"), B: T.Buffer((4, 8), "int32")):
    S = T.decl_buffer((4, 8), "int32", scope="shared")
    for ty in T.thread_binding(4, thread="threadIdx.y"):
        for tx in T.thread_binding(8, thread="threadIdx.x"):
            S[ty, tx] = A[ty, tx]
            T.tvm_storage_sync("shared")
            t = T.decl_buffer((1,), "int32", scope="local")
            t[0] = S[3 - ty, 7 - tx]
            T.tvm_storage_sync("shared")
            S[ty, tx] = t[0] * 10
            T.tvm_storage_sync("shared")
            B[ty, tx] = S[ty, 7 - tx] + t[0]
)";

TEST(EvalBarrier, NestedThreadLoopsAgreeInEveryOrder) {
  auto m = parse(kOppositeCorner);
  ASSERT_TRUE(m);
  std::vector<int64_t> a(32), b(32);
  for (int64_t k = 0; k < 32; ++k)
    a[static_cast<size_t>(k)] = k * 3 + 1;
  // t[y][x] = A[3 - y][7 - x]; then S = 10 t, and B[y][x] = S[y][7 - x] + t[y][x].
  auto t = [&](int64_t y, int64_t x) { return a[static_cast<size_t>((3 - y) * 8 + (7 - x))]; };
  for (int64_t y = 0; y < 4; ++y)
    for (int64_t x = 0; x < 8; ++x)
      b[static_cast<size_t>(y * 8 + x)] = 10 * t(y, 7 - x) + t(y, x);
  for (uint64_t seed = 0; seed < 12; ++seed) {
    NDArray A = ints(i32, {4, 8}, a), B(i32, {4, 8});
    auto out = run_mod(m, {&A, &B}, seed == 0 ? oracle::RunOptions{} : shuffled(seed));
    ASSERT_TRUE(out.is_ok()) << "seed " << seed << ": " << runtime::to_string(out);
    EXPECT_EQ(int_data(B), b) << "seed " << seed;
  }
}

TEST(EvalBarrier, WithoutTheMiddleBarrierTheRewriteConflicts) {
  std::string src = kOppositeCorner;
  const std::string sync = "            T.tvm_storage_sync(\"shared\")\n";
  const size_t second = src.find(sync, src.find(sync) + 1);
  ASSERT_NE(second, std::string::npos);
  src.erase(second, sync.size());
  for (uint64_t seed = 0; seed < 4; ++seed) {
    NDArray A = ints(i32, {4, 8}, std::vector<int64_t>(32, 1)), B(i32, {4, 8});
    auto out = run_src(src, {&A, &B}, shuffled(seed));
    expect_unspecified(out, UnspecifiedClass::Conflict, "unspec.conflict.thread");
  }
}

// A thread that fails before the barrier never reaches it: the run ends with its error, however
// the others are ordered; two threads failing with different errors is unspecified.
TEST(EvalBarrier, AnErrorBeforeTheBarrierIsTheOutcome) {
  const char *src = R"(
@T.prim_func
def main(A: T.Buffer((4,), "int32"), D: T.Buffer((4,), "int32")):
    S = T.decl_buffer((4,), "int32", scope="shared")
    for tx in T.thread_binding(4, thread="threadIdx.x"):
        S[tx] = A[tx] // D[tx]
        T.tvm_storage_sync("shared")
        A[tx] = S[3 - tx]
)";
  for (uint64_t seed = 0; seed < 6; ++seed) {
    NDArray A = ints(i32, {4}, {8, 9, 10, 11}), D = ints(i32, {4}, {1, 1, 0, 1});
    auto out = run_src(src, {&A, &D}, shuffled(seed));
    expect_error(out, ErrorClass::DivideByZero);
  }
  const char *two = R"(
@T.prim_func
def main(A: T.Buffer((4,), "int32"), D: T.Buffer((4,), "int32")):
    for tx in T.thread_binding(4, thread="threadIdx.x"):
        A[tx] = A[tx] // D[tx]
        assert tx != 1, "thread 1"
        T.tvm_storage_sync("shared")
        A[tx] = A[tx] + 1
)";
  NDArray A = ints(i32, {4}, {8, 9, 10, 11}), D = ints(i32, {4}, {1, 1, 0, 1});
  auto out = run_src(two, {&A, &D});
  expect_unspecified(out, UnspecifiedClass::Any, "unspec.parallel_error");
}

TEST(EvalBarrier, DivergentBarriersAreUnspecified) {
  // Threads wait at two different barriers.
  const char *two_sites = R"(
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for tx in T.thread_binding(4, thread="threadIdx.x"):
        if tx % 2 == 0:
            T.tvm_storage_sync("shared")
        else:
            T.tvm_storage_sync("shared")
        A[tx] = tx
)";
  NDArray A(i32, {4}), A2(i32, {2, 2});
  expect_unspecified(run_src(two_sites, {&A}), UnspecifiedClass::Any, "unspec.barrier");
  // An inner thread of one outer iteration ends while the others wait; the inner group is not
  // released on its own.
  const char *nested = R"(
@T.prim_func
def main(A: T.Buffer((2, 2), "int32")):
    for ty in T.thread_binding(2, thread="threadIdx.y"):
        for tx in T.thread_binding(2, thread="threadIdx.x"):
            if ty + tx < 2:
                T.tvm_storage_sync("shared")
            A[ty, tx] = 1
)";
  expect_unspecified(run_src(nested, {&A2}), UnspecifiedClass::Any, "unspec.barrier");
  // The same count of barriers in every thread, reached in a loop whose trip count differs.
  const char *trips = R"(
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for tx in T.thread_binding(4, thread="threadIdx.x"):
        for k in range(tx):
            T.tvm_storage_sync("shared")
        A[tx] = tx
)";
  expect_unspecified(run_src(trips, {&A}), UnspecifiedClass::Any, "unspec.barrier");
}

// What a barrier waits for is decided while the program runs: a thread loop that calls a
// PrimFunc with a barrier is not a group of threads that wait for one another, and the barrier
// is unspecified rather than passed by each thread alone; at the top level it does nothing.
TEST(EvalBarrier, BarriersOutsideAThreadGroup) {
  const char *callee = R"(
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def sync(x: T.int32) -> T.int32:
        T.tvm_storage_sync("shared")
        return x

    @T.prim_func
    def main(A: T.Buffer((4,), "int32")):
        for tx in T.thread_binding(4, thread="threadIdx.x"):
            A[tx] = Module.sync(tx)
)";
  NDArray A(i32, {4});
  expect_unspecified(run_src(callee, {&A}, {}, "main"), UnspecifiedClass::Any, "unspec.barrier");
  const char *alone = R"(
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    A[0] = 1
    T.tvm_storage_sync("shared")
    A[1] = A[0] + 1
)";
  NDArray B = ints(i32, {4}, {0, 0, 0, 0});
  auto out = run_src(alone, {&B});
  ASSERT_TRUE(out.is_ok()) << runtime::to_string(out);
  EXPECT_EQ(int_data(B), (std::vector<int64_t>{1, 2, 0, 0}));
}

// An outcome that ends the run while other threads wait (here out of bounds in one thread after
// the first barrier, with nested groups waiting) unwinds every waiting thread and the run
// reports that outcome.
TEST(EvalBarrier, AnOutcomeThatEndsTheRunUnwindsWaitingThreads) {
  const char *src = R"(
@T.prim_func
def main(A: T.Buffer((2, 4), "int32")):
    S = T.decl_buffer((2, 4), "int32", scope="shared")
    for ty in T.thread_binding(2, thread="threadIdx.y"):
        for tx in T.thread_binding(4, thread="threadIdx.x"):
            S[ty, tx] = tx
            T.tvm_storage_sync("shared")
            A[ty, tx] = S[ty, tx + ty * tx]
            T.tvm_storage_sync("shared")
)";
  for (uint64_t seed = 0; seed < 4; ++seed) {
    NDArray A(i32, {2, 4});
    expect_unspecified(run_src(src, {&A}, shuffled(seed)), UnspecifiedClass::OutOfBounds,
                       "unspec.oob");
  }
}

} // namespace
} // namespace tirconf
