// The reference interpreter on PrimExprs (spec "Evaluating PrimExprs" and "Builtin Calls"): every
// expected value here is worked out by hand from the spec and the rule catalog's readings, never
// taken from the interpreter's output.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "ir/mutator.h"
#include "ir/tvmscript/reader.h"
#include "oracle/eval/interpreter.h"
#include "tests/eval_helpers.h"

#pragma GCC diagnostic ignored "-Wunused-function"

namespace tirconf {
namespace {

// ---------------------------------------------------------------- helpers
using namespace evaltest;

// ---------------------------------------------------------------- leaves, Var, Let

TEST(EvalExpr, LeavesVarAndLet) {
  auto o = [] {
    NDArray B(i32, {3});
    NDArray C(f32, {1});
    auto out = run_src(R"(
@T.prim_func
def f(B: T.Buffer((3,), "int32"), C: T.Buffer((1,), "float32"), n: T.int32):
    v = T.int32()
    B[0] = n
    B[1] = T.Let(v * v + 1, where={v: n + 2})
    B[2] = T.int32(-5)
    C[0] = T.float32(0.1)
    T.evaluate("a string")
)",
                       {&B, &C, Value::from_int64(i32, 4)});
    EXPECT_OK(out);
    EXPECT_EQ(int_data(B), (std::vector<int64_t>{4, 37, -5}));
    // [sem.expr.floatimm] 0.1 rounded once to float32.
    EXPECT_EQ(float_data(C)[0], static_cast<double>(0.1f));
    return out;
  }();
  (void)o;
}

// ---------------------------------------------------------------- integer arithmetic

struct WrapCase {
  DataType t;
  std::vector<int64_t> in; // a0 + a1, a2 - a3, a4 * a5 (as bit patterns)
  std::vector<uint64_t> out;
};

TEST(EvalExpr, IntegerArithmeticWrapsAtEveryWidth) {
  const int64_t imin = std::numeric_limits<int64_t>::min(),
                imax = std::numeric_limits<int64_t>::max();
  const std::vector<WrapCase> cases = {
      {i8, {127, 1, -128, 1, 64, 2}, {0x80, 0x7f, 0x80}},
      {u8, {255, 1, 0, 1, 16, 16}, {0, 255, 0}},
      {i16, {32767, 1, -32768, 1, 256, 128}, {0x8000, 0x7fff, 0x8000}},
      {u16, {65535, 1, 0, 1, 256, 256}, {0, 65535, 0}},
      {i32,
       {2147483647, 1, -2147483648LL, 1, 65536, 32768},
       {0x80000000u, 0x7fffffffu, 0x80000000u}},
      {u32, {4294967295LL, 1, 0, 1, 65536, 65536}, {0, 4294967295u, 0}},
      {i64,
       {imax, 1, imin, 1, int64_t{1} << 32, int64_t{1} << 31},
       {uint64_t{1} << 63, (uint64_t{1} << 63) - 1, uint64_t{1} << 63}},
      {u64, {-1, 1, 0, 1, int64_t{1} << 32, int64_t{1} << 32}, {0, ~uint64_t{0}, 0}},
  };
  for (const auto &c : cases) {
    std::string dt = ir::to_string(c.t);
    NDArray A = ints(c.t, {6}, c.in);
    NDArray B(c.t, {3});
    auto o = run_src(R"(
@T.prim_func
def f(A: T.Buffer((6,), ")" +
                         dt + R"("), B: T.Buffer((3,), ")" + dt + R"(")):
    B[0] = A[0] + A[1]
    B[1] = A[2] - A[3]
    B[2] = A[4] * A[5]
)",
                     {&A, &B});
    EXPECT_OK(o) << dt;
    EXPECT_EQ(bits_data(B), c.out) << dt;
  }
}

TEST(EvalExpr, DivModFloorDivFloorModSigns) {
  // (a, b) = (7, 2), (-7, 2), (7, -2), (-7, -2)
  NDArray A = ints(i32, {4}, {7, -7, 7, -7});
  NDArray C = ints(i32, {4}, {2, 2, -2, -2});
  NDArray D(i32, {16});
  auto o = run_src(R"(
@T.prim_func
def f(A: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32"), D: T.Buffer((16,), "int32")):
    for i in range(4):
        D[i] = T.Div(A[i], C[i])
        D[4 + i] = T.truncmod(A[i], C[i])
        D[8 + i] = A[i] // C[i]
        D[12 + i] = A[i] % C[i]
)",
                   {&A, &C, &D});
  EXPECT_OK(o);
  EXPECT_EQ(int_data(D), (std::vector<int64_t>{3, -3, -3, 3,    // Div truncates
                                               1, -1, 1, -1,    // Mod has the sign of x
                                               3, -4, -4, 3,    // FloorDiv rounds down
                                               1, 1, -1, -1})); // FloorMod has the sign of y
}

TEST(EvalExpr, UnsignedDivision) {
  NDArray A = ints(u8, {2}, {250, 7});
  NDArray B(u8, {4});
  auto o = run_src(R"(
@T.prim_func
def f(A: T.Buffer((2,), "uint8"), B: T.Buffer((4,), "uint8")):
    B[0] = A[0] // A[1]
    B[1] = A[0] % A[1]
    B[2] = T.Div(A[0], A[1])
    B[3] = T.min(A[0], A[1]) + T.max(A[0], A[1])
)",
                   {&A, &B});
  EXPECT_OK(o);
  EXPECT_EQ(int_data(B), (std::vector<int64_t>{35, 5, 35, 1})); // 257 wraps to 1
}

TEST(EvalExpr, IntegerDivisionByZeroIsAnError) {
  for (std::string op :
       {"T.Div(A[0], A[1])", "T.truncmod(A[0], A[1])", "A[0] // A[1]", "A[0] % A[1]"}) {
    NDArray A = ints(i32, {2}, {5, 0});
    NDArray B(i32, {1});
    auto o = run_src(R"(
@T.prim_func
def f(A: T.Buffer((2,), "int32"), B: T.Buffer((1,), "int32")):
    B[0] = )" + op + "\n",
                     {&A, &B});
    expect_error(o, ErrorClass::DivideByZero);
    EXPECT_FALSE(o.error().rule.empty()) << op;
    EXPECT_EQ(o.error().where.loc.line, 7u) << op;
  }
}

TEST(EvalExpr, IntMinDividedByMinusOneIsUnspecifiedOverflow) {
  for (std::string op :
       {"T.Div(A[0], A[1])", "T.truncmod(A[0], A[1])", "A[0] // A[1]", "A[0] % A[1]"}) {
    for (DataType t : {i8, i32, i64}) {
      std::string dt = ir::to_string(t);
      NDArray A = ints(t, {2},
                       {t == i8    ? -128
                        : t == i32 ? -2147483648LL
                                   : std::numeric_limits<int64_t>::min(),
                        -1});
      NDArray B(t, {1});
      auto o = run_src(R"(
@T.prim_func
def f(A: T.Buffer((2,), ")" +
                           dt + R"("), B: T.Buffer((1,), ")" + dt + R"(")):
    B[0] = )" + op + "\n",
                       {&A, &B});
      expect_unspecified(o, UnspecifiedClass::Overflow, "unspec.int_min_div");
    }
  }
}

// ---------------------------------------------------------------- float arithmetic

TEST(EvalExpr, Float16AndBFloat16RoundToNearestEven) {
  // float16: ulp(1) = 2^-10. 1 + 2^-11 is a tie -> 1 (even); 1 + 3 * 2^-11 is a tie -> 1 + 2^-9.
  // 60000 + 10000 is past 65520 (the midpoint above 65504) -> inf. 0.1 -> 1638 / 16384.
  NDArray A = floats(f16, {6}, {1.0, 0.00048828125, 1.0, 0.00146484375, 60000.0, 10000.0});
  NDArray B(f16, {4});
  // bfloat16: ulp(1) = 2^-7. 1 + 2^-8 -> 1; 1 + 3 * 2^-8 -> 1 + 2^-6. 3.0 * 1.0078125 = 3.0234375
  // lies between 3.015625 and 3.03125, at 0.5 ulp + 0.0078125 / 4 ... exactly: 3.0234375 is the
  // midpoint of 3.015625 and 3.03125 -> even -> 3.03125 (mantissa 0b1000010 vs 0b1000001).
  NDArray C = floats(bf16, {6}, {1.0, 0.00390625, 1.0, 0.01171875, 3.0, 1.0078125});
  NDArray D(bf16, {3});
  auto o = run_src(R"(
@T.prim_func
def f(A: T.Buffer((6,), "float16"), B: T.Buffer((4,), "float16"), C: T.Buffer((6,), "bfloat16"), D: T.Buffer((3,), "bfloat16")):
    B[0] = A[0] + A[1]
    B[1] = A[2] + A[3]
    B[2] = A[4] + A[5]
    B[3] = T.float16(0.1)
    D[0] = C[0] + C[1]
    D[1] = C[2] + C[3]
    D[2] = C[4] * C[5]
)",
                   {&A, &B, &C, &D});
  EXPECT_OK(o);
  auto b = float_data(B);
  EXPECT_EQ(b[0], 1.0);
  EXPECT_EQ(b[1], 1.001953125);
  EXPECT_TRUE(std::isinf(b[2]) && b[2] > 0);
  EXPECT_EQ(b[3], 0.0999755859375);
  EXPECT_EQ(float_data(D), (std::vector<double>{1.0, 1.015625, 3.03125}));
}

TEST(EvalExpr, FloatComparisonsFollowIeee) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  NDArray A = floats(f32, {4}, {nan, 1.0, -0.0, 0.0});
  NDArray B(b1, {6});
  auto o = run_src(R"(
@T.prim_func
def f(A: T.Buffer((4,), "float32"), B: T.Buffer((6,), "bool")):
    B[0] = A[0] == A[0]
    B[1] = A[0] != A[0]
    B[2] = A[0] < A[1]
    B[3] = A[0] >= A[1]
    B[4] = A[2] == A[3]
    B[5] = A[2] < A[3]
)",
                   {&A, &B});
  EXPECT_OK(o);
  EXPECT_EQ(int_data(B), (std::vector<int64_t>{0, 1, 0, 0, 1, 0}));
}

TEST(EvalExpr, FloatMinMaxWithNaNIsUnspecified) {
  NDArray A = floats(f32, {2}, {std::numeric_limits<double>::quiet_NaN(), 1.0});
  NDArray B(f32, {1});
  auto o = run_src(R"(
@T.prim_func
def f(A: T.Buffer((2,), "float32"), B: T.Buffer((1,), "float32")):
    B[0] = T.min(A[0], A[1])
)",
                   {&A, &B});
  expect_unspecified(o, UnspecifiedClass::Ambiguous, "unspec.float_minmax_nan");
}

// ---------------------------------------------------------------- Cast

TEST(EvalExpr, CastsFollowStaticCast) {
  NDArray A = ints(i8, {1}, {-1});
  NDArray B = ints(i32, {3}, {300, 16777217, 16777219});
  NDArray U(u32, {1});
  NDArray V(u8, {2});
  NDArray W(f32, {3});
  NDArray X(i32, {2});
  NDArray Y(b1, {4});
  NDArray Z(i64, {2});
  auto o = run_src(R"(
@T.prim_func
def f(A: T.Buffer((1,), "int8"), B: T.Buffer((3,), "int32"), U: T.Buffer((1,), "uint32"), V: T.Buffer((2,), "uint8"), W: T.Buffer((3,), "float32"), X: T.Buffer((2,), "int32"), Y: T.Buffer((4,), "bool"), Z: T.Buffer((2,), "int64")):
    U[0] = T.Cast("uint32", A[0])
    V[0] = T.Cast("uint8", B[0])
    V[1] = T.Cast("uint8", T.float32(-0.9))
    W[0] = T.Cast("float32", B[1])
    W[1] = T.Cast("float32", B[2])
    W[2] = T.Cast("float32", T.float64(1e39))
    X[0] = T.Cast("int32", T.float32(-2.7))
    X[1] = T.Cast("int32", T.Cast("int8", T.uint8(200)))
    Y[0] = T.Cast("bool", T.float32(0.0))
    Y[1] = T.Cast("bool", T.float32(-0.0))
    Y[2] = T.Cast("bool", T.int32(2))
    Y[3] = T.Cast("bool", T.float32(0.5))
    Z[0] = T.Cast("int64", A[0])
    Z[1] = T.Cast("int64", U[0])
)",
                   {&A, &B, &U, &V, &W, &X, &Y, &Z});
  EXPECT_OK(o);
  EXPECT_EQ(bits_data(U), (std::vector<uint64_t>{4294967295u})); // int8 -1 -> uint32
  EXPECT_EQ(int_data(V), (std::vector<int64_t>{44, 0}));         // 300 mod 256; trunc(-0.9) = 0
  auto w = float_data(W);
  EXPECT_EQ(w[0], 16777216.0); // tie -> even
  EXPECT_EQ(w[1], 16777220.0); // tie -> even
  EXPECT_TRUE(std::isinf(w[2]));
  EXPECT_EQ(int_data(X), (std::vector<int64_t>{-2, -56}));
  EXPECT_EQ(int_data(Y), (std::vector<int64_t>{0, 0, 1, 1}));
  EXPECT_EQ(int_data(Z), (std::vector<int64_t>{-1, 4294967295LL}));
}

TEST(EvalExpr, FloatToIntOutOfRangeIsUnspecifiedOverflow) {
  for (std::string e : {"T.Cast(\"int32\", T.float32(3e9))", "T.Cast(\"uint8\", T.float32(300.0))",
                        "T.Cast(\"uint8\", T.float32(-1.0))", "T.Cast(\"int32\", A[0])"}) {
    NDArray A = floats(f32, {1}, {std::numeric_limits<double>::quiet_NaN()});
    NDArray B(i32, {1});
    auto o = run_src(R"(
@T.prim_func
def f(A: T.Buffer((1,), "float32"), B: T.Buffer((1,), "int32")):
    B[0] = T.Cast("int32", )" +
                         e + ")\n",
                     {&A, &B});
    expect_unspecified(o, UnspecifiedClass::Overflow, "unspec.float_to_int_range");
  }
}

// ---------------------------------------------------------------- Select, logical ops

TEST(EvalExpr, SelectEvaluatesBothArms) {
  NDArray A = ints(i32, {2}, {6, 3});
  NDArray C = ints(i32, {2}, {2, 0});
  NDArray B(i32, {2});
  auto o = run_src(R"(
@T.prim_func
def f(A: T.Buffer((2,), "int32"), C: T.Buffer((2,), "int32"), B: T.Buffer((2,), "int32")):
    for i in range(2):
        B[i] = T.Select(C[i] != 0, A[i] // C[i], -1)
)",
                   {&A, &C, &B});
  // [sem.expr.select] i = 1 divides by zero in the arm that is not chosen: still an error.
  expect_error(o, ErrorClass::DivideByZero);
}

TEST(EvalExpr, IfThenElseEvaluatesOnlyTheChosenArm) {
  NDArray A = ints(i32, {2}, {6, 3});
  NDArray C = ints(i32, {2}, {2, 0});
  NDArray B(i32, {2});
  auto o = run_src(R"(
@T.prim_func
def f(A: T.Buffer((2,), "int32"), C: T.Buffer((2,), "int32"), B: T.Buffer((2,), "int32")):
    for i in range(2):
        B[i] = T.if_then_else(C[i] != 0, A[i] // C[i], -1)
)",
                   {&A, &C, &B});
  EXPECT_OK(o);
  EXPECT_EQ(int_data(B), (std::vector<int64_t>{3, -1}));
}

TEST(EvalExpr, VectorSelectPicksLaneByLane) {
  NDArray A = ints(i32, {8}, {1, 9, 3, 9, 5, 0, 7, 0});
  NDArray B(i32, {4});
  auto o = run_src(R"(
@T.prim_func
def f(A: T.Buffer((8,), "int32"), B: T.Buffer((4,), "int32")):
    B[0:4] = T.Select(A[0:8:2] < A[1:8:2], A[0:8:2], A[1:8:2])
)",
                   {&A, &B});
  EXPECT_OK(o);
  EXPECT_EQ(int_data(B), (std::vector<int64_t>{1, 3, 0, 0}));
}

TEST(EvalExpr, ScalarAndOrShortCircuit) {
  NDArray A = ints(i32, {3}, {6, 3, 0});
  NDArray C = ints(i32, {3}, {2, 0, 0});
  NDArray B(i32, {6});
  auto o = run_src(R"(
@T.prim_func
def f(A: T.Buffer((3,), "int32"), C: T.Buffer((3,), "int32"), B: T.Buffer((6,), "int32")):
    for i in range(3):
        B[i] = T.Select(C[i] != 0 and A[i] // C[i] > 2, 1, 0)
        B[3 + i] = T.Select(C[i] == 0 or A[i] // C[i] > 2, 1, 0)
)",
                   {&A, &C, &B});
  EXPECT_OK(o);
  EXPECT_EQ(int_data(B), (std::vector<int64_t>{1, 0, 0, 1, 1, 1}));
}

TEST(EvalExpr, ScalarAndEvaluatesItsSecondOperandWhenNeeded) {
  NDArray A = ints(i32, {1}, {6});
  NDArray C = ints(i32, {1}, {0});
  NDArray B(i32, {1});
  auto o = run_src(R"(
@T.prim_func
def f(A: T.Buffer((1,), "int32"), C: T.Buffer((1,), "int32"), B: T.Buffer((1,), "int32")):
    B[0] = T.Select(C[0] == 0 and A[0] // C[0] > 2, 1, 0)
)",
                   {&A, &C, &B});
  expect_error(o, ErrorClass::DivideByZero);
}

TEST(EvalExpr, NotAndVectorLogic) {
  NDArray A = ints(i32, {8}, {1, 2, 3, 4, 4, 3, 2, 1});
  NDArray B(b1, {8});
  NDArray C(b1, {1});
  auto o = run_src(R"(
@T.prim_func
def f(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "bool"), C: T.Buffer((1,), "bool")):
    B[0:4] = T.And(A[0:4] < A[4:8], A[0:4] != T.Broadcast(1, 4))
    B[4:8] = T.Or(A[0:4] > A[4:8], A[0:4] == T.Broadcast(1, 4))
    C[0] = T.Not(A[0] == 1)
)",
                   {&A, &B, &C});
  EXPECT_OK(o);
  EXPECT_EQ(int_data(B), (std::vector<int64_t>{0, 1, 0, 0, 1, 0, 1, 1}));
  EXPECT_EQ(int_data(C), (std::vector<int64_t>{0}));
}

// ---------------------------------------------------------------- vectors

TEST(EvalExpr, RampBroadcastAndStridedVectorAccess) {
  NDArray A = ints(i32, {8}, {0, 10, 20, 30, 40, 50, 60, 70});
  NDArray B(i32, {8});
  auto o = run_src(R"(
@T.prim_func
def f(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
    B[0:4] = A[0:8:2] + T.Broadcast(1, 4)
    B[4:8] = T.Ramp(5, -2, 4) * T.Broadcast(A[1], 4)
)",
                   {&A, &B});
  EXPECT_OK(o);
  EXPECT_EQ(int_data(B), (std::vector<int64_t>{1, 21, 41, 61, 50, 30, 10, -10}));
}

TEST(EvalExpr, VectorDtypeBuffers) {
  NDArray A = ints(i32, {8}, {1, 2, 3, 4, 5, 6, 7, 8});
  NDArray C(i32.with_lanes(4), {2});
  NDArray D(i32, {8});
  NDArray E(i32.with_lanes(4), {2});
  auto o = run_src(R"(
@T.prim_func
def f(A: T.Buffer((8,), "int32"), C: T.Buffer((2,), "int32x4"), D: T.Buffer((8,), "int32"), E: T.Buffer((2,), "int32x4")):
    C[0] = A[4:8]
    C[1] = A[0:4]
    D[0:8] = C[T.Ramp(0, 1, 2)]
    E[T.Ramp(1, -1, 2)] = A[0:8]
)",
                   {&A, &C, &D, &E});
  EXPECT_OK(o);
  EXPECT_EQ(int_data(C), (std::vector<int64_t>{5, 6, 7, 8, 1, 2, 3, 4}));
  // [sem.expr.bufferload.vector] element lanes concatenated in index-lane order.
  EXPECT_EQ(int_data(D), (std::vector<int64_t>{5, 6, 7, 8, 1, 2, 3, 4}));
  // [sem.stmt.bufferstore.vector] chunk j (4 lanes) to index lane j: E[1] = A[0:4], E[0] = A[4:8].
  EXPECT_EQ(int_data(E), (std::vector<int64_t>{5, 6, 7, 8, 1, 2, 3, 4}));
}

TEST(EvalExpr, ShuffleIndexesTheConcatenation) {
  NDArray A = ints(i32, {8}, {0, 1, 2, 3, 4, 5, 6, 7});
  NDArray B(i32, {8});
  auto o = run_src(R"(
@T.prim_func
def f(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
    B[0:8] = T.Shuffle([A[0:4] * T.Broadcast(10, 4), A[4:8]], [7, 0, 5, 2, 1, 6, 3, 4])
)",
                   {&A, &B});
  EXPECT_OK(o);
  // The concatenation is [0, 10, 20, 30, 4, 5, 6, 7].
  EXPECT_EQ(int_data(B), (std::vector<int64_t>{7, 0, 5, 20, 10, 6, 30, 4}));
}

// ---------------------------------------------------------------- builtins

TEST(EvalExpr, BitwiseAndShiftBuiltins) {
  NDArray A = ints(i8, {2}, {-128, 0x5a});
  NDArray U = ints(u8, {1}, {128});
  NDArray B(i8, {7});
  NDArray V(u8, {2});
  auto o = run_src(R"(
@T.prim_func
def f(A: T.Buffer((2,), "int8"), U: T.Buffer((1,), "uint8"), B: T.Buffer((7,), "int8"), V: T.Buffer((2,), "uint8")):
    B[0] = T.shift_right(A[0], T.int8(1))
    B[1] = T.shift_left(A[1], T.int8(1))
    B[2] = T.bitwise_and(A[1], T.int8(15))
    B[3] = T.bitwise_or(A[1], T.int8(1))
    B[4] = T.bitwise_xor(A[1], T.int8(-1))
    B[5] = T.bitwise_not(A[1])
    B[6] = T.popcount(A[0])
    V[0] = T.shift_right(U[0], T.uint8(1))
    V[1] = T.shift_left(U[0], T.uint8(1))
)",
                   {&A, &U, &B, &V});
  EXPECT_OK(o);
  // -128 >> 1 fills with the sign: -64. 0x5a << 1 = 0xb4 = -76. 0x5a & 15 = 10; | 1 = 0x5b = 91;
  // ^ -1 = ~0x5a = -91; popcount(0x80) = 1.
  EXPECT_EQ(int_data(B), (std::vector<int64_t>{-64, -76, 10, 91, -91, -91, 1}));
  EXPECT_EQ(int_data(V), (std::vector<int64_t>{64, 0}));
}

TEST(EvalExpr, ShiftByTheBitWidthIsUnspecified) {
  NDArray A = ints(i8, {2}, {1, 8});
  NDArray B(i8, {1});
  auto o = run_src(R"(
@T.prim_func
def f(A: T.Buffer((2,), "int8"), B: T.Buffer((1,), "int8")):
    B[0] = T.shift_left(A[0], A[1])
)",
                   {&A, &B});
  expect_unspecified(o, UnspecifiedClass::Overflow, "unspec.shift_amount");
}

TEST(EvalExpr, ExactMathBuiltins) {
  NDArray A = floats(f32, {1}, {2.0});
  NDArray B(f32, {11});
  NDArray H(f16, {1});
  NDArray Y(b1, {3});
  auto o = run_src(R"(
@T.prim_func
def f(A: T.Buffer((1,), "float32"), B: T.Buffer((11,), "float32"), H: T.Buffer((1,), "float16"), Y: T.Buffer((3,), "bool")):
    B[0] = T.sqrt(A[0])
    B[1] = T.floor(T.float32(-0.5))
    B[2] = T.round(T.float32(2.5))
    B[3] = T.round(T.float32(-2.5))
    B[4] = T.nearbyint(T.float32(2.5))
    B[5] = T.fmod(T.float32(5.5), A[0])
    B[6] = T.copysign(T.float32(3.0), T.float32(-0.0))
    B[7] = T.trunc(T.float32(-2.7))
    B[8] = T.ceil(T.float32(-0.5))
    B[9] = T.fabs(T.float32(-2.0))
    B[10] = T.exp(T.float32(0.0))
    H[0] = T.sqrt(T.float16(2.0))
    Y[0] = T.isnan(T.sqrt(T.float32(-1.0)))
    Y[1] = T.isinf(T.log(T.float32(0.0)))
    Y[2] = T.isfinite(A[0])
)",
                   {&A, &B, &H, &Y});
  EXPECT_OK(o);
  auto b = float_data(B);
  EXPECT_EQ(b[0], static_cast<double>(1.41421353816986083984375f)); // sqrt(2) rounded to float32
  EXPECT_EQ(b[1], -1.0); // floor(-0.5) (builtins.yaml's "floor(-0.5) is -0.0" is a slip)
  EXPECT_EQ(b[2], 3.0);
  EXPECT_EQ(b[3], -3.0);
  EXPECT_EQ(b[4], 2.0);
  EXPECT_EQ(b[5], 1.5);
  EXPECT_EQ(b[6], -3.0);
  EXPECT_EQ(b[7], -2.0);
  EXPECT_TRUE(b[8] == 0.0 && std::signbit(b[8]));
  EXPECT_EQ(b[9], 2.0);
  EXPECT_EQ(b[10], 1.0);
  EXPECT_EQ(float_data(H)[0], 1.4140625); // 1 + 424/1024: sqrt(2) rounded to float16
  EXPECT_EQ(int_data(Y), (std::vector<int64_t>{1, 1, 1}));
}

// ---------------------------------------------------------------- builtins TVMScript cannot spell
// here

// Renames calls: a call of `from` becomes a call of `to` with dtype `t` (same arguments).
class RenameCall : public ir::IRMutator {
public:
  RenameCall(std::string from, std::string to, DataType t)
      : from_(std::move(from)), to_(std::move(to)), t_(t) {}
  using ir::IRMutator::VisitExpr_;
  ir::PrimExpr VisitExpr_(const ir::CallNode *op) override {
    ir::PrimExpr e = ir::IRMutator::VisitExpr_(op);
    const auto *c = ir::as<ir::CallNode>(e);
    if (!c || c->op != from_)
      return e;
    return std::make_shared<ir::CallNode>(t_, to_, nullptr, c->args, c->loc);
  }

private:
  std::string from_, to_;
  DataType t_;
};

ir::IRModule rename(const ir::IRModule &m, const std::string &from, const std::string &to,
                    DataType t) {
  auto out = std::make_shared<ir::IRModuleNode>(*m);
  for (auto &[gv, f] : out->functions) {
    auto g = std::make_shared<ir::PrimFuncNode>(*f);
    RenameCall r(from, to, t);
    g->body = r.VisitStmt(f->body);
    f = g;
  }
  return out;
}

TEST(EvalExpr, ReinterpretLdexpNextafter) {
  // The reader does not spell these three builtins: popcount, copysign and hypot calls are renamed
  // (the checker leaves ops it does not know alone).
  NDArray F = floats(f32, {3}, {1.0, 3.0, 2.0});
  NDArray E = ints(i32, {1}, {-1});
  NDArray A(i32, {1});
  NDArray G(f32, {4});
  auto m2 = parse(R"(
@T.prim_func
def f(F: T.Buffer((3,), "float32"), E: T.Buffer((1,), "int32"), A: T.Buffer((1,), "int32"), G: T.Buffer((4,), "float32")):
    A[0] = T.popcount(F[0])
    G[0] = T.copysign(F[0], E[0])
    G[1] = T.copysign(F[1], E[0])
    G[2] = T.hypot(F[0], F[2])
    G[3] = T.hypot(F[1], F[1])
)");
  m2 = rename(m2, "tir.popcount", "tir.reinterpret", i32);
  m2 = rename(m2, "tir.copysign", "tir.ldexp", f32);
  m2 = rename(m2, "tir.hypot", "tir.nextafter", f32);
  auto o = run_mod(m2, {&F, &E, &A, &G});
  EXPECT_OK(o);
  EXPECT_EQ(int_data(A), (std::vector<int64_t>{0x3f800000})); // float32 1.0
  auto g = float_data(G);
  EXPECT_EQ(g[0], 0.5);                        // ldexp(1, -1)
  EXPECT_EQ(g[1], 1.5);                        // ldexp(3, -1)
  EXPECT_EQ(g[2], 1.0 + std::ldexp(1.0, -23)); // next float32 after 1 toward 2
  EXPECT_EQ(g[3], 3.0);                        // nextafter(x, x) = x
  // float16: nextafter(1, 2) = 1 + 2^-10, nextafter(0, -1) = -2^-24 (the smallest subnormal).
  auto m3 = parse(R"(
@T.prim_func
def f(H: T.Buffer((2,), "float16")):
    H[0] = T.hypot(T.float16(1.0), T.float16(2.0))
    H[1] = T.hypot(T.float16(0.0), T.float16(-1.0))
)");
  m3 = rename(m3, "tir.hypot", "tir.nextafter", f16);
  NDArray H2(f16, {2});
  o = run_mod(m3, {&H2});
  EXPECT_OK(o);
  EXPECT_EQ(float_data(H2),
            (std::vector<double>{1.0 + std::ldexp(1.0, -10), -std::ldexp(1.0, -24)}));
}

TEST(EvalExpr, NaNSignsAndPayloadsAreUnspecified) {
  NDArray A = floats(f32, {1}, {0.0});
  NDArray B(f32, {1});
  auto o = run_src(R"(
@T.prim_func
def f(A: T.Buffer((1,), "float32"), B: T.Buffer((1,), "float32")):
    B[0] = T.copysign(T.float32(1.0), A[0] / A[0])
)",
                   {&A, &B});
  expect_unspecified(o, UnspecifiedClass::Any, "unspec.nan_payload");
  // A NaN result itself is fine: every NaN compares equal in results.
  NDArray C = floats(f32, {1}, {0.0});
  NDArray D(f32, {1});
  auto nan = run_src(R"(
@T.prim_func
def f(A: T.Buffer((1,), "float32"), B: T.Buffer((1,), "float32")):
    B[0] = A[0] / A[0]
)",
                     {&C, &D});
  EXPECT_OK(nan);
  EXPECT_TRUE(std::isnan(float_data(D)[0]));
}

TEST(EvalExpr, AssumeAndUnlistedBuiltins) {
  const std::string src = R"(
@T.prim_func
def f(A: T.Buffer((2,), "int32")):
    T.evaluate(T.likely(A[0] > 0))
    A[1] = 1
)";
  auto m = rename(parse(src), "tir.likely", "tir.assume", b1);
  NDArray A = ints(i32, {2}, {5, 0});
  EXPECT_OK(run_mod(m, {&A}));
  EXPECT_EQ(int_data(A), (std::vector<int64_t>{5, 1}));
  NDArray B = ints(i32, {2}, {-5, 0});
  expect_unspecified(run_mod(m, {&B}), UnspecifiedClass::Any, "unspec.assume_false");
  // An assume whose condition fails to evaluate is not checked: no run-time effect.
  auto m2 = rename(parse(R"(
@T.prim_func
def f(A: T.Buffer((2,), "int32")):
    T.evaluate(T.likely(A[0] // A[1] > 0))
    A[1] = 1
)"),
                   "tir.likely", "tir.assume", b1);
  NDArray C = ints(i32, {2}, {5, 0});
  EXPECT_OK(run_mod(m2, {&C}));
  auto m3 = rename(parse(src), "tir.likely", "tir.call_extern", i32);
  NDArray D = ints(i32, {2}, {5, 0});
  expect_unspecified(run_mod(m3, {&D}), UnspecifiedClass::Any, "unspec.builtin_unlisted");
}

TEST(EvalExpr, VectorLogicalOperandFailure) {
  // b fails in every lane; a decides lane 0 (0 for And), so skipping b is allowed.
  NDArray A = ints(i32, {4}, {0, 1, 1, 1});
  NDArray Z = ints(i32, {4}, {0, 0, 0, 0});
  NDArray B(b1, {4});
  auto o = run_src(R"(
@T.prim_func
def f(A: T.Buffer((4,), "int32"), Z: T.Buffer((4,), "int32"), B: T.Buffer((4,), "bool")):
    B[0:4] = T.And(A[0:4] > Z[0:4], A[0:4] // Z[0:4] > Z[0:4])
)",
                   {&A, &Z, &B});
  expect_unspecified(o, UnspecifiedClass::Any, "unspec.vector_logical_side_effects");
  NDArray A2 = ints(i32, {4}, {1, 1, 1, 1});
  auto o2 = run_src(R"(
@T.prim_func
def f(A: T.Buffer((4,), "int32"), Z: T.Buffer((4,), "int32"), B: T.Buffer((4,), "bool")):
    B[0:4] = T.And(A[0:4] > Z[0:4], A[0:4] // Z[0:4] > Z[0:4])
)",
                    {&A2, &Z, &B});
  expect_error(o2, ErrorClass::DivideByZero);
}

TEST(EvalExpr, CoverageCountsImplementingSites) {
  oracle::RuleCoverage cov;
  oracle::RunOptions o;
  o.coverage = &cov;
  NDArray A = ints(i32, {2}, {1, 2});
  auto out = run_src(R"(
@T.prim_func
def f(A: T.Buffer((2,), "int32")):
    for i in range(2):
        A[i] = A[i] + 1
)",
                     {&A}, o);
  EXPECT_OK(out);
  EXPECT_EQ(cov.counts().at("sem.expr.add"), 2u);
  EXPECT_EQ(cov.counts().at("sem.stmt.for.serial"), 1u);
  EXPECT_EQ(cov.counts().at("bind.dtype"), 1u);
  oracle::RuleCoverage total;
  total.merge(cov);
  total.merge(cov);
  EXPECT_EQ(total.counts().at("sem.expr.add"), 4u);
}

} // namespace
} // namespace tirconf
