// The reference interpreter on statements, memory and parallelism (spec "Semantics of
// Statements", "Buffers"): every expected value is worked out by hand or by a plain C++ loop
// written from the spec, never taken from the interpreter's output.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "ir/module.h"
#include "ir/tvmscript/reader.h"
#include "oracle/eval/interpreter.h"
#include "tests/eval_helpers.h"

#pragma GCC diagnostic ignored "-Wunused-function"

namespace tirconf {
namespace {

// ---------------------------------------------------------------- helpers
using namespace evaltest;

std::string tvm_printed_program(const std::string &name) {
  std::ifstream in(std::string(TIRCONF_TVM_PRINTED_DIR) + "/" + name);
  std::stringstream ss;
  ss << in.rdbuf();
  EXPECT_FALSE(ss.str().empty()) << name;
  return ss.str();
}

ir::IRModule parse_shared(const std::string &name) {
  auto r = ir::read_tvmscript(tvm_printed_program(name), name);
  EXPECT_TRUE(r.ok()) << name << ": "
                      << (r.diagnostics.empty() ? "" : ir::format(r.diagnostics[0]));
  return r.module;
}

// ---------------------------------------------------------------- memory

TEST(EvalStmt, OutOfBoundsLoadAndStoreAreUnspecified) {
  NDArray A = ints(i32, {4}, {1, 2, 3, 4});
  auto load = run_src(R"(
@T.prim_func
def f(A: T.Buffer((4,), "int32")):
    for i in range(5):
        A[0] = A[i]
)",
                      {&A});
  expect_unspecified(load, UnspecifiedClass::OutOfBounds, "unspec.oob");
  EXPECT_EQ(load.unspecified().where.file, "t.py");
  EXPECT_EQ(load.unspecified().where.loc.line, 8u);
  auto store = run_src(R"(
@T.prim_func
def f(A: T.Buffer((4,), "int32")):
    A[-1] = 0
)",
                       {&A});
  expect_unspecified(store, UnspecifiedClass::OutOfBounds, "unspec.oob");
  NDArray M = ints(i32, {2, 3}, {0, 0, 0, 0, 0, 0});
  auto inner = run_src(R"(
@T.prim_func
def f(M: T.Buffer((2, 3), "int32")):
    M[0, 3] = 1
)",
                       {&M});
  // Flat index 3 would be inside the allocation; each index is checked on its own.
  expect_unspecified(inner, UnspecifiedClass::OutOfBounds, "unspec.oob");
}

TEST(EvalStmt, ReadingAnUnwrittenAllocBufferIsUninitialized) {
  NDArray B(i32, {4});
  auto o = run_src(R"(
@T.prim_func
def f(B: T.Buffer((4,), "int32")):
    S = T.alloc_buffer((4,), "int32")
    for i in range(3):
        S[i] = i
    for i in range(4):
        B[i] = S[i]
)",
                   {&B});
  expect_unspecified(o, UnspecifiedClass::Uninitialized, "unspec.uninitialized");
  EXPECT_EQ(o.unspecified().where.loc.line, 11u);
}

TEST(EvalStmt, AllocateWithFalseConditionSkipsItsBody) {
  NDArray B = ints(i32, {2}, {7, 7});
  auto o = run_src(R"(
@T.prim_func
def f(B: T.Buffer((2,), "int32")):
    data = T.allocate([2], "int32", "global", T.bool(False))
    S = T.Buffer((2,), "int32", data=data)
    B[0] = S[1]
)",
                   {&B});
  EXPECT_OK(o);
  EXPECT_EQ(int_data(B), (std::vector<int64_t>{7, 7}));
}

TEST(EvalStmt, LayoutDependentViewsAreUnspecified) {
  // Q reads P's allocation as (2, 2): the spec fixes no layout for an Allocate.
  NDArray B(i32, {1});
  auto reshape = run_src(R"(
@T.prim_func
def f(B: T.Buffer((1,), "int32")):
    p = T.allocate([4], "int32", "global")
    P = T.Buffer((4,), "int32", data=p)
    Q = T.Buffer((2, 2), "int32", data=p)
    for i in range(4):
        P[i] = i
    B[0] = Q[1, 1]
)",
                         {&B});
  expect_unspecified(reshape, UnspecifiedClass::Any, "unspec.memory_layout");
  // A caller's tensor has the DLTensor layout: another view of it is well defined.
  NDArray A = ints(i32, {2, 2}, {1, 2, 3, 4});
  NDArray C(i32, {1});
  auto flat = run_src(R"(
@T.prim_func
def f(A: T.Buffer((2, 2), "int32"), C: T.Buffer((1,), "int32")):
    F = T.Buffer((4,), "int32", data=A.data)
    C[0] = F[3]
)",
                      {&A, &C});
  EXPECT_OK(flat);
  EXPECT_EQ(int_data(C), (std::vector<int64_t>{4}));
  // The value bound to a match_buffer's elem_offset is an implementation detail.
  NDArray D(i32, {8});
  NDArray E(i32, {1});
  auto offset = run_src(R"(
@T.prim_func
def f(A: T.Buffer((8,), "int32"), B: T.Buffer((1,), "int32")):
    eo = T.int32()
    with T.block("tile"):
        T.reads(A[2:4])
        T.writes(B[0])
        Asub = T.match_buffer(A[2:4], (2,), "int32", elem_offset=eo)
        B[0] = eo
)",
                        {&D, &E});
  expect_unspecified(offset, UnspecifiedClass::Any, "unspec.match_buffer_layout");
}

TEST(EvalStmt, BufferRealizeAllocatesAFreshBuffer) {
  NDArray B(i32, {4});
  auto o = run_src(R"(
@T.prim_func
def f(B: T.Buffer((4,), "int32")):
    S = T.Buffer((4,), "int32")
    with T.realize(S[0:4], "global"):
        for i in range(4):
            S[i] = i * i
        for i in range(4):
            B[3 - i] = S[i] + 1
)",
                   {&B});
  EXPECT_OK(o);
  EXPECT_EQ(int_data(B), (std::vector<int64_t>{10, 5, 2, 1}));
}

// ---------------------------------------------------------------- control

TEST(EvalStmt, AssertFailsWithItsMessage) {
  NDArray A = ints(i32, {4}, {-1, 2, 3, 4});
  auto ir = parse_shared("ret_scalar.py");
  auto o = run_mod(ir, {&A});
  expect_error(o, ErrorClass::Assert, "sem.stmt.assert");
  EXPECT_EQ(o.error().message, "A[0] must be non-negative");
}

TEST(EvalStmt, AssertWithIntMessagePrintsTheValue) {
  auto m = parse(R"(
@T.prim_func
def f(A: T.Buffer((1,), "int32")):
    T.Assert(A[0] > 0, "positive")
    A[0] = 1
)");
  NDArray A = ints(i32, {1}, {0});
  auto o = run_mod(m, {&A});
  expect_error(o, ErrorClass::Assert);
  EXPECT_EQ(o.error().message, "positive");
  // An int32 message (built directly: TVMScript only writes string messages).
  auto f = m->functions[0].second;
  const auto *assert_stmt = ir::as<ir::AssertStmtNode>(f->body);
  ASSERT_TRUE(assert_stmt);
  auto f2 = std::make_shared<ir::PrimFuncNode>(*f);
  f2->body = std::make_shared<ir::AssertStmtNode>(assert_stmt->condition, ir::make_int32(42),
                                                  assert_stmt->body);
  auto m2 = std::make_shared<ir::IRModuleNode>(*m);
  m2->functions[0].second = f2;
  auto o2 = run_mod(m2, {&A});
  expect_error(o2, ErrorClass::Assert);
  EXPECT_EQ(o2.error().message, "42");
}

TEST(EvalStmt, EvaluateKeepsErrors) {
  NDArray A = ints(i32, {1}, {0});
  auto o = run_src(R"(
@T.prim_func
def f(A: T.Buffer((1,), "int32")):
    T.evaluate(1 // A[0])
)",
                   {&A});
  expect_error(o, ErrorClass::DivideByZero);
}

TEST(EvalStmt, WhileLoopsAndTheStepBudget) {
  NDArray A = ints(i32, {1}, {0});
  const std::string src = R"(
@T.prim_func
def f(A: T.Buffer((1,), "int32"), n: T.int32):
    while A[0] < n:
        A[0] = A[0] + 1
)";
  auto ok = run_src(src, {&A, Value::from_int64(i32, 1000)});
  EXPECT_OK(ok);
  EXPECT_EQ(int_data(A), (std::vector<int64_t>{1000}));
  NDArray B = ints(i32, {1}, {0});
  oracle::RunOptions modest;
  modest.step_limit = 200000;
  auto forever = run_src(R"(
@T.prim_func
def f(A: T.Buffer((1,), "int32")):
    while A[0] >= 0:
        A[0] = 1
)",
                         {&B}, modest);
  expect_error(forever, ErrorClass::Limit, "sem.stmt.limit");
  oracle::RunOptions small;
  small.step_limit = 500;
  NDArray C = ints(i32, {1}, {0});
  auto budget = run_src(src, {&C, Value::from_int64(i32, 1000)}, small);
  expect_error(budget, ErrorClass::Limit, "sem.stmt.limit");
  // A huge serial loop is bounded by the same budget.
  NDArray D = ints(i32, {1}, {0});
  auto huge = run_src(R"(
@T.prim_func
def f(A: T.Buffer((1,), "int32")):
    for i in range(2000000000):
        A[0] = i
)",
                      {&D}, small);
  expect_error(huge, ErrorClass::Limit, "sem.stmt.limit");
}

TEST(EvalStmt, LoopRangePastTheLoopTypeIsUnspecified) {
  // for i: int8 in [120, 130): built directly (TVMScript cannot write the int8 extent 10 with an
  // int8 loop var this way).
  auto i8v = ir::make_var("i", i8);
  auto body = std::make_shared<ir::EvaluateNode>(ir::make_int32(0));
  auto loop = std::make_shared<ir::ForNode>(i8v, ir::make_int(i8, 120), ir::make_int(i8, 10),
                                            ir::ForKind::Serial, body, nullptr, ir::Annotations{},
                                            ir::SourceLoc{3, 5});
  auto f = std::make_shared<ir::PrimFuncNode>();
  f->body = loop;
  auto m = std::make_shared<ir::IRModuleNode>();
  m->is_module = false;
  m->functions.push_back({std::make_shared<ir::GlobalVarNode>(ir::GlobalVarNode{"f", {}}), f});
  auto o = run_mod(m, {});
  expect_unspecified(o, UnspecifiedClass::Overflow, "unspec.loop_range_overflow");
}

// ---------------------------------------------------------------- parallelism

TEST(EvalStmt, ParallelWritesToOneElementConflict) {
  NDArray A(i32, {4});
  auto o = run_src(R"(
@T.prim_func
def f(A: T.Buffer((4,), "int32")):
    for i in T.parallel(4):
        A[0] = i
)",
                   {&A});
  expect_unspecified(o, UnspecifiedClass::Conflict, "unspec.conflict.parallel");
}

TEST(EvalStmt, ParallelReadOfAnotherIterationsWriteConflicts) {
  NDArray A = ints(i32, {5}, {0, 1, 2, 3, 4});
  auto o = run_src(R"(
@T.prim_func
def f(A: T.Buffer((5,), "int32")):
    for i in T.parallel(4):
        A[i] = A[i + 1]
)",
                   {&A});
  expect_unspecified(o, UnspecifiedClass::Conflict, "unspec.conflict.parallel");
  NDArray B = ints(i32, {4}, {0, 1, 2, 3});
  auto own = run_src(R"(
@T.prim_func
def f(A: T.Buffer((4,), "int32")):
    for i in T.parallel(4):
        A[i] = A[i] + A[0] * 0 + 1
)",
                     {&B});
  // Every iteration reads A[0], and iteration 0 writes it: still a conflict.
  expect_unspecified(own, UnspecifiedClass::Conflict, "unspec.conflict.parallel");
}

TEST(EvalStmt, NestedAndVectorizedAndThreadConflicts) {
  NDArray A(i32, {4, 4});
  auto nested = run_src(R"(
@T.prim_func
def f(A: T.Buffer((4, 4), "int32")):
    for i in T.parallel(4):
        for j in T.parallel(4):
            A[j, 0] = i
)",
                        {&A});
  expect_unspecified(nested, UnspecifiedClass::Conflict, "unspec.conflict.parallel");
  NDArray B(i32, {8});
  auto vec = run_src(R"(
@T.prim_func
def f(B: T.Buffer((8,), "int32")):
    for i in T.vectorized(4):
        B[i:i + 4:2] = T.Broadcast(i, 2)
)",
                     {&B});
  expect_unspecified(vec, UnspecifiedClass::Conflict, "unspec.conflict.vectorized");
  NDArray C(i32, {2});
  auto thread = run_src(R"(
@T.prim_func
def f(C: T.Buffer((2,), "int32")):
    for tx in T.thread_binding(4, thread="threadIdx.x"):
        C[tx // 2] = tx
)",
                        {&C});
  expect_unspecified(thread, UnspecifiedClass::Conflict, "unspec.conflict.thread");
}

TEST(EvalStmt, ParallelIterationsFailingDifferentlyAreUnspecified) {
  const std::string src = R"(
@T.prim_func
def f(A: T.Buffer((2,), "int32"), D: T.Buffer((2,), "int32")):
    for i in T.parallel(2):
        assert i == 0 or A[i] > 0, "A[1] must be positive"
        A[i] = A[i] // D[i]
)";
  NDArray A = ints(i32, {2}, {5, -1});
  NDArray D = ints(i32, {2}, {0, 1});
  // Iteration 0 divides by zero, iteration 1 fails the assert.
  expect_unspecified(run_src(src, {&A, &D}), UnspecifiedClass::Any, "unspec.parallel_error");
  // Both divide by zero: the error class is certain whichever is reported.
  NDArray A2 = ints(i32, {2}, {5, 1});
  NDArray D2 = ints(i32, {2}, {0, 0});
  expect_error(run_src(src, {&A2, &D2}), ErrorClass::DivideByZero);
}

TEST(EvalStmt, DisjointParallelWritesAgreeUnderEveryShuffle) {
  const std::string src = R"(
@T.prim_func
def f(A: T.Buffer((64,), "int32"), B: T.Buffer((64,), "int32")):
    S = T.alloc_buffer((64,), "int32")
    for i in T.parallel(8):
        for j in T.parallel(8):
            with T.block("t"):
                T.reads()
                T.writes()
                tmp = T.alloc_buffer((1,), "int32")
                tmp[0] = A[i * 8 + j] * 3
                S[j * 8 + i] = tmp[0] + i
    for i in T.parallel(64):
        B[i] = S[i] - A[0]
)";
  std::vector<int64_t> a(64);
  for (int k = 0; k < 64; ++k)
    a[k] = (k * 37) % 11 - 5;
  std::vector<int64_t> expect(64);
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j)
      expect[j * 8 + i] = a[i * 8 + j] * 3 + i - a[0];
  for (uint64_t seed = 0; seed < 20; ++seed) {
    NDArray A = ints(i32, {64}, a);
    NDArray B(i32, {64});
    oracle::RunOptions o;
    o.shuffle_parallel = true;
    o.seed = seed;
    auto out = run_src(src, {&A, &B}, o);
    EXPECT_OK(out) << seed;
    EXPECT_EQ(int_data(B), expect) << seed;
  }
}

TEST(EvalStmt, ThreadExtentLaunch) {
  auto m = parse_shared("launch.py");
  NDArray A(i32, {32});
  oracle::RunOptions o;
  o.shuffle_parallel = true;
  o.seed = 7;
  auto out = run_mod(m, {&A}, o);
  EXPECT_OK(out);
  std::vector<int64_t> expect(32);
  for (int i = 0; i < 32; ++i)
    expect[i] = i;
  EXPECT_EQ(int_data(A), expect);
}

// ---------------------------------------------------------------- blocks

TEST(EvalStmt, MatmulReductionMatchesANaiveLoop) {
  auto m = parse_shared("matmul.py");
  std::vector<double> a(256), b(256);
  for (int k = 0; k < 256; ++k) {
    a[k] = static_cast<float>(((k * 37) % 19) * 0.37f - 2.5f);
    b[k] = static_cast<float>(((k * 11) % 23) * 0.11f - 1.25f);
  }
  NDArray A = floats(f32, {16, 16}, a);
  NDArray B = floats(f32, {16, 16}, b);
  NDArray C = floats(f32, {16, 16}, std::vector<double>(256, 99.0)); // init must overwrite
  auto out = run_mod(m, {&A, &B, &C});
  EXPECT_OK(out);
  // C[i, j] = sum_k A[i, k] * B[j, k], accumulated in float32 in increasing k (the serial order).
  std::vector<double> expect(256);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      float c = 0.0f;
      for (int k = 0; k < 16; ++k) {
        float p = static_cast<float>(a[i * 16 + k]) * static_cast<float>(b[j * 16 + k]);
        c = c + p;
      }
      expect[i * 16 + j] = c;
    }
  EXPECT_EQ(float_data(C), expect);
}

TEST(EvalStmt, LargerMatmulRunsQuickly) {
  // 48^3 block instances: a guard against accidental quadratic costs in the interpreter.
  std::string src = tvm_printed_program("matmul.py");
  for (std::string::size_type at; (at = src.find("16")) != std::string::npos;)
    src.replace(at, 2, "48");
  auto r = ir::read_tvmscript(src, "matmul48.py");
  ASSERT_TRUE(r.ok());
  std::vector<double> ones(48 * 48, 1.0);
  NDArray A = floats(f32, {48, 48}, ones), B = floats(f32, {48, 48}, ones);
  NDArray C(f32, {48, 48});
  auto out = run_mod(r.module, {&A, &B, &C});
  EXPECT_OK(out);
  EXPECT_EQ(float_data(C), std::vector<double>(48 * 48, 48.0));
}

TEST(EvalStmt, MatchBufferTiles) {
  auto m = parse_shared("match_in_block.py");
  std::vector<double> a(256), expect(256);
  for (int k = 0; k < 256; ++k) {
    a[k] = k * 0.5;
    expect[k] = k * 0.5 + 1.0;
  }
  NDArray A = floats(f32, {16, 16}, a);
  NDArray B(f32, {16, 16});
  auto out = run_mod(m, {&A, &B});
  EXPECT_OK(out);
  EXPECT_EQ(float_data(B), expect);
}

TEST(EvalStmt, MatchBufferWithFewerDimensionsAndOutsideItsRegion) {
  NDArray A = ints(i32, {2, 3, 4}, std::vector<int64_t>(24, 0));
  const std::string src = R"(
@T.prim_func
def f(A: T.Buffer((2, 3, 4), "int32")):
    for i in range(2):
        with T.block("row"):
            vi = T.axis.spatial(2, i)
            T.reads()
            T.writes(A[vi, 1, 0:4])
            R = T.match_buffer(A[vi, 1, 0:4], (4,), "int32")
            for k in range(LIMIT):
                R[k] = vi * 10 + k
)";
  auto replace = [&](const std::string &limit) {
    std::string s = src;
    s.replace(s.find("LIMIT"), 5, limit);
    return s;
  };
  auto ok = run_src(replace("4"), {&A});
  EXPECT_OK(ok);
  std::vector<int64_t> expect(24, 0);
  for (int k = 0; k < 4; ++k) {
    expect[0 * 12 + 1 * 4 + k] = k;
    expect[1 * 12 + 1 * 4 + k] = 10 + k;
  }
  EXPECT_EQ(int_data(A), expect);
  NDArray A2 = ints(i32, {2, 3, 4}, std::vector<int64_t>(24, 0));
  auto outside = run_src(replace("5"), {&A2});
  expect_unspecified(outside, UnspecifiedClass::OutOfBounds, "unspec.match_buffer_outside_region");
}

TEST(EvalStmt, BlockAllocBufferAndReductionInit) {
  auto m = parse_shared("blk_alloc.py");
  std::vector<double> a(64);
  for (int k = 0; k < 64; ++k)
    a[k] = (k % 9) - 4.0;
  NDArray A = floats(f32, {8, 8}, a);
  NDArray B(f32, {8});
  auto out = run_mod(m, {&A, &B});
  EXPECT_OK(out);
  std::vector<double> expect(8);
  for (int i = 0; i < 8; ++i) {
    float s = 0.0f;
    for (int j = 0; j < 8; ++j)
      s = s + static_cast<float>(a[i * 8 + j]);
    expect[i] = s > 0.0f ? s : 0.0f;
  }
  EXPECT_EQ(float_data(B), expect);
}

TEST(EvalStmt, NonReductionInitRunsEveryTime) {
  NDArray A(i32, {4});
  auto o = run_src(R"(
@T.prim_func
def f(A: T.Buffer((4,), "int32")):
    for i in range(4):
        with T.block("b"):
            vi = T.axis.spatial(4, i)
            T.reads()
            T.writes(A[vi])
            with T.init():
                A[vi] = 5
            A[vi] = A[vi] * vi
)",
                   {&A});
  EXPECT_OK(o);
  EXPECT_EQ(int_data(A), (std::vector<int64_t>{0, 5, 10, 15}));
}

TEST(EvalStmt, FalseBlockPredicateIsAmbiguous) {
  auto m = parse_shared("predicate_and_where.py");
  NDArray A = floats(f32, {10}, std::vector<double>(10, 1.0));
  NDArray B(f32, {10});
  auto out = run_mod(m, {&A, &B});
  expect_unspecified(out, UnspecifiedClass::Ambiguous, "unspec.block_predicate_false");
}

} // namespace
} // namespace tirconf
