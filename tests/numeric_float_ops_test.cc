// oracle/numeric/float_ops.h: IEEE arithmetic per dtype, FloorDiv/FloorMod with per-operation
// rounding, Min/Max under the catalog's unspec.float_minmax_nan, comparisons with NaN.
#include <gtest/gtest.h>

#include <bit>
#include <cfloat>
#include <cmath>

#include "oracle/numeric/float16.h"
#include "oracle/numeric/float_ops.h"

namespace tirconf::oracle::numeric {
namespace {

using ir::DataType;

const DataType kF16 = DataType::Float(16), kF32 = DataType::Float(32), kF64 = DataType::Float(64),
               kBF16 = DataType::BFloat16();

uint64_t f32(float f) {
  return std::bit_cast<uint32_t>(f);
}
uint64_t f64(double d) {
  return std::bit_cast<uint64_t>(d);
}
uint64_t h(double d) {
  return half_from_double(d);
} // d must be a float16 value here

TEST(NumericFloatOps, BasicArithmeticPerFormat) {
  EXPECT_EQ(float_add(kF32, f32(0.1f), f32(0.2f)), 0x3e99999au);             // == 0.3f
  EXPECT_EQ(float_add(kF64, f64(0.1), f64(0.2)), 0x3fd3333333333334u);       // 0.30000000000000004
  EXPECT_EQ(float_add(kF32, f32(16777216.0f), f32(1.0f)), f32(16777216.0f)); // tie: even
  EXPECT_EQ(float_add(kF32, f32(16777218.0f), f32(1.0f)), f32(16777220.0f)); // tie: even
  EXPECT_EQ(float_mul(kF32, f32(FLT_MIN), f32(0.5f)), 0x00400000u);          // subnormal kept
  EXPECT_EQ(float_sub(kF64, f64(1.0), f64(1.0)), f64(0.0));
  EXPECT_EQ(float_sub(kF64, f64(-0.0), f64(0.0)), f64(-0.0));
  EXPECT_EQ(float_div(kF32, f32(1.0f), f32(0.0f)), f32(INFINITY));
  EXPECT_EQ(float_div(kF32, f32(-1.0f), f32(0.0f)), f32(-INFINITY));
  EXPECT_EQ(float_div(kF64, f64(1.0), f64(-0.0)), f64(-INFINITY));
  EXPECT_TRUE(float_is_nan(kF32, float_div(kF32, f32(0.0f), f32(0.0f))));
  EXPECT_TRUE(float_is_nan(kF16, float_sub(kF16, 0x7c00, 0x7c00)));
  EXPECT_EQ(float_add(kF16, h(2048), h(1)), 0x6800u);
  EXPECT_EQ(float_add(kF16, h(2050), h(1)), 0x6802u);
  EXPECT_EQ(float_add(kF16, h(65504), h(16)), 0x7c00u);
  EXPECT_EQ(float_div(kF16, h(1), h(3)), 0x3555u);
  EXPECT_EQ(float_div(kBF16, 0x3f80, 0x4040), 0x3eabu); // 1 / 3
  EXPECT_EQ(float_add(kBF16, 0x3f80, 0x3b80), 0x3f80u); // 1 + 2^-8: tie, even
  EXPECT_THROW(float_add(DataType::Int(32), 1, 1), std::logic_error);
}

TEST(NumericFloatOps, FloorDivAndFloorMod) {
  EXPECT_EQ(float_floordiv(kF32, f32(-7.0f), f32(2.0f)), f32(-4.0f));
  EXPECT_EQ(float_floordiv(kF32, f32(7.5f), f32(2.0f)), f32(3.0f));
  EXPECT_EQ(float_floormod(kF32, f32(-7.0f), f32(2.0f)), f32(1.0f));
  EXPECT_EQ(float_floormod(kF32, f32(7.0f), f32(-2.0f)), f32(-1.0f));
  EXPECT_EQ(float_floormod(kF64, f64(5.5), f64(2.0)), f64(1.5));
  EXPECT_EQ(float_floordiv(kF64, f64(1.0), f64(0.0)), f64(INFINITY));
  EXPECT_TRUE(float_is_nan(kF64, float_floormod(kF64, f64(1.0), f64(0.0))));
  // Each operation rounds in float16: 2047 / 682.5 = 2.99927 rounds to 3.0 (float16's ulp at 3
  // is 2^-9), so floor gives 3, not 2. Then 3 * 682.5 = 2047.5 ties to 2048 (ulp 1, 2047 is odd)
  // and 2047 - 2048 = -1: FloorMod is -1 where exact arithmetic would say 682.
  ASSERT_EQ(h(2047), 0x67ffu);
  ASSERT_EQ(h(682.5), 0x6155u);
  EXPECT_EQ(float_floordiv(kF16, 0x67ff, 0x6155), h(3));
  EXPECT_EQ(float_floormod(kF16, 0x67ff, 0x6155), 0xbc00u);
}

TEST(NumericFloatOps, MinMaxNaNAndSignedZerosAreUnspecified) {
  EXPECT_EQ(float_min(kF32, f32(1.0f), f32(2.0f)).bits, f32(1.0f));
  EXPECT_EQ(float_max(kF32, f32(1.0f), f32(2.0f)).bits, f32(2.0f));
  EXPECT_EQ(float_max(kF64, f64(-INFINITY), f64(-1.0)).bits, f64(-1.0));
  EXPECT_EQ(float_min(kF16, 0xfc00, 0x7bff).bits, 0xfc00u);
  EXPECT_EQ(float_min(kF32, f32(0.0f), f32(0.0f)).bits, f32(0.0f));
  EXPECT_EQ(float_min(kBF16, 0x3f80, 0xbf80).bits, 0xbf80u);
  for (DataType t : {kF16, kF32, kF64, kBF16}) {
    uint64_t nan = t.bits == 64    ? f64(NAN)
                   : t.bits == 32  ? f32(NAN)
                   : t.is_bfloat() ? 0x7fc0
                                   : 0x7e00;
    uint64_t one = t.bits == 64    ? f64(1.0)
                   : t.bits == 32  ? f32(1.0f)
                   : t.is_bfloat() ? 0x3f80
                                   : 0x3c00;
    uint64_t pz = 0, nz = uint64_t{1} << (t.bits - 1);
    for (auto fn : {float_min, float_max}) {
      for (auto [a, b] : {std::pair{nan, one}, std::pair{one, nan}, std::pair{nan, nan},
                          std::pair{pz, nz}, std::pair{nz, pz}}) {
        LaneResult r = fn(t, a, b);
        EXPECT_EQ(r.fault, Fault::FloatMinMaxNaN) << ir::to_string(t);
        EXPECT_EQ(r.rule, "unspec.float_minmax_nan");
      }
    }
  }
  runtime::Outcome o = to_outcome(float_min(kF32, f32(NAN), f32(1.0f)), {});
  EXPECT_EQ(o.unspecified().unspecified_class, runtime::UnspecifiedClass::Ambiguous);
}

TEST(NumericFloatOps, ComparisonsFollowIEEE) {
  for (DataType t : {kF16, kF32, kF64, kBF16}) {
    uint64_t nan = t.bits == 64    ? f64(NAN)
                   : t.bits == 32  ? f32(NAN)
                   : t.is_bfloat() ? 0x7fc0
                                   : 0x7e00;
    uint64_t one = t.bits == 64    ? f64(1.0)
                   : t.bits == 32  ? f32(1.0f)
                   : t.is_bfloat() ? 0x3f80
                                   : 0x3c00;
    for (uint64_t x : {nan, one}) {
      EXPECT_FALSE(float_compare(CmpOp::EQ, t, nan, x));
      EXPECT_TRUE(float_compare(CmpOp::NE, t, nan, x));
      EXPECT_FALSE(float_compare(CmpOp::LT, t, x, nan));
      EXPECT_FALSE(float_compare(CmpOp::LE, t, x, nan));
      EXPECT_FALSE(float_compare(CmpOp::GE, t, nan, x));
      EXPECT_FALSE(float_compare(CmpOp::GT, t, nan, x));
    }
    uint64_t pz = 0, nz = uint64_t{1} << (t.bits - 1);
    EXPECT_TRUE(float_compare(CmpOp::EQ, t, pz, nz));
    EXPECT_FALSE(float_compare(CmpOp::LT, t, nz, pz));
    EXPECT_TRUE(float_compare(CmpOp::LT, t, pz, one));
  }
  EXPECT_TRUE(float_compare(CmpOp::LT, kF16, 0xfc00, 0xfbff)); // -inf < -65504
  EXPECT_TRUE(float_compare(CmpOp::GT, kF16, 0x7c00, 0x7bff));
  EXPECT_TRUE(float_compare(CmpOp::LT, kF16, 0x0001, 0x0002));
  EXPECT_TRUE(float_compare(CmpOp::LT, kBF16, 0xbf80, 0x0001));
  EXPECT_TRUE(float_compare(CmpOp::GE, kF32, f32(FLT_MAX), f32(FLT_MAX)));
}

} // namespace
} // namespace tirconf::oracle::numeric
