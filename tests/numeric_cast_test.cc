// oracle/numeric/cast.h: Cast per the spec (C++ static_cast) as refined by the catalog's
// sem.expr.cast.* rules. Expected values worked out by hand.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>

#include "oracle/numeric/cast.h"
#include "oracle/numeric/float16.h"

namespace tirconf::oracle::numeric {
namespace {

using ir::DataType;
using runtime::Value;

const DataType kI8 = DataType::Int(8), kI16 = DataType::Int(16), kI32 = DataType::Int(32),
               kI64 = DataType::Int(64);
const DataType kU8 = DataType::UInt(8), kU16 = DataType::UInt(16), kU32 = DataType::UInt(32),
               kU64 = DataType::UInt(64), kBool = DataType::Bool();
const DataType kF16 = DataType::Float(16), kF32 = DataType::Float(32), kF64 = DataType::Float(64),
               kBF16 = DataType::BFloat16();

uint64_t f32(float f) {
  return std::bit_cast<uint32_t>(f);
}
uint64_t f64(double d) {
  return std::bit_cast<uint64_t>(d);
}
uint64_t i(DataType t, int64_t v) {
  return t.bits >= 64 ? static_cast<uint64_t>(v)
                      : static_cast<uint64_t>(v) & ((uint64_t{1} << t.bits) - 1);
}

uint64_t ok(LaneResult r) {
  EXPECT_TRUE(r.ok()) << r.rule;
  return r.bits;
}

void expect_overflow(DataType from, uint64_t bits, DataType to) {
  LaneResult r = cast_lane(from, bits, to);
  EXPECT_EQ(r.fault, Fault::FloatToIntRange)
      << ir::to_string(from) << " " << std::hex << bits << " -> " << ir::to_string(to);
  EXPECT_EQ(r.rule, "unspec.float_to_int_range");
}

TEST(NumericCast, IntToInt) {
  EXPECT_EQ(ok(cast_lane(kI8, i(kI8, -1), kU32)), 4294967295u); // the catalog's example
  EXPECT_EQ(ok(cast_lane(kI32, 300, kU8)), 44u);                // 300 mod 256
  EXPECT_EQ(ok(cast_lane(kI32, 300, kI8)), 44u);
  EXPECT_EQ(ok(cast_lane(kI32, 200, kI8)), i(kI8, -56));
  EXPECT_EQ(ok(cast_lane(kU8, 255, kI32)), 255u); // zero-extended
  EXPECT_EQ(ok(cast_lane(kU8, 255, kI8)), i(kI8, -1));
  EXPECT_EQ(ok(cast_lane(kI8, i(kI8, -1), kI64)), i(kI64, -1)); // sign-extended
  EXPECT_EQ(ok(cast_lane(kI8, i(kI8, -128), kU16)), 0xff80u);
  EXPECT_EQ(ok(cast_lane(kU64, ~uint64_t{0}, kI16)), i(kI16, -1));
  EXPECT_EQ(ok(cast_lane(kBool, 1, kI32)), 1u); // bool is 0 or 1
  EXPECT_EQ(ok(cast_lane(kBool, 1, kI8)), 1u);
}

TEST(NumericCast, ToBoolIsNonzero) {
  EXPECT_EQ(ok(cast_lane(kI32, 2, kBool)), 1u);
  EXPECT_EQ(ok(cast_lane(kI32, 0, kBool)), 0u);
  EXPECT_EQ(ok(cast_lane(kI8, i(kI8, -1), kBool)), 1u);
  EXPECT_EQ(ok(cast_lane(kI32, 256, kBool)), 1u); // not truncation to one bit
  EXPECT_EQ(ok(cast_lane(kF32, f32(0.5f), kBool)), 1u);
  EXPECT_EQ(ok(cast_lane(kF32, f32(-0.0f), kBool)), 0u);
  EXPECT_EQ(ok(cast_lane(kF32, f32(NAN), kBool)), 1u);
  EXPECT_EQ(ok(cast_lane(kF64, f64(INFINITY), kBool)), 1u);
  EXPECT_EQ(ok(cast_lane(kF64, f64(1e-300), kBool)), 1u);
  EXPECT_EQ(ok(cast_lane(kF16, 0x0001, kBool)), 1u);
  EXPECT_EQ(ok(cast_lane(kBF16, 0x8000, kBool)), 0u);
  EXPECT_EQ(ok(cast_lane(kBool, 1, kBool)), 1u);
}

TEST(NumericCast, FloatToIntTruncatesAndLimits) {
  EXPECT_EQ(ok(cast_lane(kF32, f32(3.9f), kI32)), 3u);
  EXPECT_EQ(ok(cast_lane(kF32, f32(-3.9f), kI32)), i(kI32, -3));
  EXPECT_EQ(ok(cast_lane(kF64, f64(-0.5), kU8)), 0u); // truncates to 0, which fits
  EXPECT_EQ(ok(cast_lane(kF64, f64(255.9), kU8)), 255u);
  EXPECT_EQ(ok(cast_lane(kF64, f64(-128.9), kI8)), i(kI8, -128));
  EXPECT_EQ(ok(cast_lane(kF64, f64(2147483647.0), kI32)), 0x7fffffffu);
  EXPECT_EQ(ok(cast_lane(kF64, f64(-2147483648.0), kI32)), 0x80000000u);
  EXPECT_EQ(ok(cast_lane(kF64, f64(9223372036854775808.0), kU64)), 0x8000000000000000u); // 2^63
  EXPECT_EQ(ok(cast_lane(kF64, f64(-9223372036854775808.0), kI64)), 0x8000000000000000u);
  EXPECT_EQ(ok(cast_lane(kF16, 0x7bff, kU16)), 65504u);
  EXPECT_EQ(ok(cast_lane(kF16, 0x7bff, kI32)), 65504u);
  EXPECT_EQ(ok(cast_lane(kBF16, 0x3fc0, kI8)), 1u); // 1.5 -> 1
  expect_overflow(kF32, f32(3e9f), kI32);
  expect_overflow(kF64, f64(2147483648.0), kI32);
  expect_overflow(kF64, f64(-2147483649.0), kI32);
  expect_overflow(kF32, f32(NAN), kI32);
  expect_overflow(kF32, f32(INFINITY), kI64);
  expect_overflow(kF32, f32(-INFINITY), kU8);
  expect_overflow(kF64, f64(-1.0), kU8);
  expect_overflow(kF64, f64(256.0), kU8);
  expect_overflow(kF64, f64(9223372036854775808.0), kI64);  // 2^63
  expect_overflow(kF64, f64(18446744073709551616.0), kU64); // 2^64
  expect_overflow(kF16, 0x7bff, kI16);                      // 65504 > 32767
  expect_overflow(kF16, 0x7e00, kI8);                       // NaN
  expect_overflow(kBF16, 0x7f80, kI32);                     // inf
  runtime::Outcome o = to_outcome(cast_lane(kF32, f32(NAN), kI32), {});
  EXPECT_EQ(o.unspecified().unspecified_class, runtime::UnspecifiedClass::Overflow);
}

TEST(NumericCast, IntToFloatRoundsOnceToNearestEven) {
  EXPECT_EQ(ok(cast_lane(kI32, 16777217, kF32)), f32(16777216.0f)); // tie: even
  EXPECT_EQ(ok(cast_lane(kI32, 16777219, kF32)), f32(16777220.0f)); // tie: even
  EXPECT_EQ(ok(cast_lane(kI32, i(kI32, -16777217), kF32)), f32(-16777216.0f));
  EXPECT_EQ(ok(cast_lane(kI64, (uint64_t{1} << 53) + 1, kF64)), f64(9007199254740992.0));
  EXPECT_EQ(ok(cast_lane(kI64, (uint64_t{1} << 53) + 3, kF64)), f64(9007199254740996.0));
  EXPECT_EQ(ok(cast_lane(kI64, 0x7fffffffffffffffu, kF64)), f64(9223372036854775808.0));
  EXPECT_EQ(ok(cast_lane(kI64, 0x8000000000000000u, kF64)), f64(-9223372036854775808.0));
  EXPECT_EQ(ok(cast_lane(kU64, ~uint64_t{0}, kF64)), f64(18446744073709551616.0));
  EXPECT_EQ(ok(cast_lane(kU64, ~uint64_t{0}, kF32)), f32(18446744073709551616.0f));
  // [2^63, 2^64) has ulp 2^11: 2^63 + 2^10 is a tie (to 2^63), one more goes up.
  EXPECT_EQ(ok(cast_lane(kU64, (uint64_t{1} << 63) + 1024, kF64)), f64(9223372036854775808.0));
  EXPECT_EQ(ok(cast_lane(kU64, (uint64_t{1} << 63) + 1025, kF64)), f64(9223372036854777856.0));
  EXPECT_EQ(ok(cast_lane(kI32, 2049, kF16)), 0x6800u);  // 2048
  EXPECT_EQ(ok(cast_lane(kI32, 2051, kF16)), 0x6802u);  // 2052
  EXPECT_EQ(ok(cast_lane(kI32, 65519, kF16)), 0x7bffu); // 65504
  EXPECT_EQ(ok(cast_lane(kI32, 65520, kF16)), 0x7c00u); // inf
  EXPECT_EQ(ok(cast_lane(kI32, i(kI32, -65520), kF16)), 0xfc00u);
  EXPECT_EQ(ok(cast_lane(kBool, 1, kF32)), f32(1.0f));
  EXPECT_EQ(ok(cast_lane(kI8, i(kI8, -1), kBF16)), 0xbf80u);
  // The double-rounding trap: 2^60 + 2^52 + 1 -> double 2^60 + 2^52 (a bfloat16 tie) -> 2^60 would
  // be wrong; the exact value is above the tie, so bfloat16 2^60 + 2^53: exponent 187 = 0xbb,
  // fraction 1 -> 0x5d81.
  EXPECT_EQ(ok(cast_lane(kI64, (uint64_t{1} << 60) + (uint64_t{1} << 52) + 1, kBF16)), 0x5d81u);
  EXPECT_EQ(ok(cast_lane(kI64, (uint64_t{1} << 60) + (uint64_t{1} << 52), kBF16)),
            0x5d80u); // tie: even
  // float32 too: 2^60 + 2^36 + 1 is above the float32 tie 2^60 + 2^36 -> 2^60 + 2^37.
  EXPECT_EQ(ok(cast_lane(kI64, (uint64_t{1} << 60) + (uint64_t{1} << 36) + 1, kF32)),
            f32(std::ldexp(1.0f, 60) + std::ldexp(1.0f, 37)));
}

TEST(NumericCast, FloatToFloat) {
  EXPECT_EQ(ok(cast_lane(kF64, f64(0.1), kF32)), 0x3dcccccdu);
  EXPECT_EQ(ok(cast_lane(kF64, f64(1e300), kF32)), f32(INFINITY));
  EXPECT_EQ(ok(cast_lane(kF64, f64(-1e300), kF32)), f32(-INFINITY));
  EXPECT_EQ(ok(cast_lane(kF64, f64(3.4028235677973366e38), kF32)), f32(INFINITY)); // the tie
  EXPECT_EQ(ok(cast_lane(kF64, f64(3.4028235677973362e38), kF32)), 0x7f7fffffu);   // below it
  EXPECT_EQ(ok(cast_lane(kF64, f64(1e-46), kF32)), 0u);
  EXPECT_EQ(ok(cast_lane(kF64, f64(65520.0), kF16)), 0x7c00u);
  EXPECT_EQ(ok(cast_lane(kF64, f64(65519.99), kF16)), 0x7bffu);
  EXPECT_EQ(ok(cast_lane(kF32, f32(1e-8f), kF16)), 0x0000u); // below 2^-25
  EXPECT_EQ(ok(cast_lane(kF32, f32(3e-8f), kF16)), 0x0001u); // above 2^-25
  EXPECT_EQ(ok(cast_lane(kF16, 0x3c00, kF32)), f32(1.0f));
  EXPECT_EQ(ok(cast_lane(kF16, 0x0001, kF64)), f64(std::ldexp(1.0, -24)));
  EXPECT_EQ(ok(cast_lane(kF32, f32(1.00390625f), kBF16)), 0x3f80u);
  EXPECT_EQ(ok(cast_lane(kF32, f32(1.01171875f), kBF16)), 0x3f82u);
  EXPECT_EQ(ok(cast_lane(kF32, 0x7f7fffffu, kBF16)), 0x7f80u);
  EXPECT_EQ(ok(cast_lane(kBF16, 0x3f80, kF16)), 0x3c00u);
  // float16 65504 = 1.1111111111b * 2^15: to 8 bits rounds up to 2^16 = bfloat16 0x4780.
  EXPECT_EQ(ok(cast_lane(kF16, 0x7bff, kBF16)), 0x4780u);
  EXPECT_EQ(ok(cast_lane(kBF16, 0x4780, kF16)), 0x7c00u); // 65536 is beyond float16
  EXPECT_EQ(ok(cast_lane(kF32, f32(-0.0f), kF16)), 0x8000u);
  uint64_t nan16 = ok(cast_lane(kF32, f32(NAN), kF16));
  EXPECT_TRUE(std::isnan(half_to_double(static_cast<uint16_t>(nan16))));
  uint64_t nan64 = ok(cast_lane(kBF16, 0xffc0, kF64));
  EXPECT_TRUE(std::isnan(std::bit_cast<double>(nan64)));
}

TEST(NumericCast, WholeValuesAndHandles) {
  Value v = *runtime::parse_value("[1, -1, 300, 0]", DataType::Int(32, 4)).value;
  CastResult r = cast(v, DataType::UInt(8, 4));
  ASSERT_TRUE(r.value);
  EXPECT_EQ(runtime::to_string(*r.value), "[1, 255, 44, 0]");
  Value f = *runtime::parse_value("[1.5, nan]", DataType::Float(32, 2)).value;
  CastResult bad = cast(f, DataType::Int(32, 2));
  EXPECT_FALSE(bad.value);
  EXPECT_EQ(bad.lane, 1);
  EXPECT_EQ(bad.fault.fault, Fault::FloatToIntRange);
  EXPECT_THROW(cast(v, DataType::UInt(8, 2)), std::logic_error); // lanes must match

  Value s = Value::string_handle("x");
  CastResult h = cast(s, DataType::Handle());
  ASSERT_TRUE(h.value);
  EXPECT_EQ(h.value->as_handle(), s.as_handle());
  CastResult null = cast(Value::from_int64(kI32, 0), DataType::Handle());
  ASSERT_TRUE(null.value);
  EXPECT_EQ(null.value->as_handle().kind, runtime::HandleValue::Kind::Null);
  CastResult five = cast(Value::from_int64(kI64, 5), DataType::Handle());
  EXPECT_FALSE(five.value);
  EXPECT_EQ(five.fault.fault, Fault::CastToHandle);
  EXPECT_EQ(five.fault.rule, "unspec.cast_to_handle");
  EXPECT_EQ(to_outcome(five.fault, {}).unspecified().unspecified_class,
            runtime::UnspecifiedClass::Any);
  EXPECT_THROW(cast(s, kI64), std::logic_error); // handle -> int
  EXPECT_THROW(cast(Value::from_double(kF32, 0), DataType::Handle()), std::logic_error);
}

} // namespace
} // namespace tirconf::oracle::numeric
