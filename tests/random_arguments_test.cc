// runner/random_arguments.h and runner/random_values.h: arguments for any PrimFunc the oracle can
// run — shapes from small values of their Vars, declared layouts honoured, values biased to the
// edges of their dtype, the same for the same seed.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "oracle/eval/interpreter.h"
#include "runner/arguments.h"
#include "runner/random_arguments.h"
#include "tensor_helpers.h"

namespace tirconf::runner {
namespace {

using testsupport::parse;

const ir::PrimFuncNode &main_of(const ir::IRModule &m) {
  return *m->lookup("main");
}

const runtime::NDArray &tensor(const CallArguments &c, size_t param) {
  return *std::get<runtime::NDArray *>(c.args[param]);
}
const runtime::Value &scalar(const CallArguments &c, size_t param) {
  return std::get<runtime::Value>(c.args[param]);
}

TEST(RandomArguments, ShapeVariablesAreSmallAndAScalarShapeParameterEqualsItsDimension) {
  auto m = parse(R"(
@T.prim_func
def main(a: T.handle, b: T.handle, n: T.int32, x: T.float16):
    m = T.int32()
    A = T.match_buffer(a, (n, m), "int32")
    B = T.match_buffer(b, (m * 2 + 1,), "float32")
    A[0, 0] = 0
)");
  std::set<int64_t> seen;
  for (uint64_t seed = 0; seed < 200; ++seed) {
    SplitMix64 r(seed);
    auto made = random_arguments(main_of(m), r);
    ASSERT_TRUE(made.call) << made.reason;
    const auto &c = *made.call;
    ASSERT_EQ(c.args.size(), 4u);
    const auto &shape_a = tensor(c, 0).shape();
    ASSERT_EQ(shape_a.size(), 2u);
    EXPECT_GE(shape_a[0], 1);
    EXPECT_LE(shape_a[0], 8);
    EXPECT_GE(shape_a[1], 1);
    EXPECT_LE(shape_a[1], 8);
    // [bind.shape_var] n is bound by its value before A's shape is checked against it.
    EXPECT_EQ(scalar(c, 2).dtype(), ir::DataType::Int(32));
    EXPECT_EQ(scalar(c, 2).as_int64(), shape_a[0]);
    EXPECT_EQ(tensor(c, 1).shape(), std::vector<int64_t>{shape_a[1] * 2 + 1});
    EXPECT_EQ(scalar(c, 3).dtype(), ir::DataType::Float(16));
    seen.insert(shape_a[0]);
    // The oracle binds these arguments.
    auto out = oracle::run(m, "main", made.call->args);
    EXPECT_TRUE(out.is_ok()) << runtime::to_string(out);
  }
  EXPECT_EQ(seen.size(), 8u); // every value of 1..8 comes up
}

TEST(RandomArguments, NegativeDimensionsAreDrawnAgain) {
  // n - 4 is negative for n < 4: n is drawn again until it is not. n - 9 is negative for every n
  // of 1..8.
  auto m = parse(R"(
@T.prim_func
def main(a: T.handle):
    n = T.int32()
    A = T.match_buffer(a, (n - 4,), "int32")
    T.evaluate(0)
)");
  for (uint64_t seed = 0; seed < 50; ++seed) {
    SplitMix64 r(seed);
    auto made = random_arguments(main_of(m), r);
    ASSERT_TRUE(made.call) << made.reason;
    EXPECT_GE(tensor(*made.call, 0).shape()[0], 0);
    EXPECT_LE(tensor(*made.call, 0).shape()[0], 4);
  }
  auto never = parse(R"(
@T.prim_func
def main(a: T.handle):
    n = T.int32()
    A = T.match_buffer(a, (n - 9,), "int32")
    T.evaluate(0)
)");
  SplitMix64 r(0);
  auto made = random_arguments(main_of(never), r);
  EXPECT_FALSE(made.call);
  EXPECT_EQ(made.reason,
            "a buffer dimension is negative for every value of its shape variables tried");
}

TEST(RandomArguments, ScalarsOnly) {
  auto m = parse(R"(
@T.prim_func
def main(x: T.int32, y: T.float64):
    T.evaluate(0)
)");
  SplitMix64 r(0);
  auto made = random_arguments(main_of(m), r);
  ASSERT_TRUE(made.call) << made.reason;
  EXPECT_TRUE(made.call->tensors.empty());
  EXPECT_EQ(scalar(*made.call, 0).dtype(), ir::DataType::Int(32));
  EXPECT_EQ(scalar(*made.call, 1).dtype(), ir::DataType::Float(64));
}

TEST(RandomArguments, DeclaredStridesAndElemOffsetAreHonoured) {
  auto m = parse(R"(
@T.prim_func
def main(a: T.handle, b: T.handle, c: T.handle, d: T.handle):
    s = T.int32()
    e = T.int32()
    A = T.match_buffer(a, (3, 4), "int32", strides=(s, 1))
    B = T.match_buffer(b, (3, 4), "int32", strides=(8, 1))
    C = T.match_buffer(c, (2,), "int32", elem_offset=e)
    D = T.match_buffer(d, (2,), "int32", elem_offset=3)
    A[0, 0] = B[0, 0] + C[0] + D[0]
)");
  SplitMix64 r(7);
  auto made = random_arguments(main_of(m), r);
  ASSERT_TRUE(made.call) << made.reason;
  const auto &c = *made.call;
  EXPECT_TRUE(tensor(c, 0).strides().empty()); // s takes the compact stride, 4
  EXPECT_EQ(tensor(c, 1).strides(), (std::vector<int64_t>{8, 1}));
  EXPECT_EQ(tensor(c, 2).byte_offset(), 0u); // e takes 0
  EXPECT_EQ(tensor(c, 3).byte_offset(), 12u);
  auto out = oracle::run(m, "main", made.call->args);
  EXPECT_TRUE(out.is_ok()) << runtime::to_string(out);
}

TEST(RandomArguments, WhatCannotBeMadeIsSaid) {
  struct Case {
    const char *program, *reason;
  };
  const Case cases[] = {
      {R"(
@T.prim_func
def main(p: T.handle, B: T.Buffer((1,), "int32")):
    B[0] = 1
)",
       "parameter p is a handle that is not a buffer: tirconf cannot make a value for it"},
      {R"(
@T.prim_func
def main(B: T.Buffer((65536, 65536), "int32")):
    B[0, 0] = 1
)",
       "the buffer arguments would take more than 256 MiB"},
  };
  for (const auto &c : cases) {
    SplitMix64 r(0);
    auto made = random_arguments(main_of(parse(c.program)), r);
    EXPECT_FALSE(made.call);
    EXPECT_EQ(made.reason, c.reason);
  }
}

TEST(RandomArguments, SameSeedSameArgumentsAndCopiesAreIndependent) {
  auto m = parse(R"(
@T.prim_func
def main(A: T.Buffer((32,), "float64"), k: T.int64):
    A[0] = T.float64(0)
)");
  SplitMix64 r1(42), r2(42), r3(43);
  auto a = random_arguments(main_of(m), r1), b = random_arguments(main_of(m), r2),
       c = random_arguments(main_of(m), r3);
  EXPECT_EQ(testsupport::bits_data(tensor(*a.call, 0)), testsupport::bits_data(tensor(*b.call, 0)));
  EXPECT_EQ(scalar(*a.call, 1), scalar(*b.call, 1));
  EXPECT_NE(testsupport::bits_data(tensor(*a.call, 0)), testsupport::bits_data(tensor(*c.call, 0)));

  auto copy = copy_arguments(*a.call);
  EXPECT_NE(&tensor(*copy, 0), &tensor(*a.call, 0));
  EXPECT_EQ(testsupport::bits_data(tensor(*copy, 0)), testsupport::bits_data(tensor(*a.call, 0)));
  std::get<runtime::NDArray *>(copy->args[0])
      ->set(0, runtime::Value::from_double(ir::DataType::Float(64), 123.0));
  EXPECT_NE(tensor(*a.call, 0).get(0).as_double(), 123.0);
}

TEST(RandomArguments, DescribedArgumentsReadBackAsTheSameCall) {
  // What the report prints is what `tirconf run --args` reads: the same bits, NaNs included.
  auto m = parse(R"(
@T.prim_func
def main(a: T.handle, x: T.float32, v: T.int8):
    n = T.int32()
    A = T.match_buffer(a, (n, 3), "bfloat16")
    A[0, 0] = T.bfloat16(0)
)");
  for (uint64_t seed = 0; seed < 20; ++seed) {
    SplitMix64 r(seed);
    auto made = random_arguments(main_of(m), r);
    ASSERT_TRUE(made.call);
    auto described = describe_arguments(main_of(m), *made.call);
    auto prepared = prepare_call(main_of(m), described, "args.json");
    ASSERT_TRUE(prepared.call) << ir::format(prepared.errors.front());
    EXPECT_EQ(testsupport::bits_data(tensor(*prepared.call, 0)),
              testsupport::bits_data(tensor(*made.call, 0)));
    EXPECT_EQ(tensor(*prepared.call, 0).shape(), tensor(*made.call, 0).shape());
    EXPECT_EQ(scalar(*prepared.call, 1), scalar(*made.call, 1));
    EXPECT_EQ(scalar(*prepared.call, 2), scalar(*made.call, 2));
  }
}

TEST(RandomValues, IntegersHitTheirEdges) {
  for (ir::DataType t : {ir::DataType::Int(8), ir::DataType::Int(32), ir::DataType::Int(64)}) {
    std::set<int64_t> seen;
    SplitMix64 r(1);
    for (int i = 0; i < 2000; ++i)
      seen.insert(random_value(r, t).as_int64());
    const int64_t max = t.bits == 64 ? INT64_MAX : (int64_t{1} << (t.bits - 1)) - 1;
    for (int64_t edge : {int64_t{0}, int64_t{1}, int64_t{-1}, max, -max - 1})
      EXPECT_EQ(seen.count(edge), 1u) << ir::to_string(t) << " " << edge;
  }
  std::set<uint64_t> seen;
  SplitMix64 r(1);
  for (int i = 0; i < 2000; ++i)
    seen.insert(random_value(r, ir::DataType::UInt(16)).as_uint64());
  for (uint64_t edge : {0u, 1u, 65535u, 32768u})
    EXPECT_EQ(seen.count(edge), 1u) << edge;
  SplitMix64 b(1);
  for (int i = 0; i < 100; ++i)
    EXPECT_LE(random_value(b, ir::DataType::Bool()).bits(), 1u);
}

TEST(RandomValues, FloatsHitZerosInfinitiesAndNaN) {
  for (ir::DataType t : {ir::DataType::Float(16), ir::DataType::BFloat16(), ir::DataType::Float(32),
                         ir::DataType::Float(64)}) {
    bool nan = false, pos_inf = false, neg_inf = false, neg_zero = false, pos_zero = false,
         one = false, subnormal = false;
    SplitMix64 r(3);
    for (int i = 0; i < 2000; ++i) {
      const double d = random_value(r, t).as_double();
      nan |= std::isnan(d);
      pos_inf |= d == INFINITY;
      neg_inf |= d == -INFINITY;
      neg_zero |= d == 0 && std::signbit(d);
      pos_zero |= d == 0 && !std::signbit(d);
      one |= d == 1;
      subnormal |= std::fpclassify(d) != FP_ZERO && std::fabs(d) < std::ldexp(1.0, -14) &&
                   t.bits == 16 && !t.is_bfloat();
    }
    EXPECT_TRUE(nan && pos_inf && neg_inf && neg_zero && pos_zero && one) << ir::to_string(t);
    if (t == ir::DataType::Float(16)) {
      EXPECT_TRUE(subnormal);
    }
  }
  // A vector's lanes are drawn one by one.
  SplitMix64 r(5);
  runtime::Value v = random_value(r, ir::DataType::Int(32, 4));
  EXPECT_EQ(v.lanes(), 4);
}

} // namespace
} // namespace tirconf::runner
