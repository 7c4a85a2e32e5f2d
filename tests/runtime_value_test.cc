// runtime::Value: representation, literal parsing and printing, result comparison.
// Expected bit patterns are worked out by hand from the IEEE 754 / bfloat16 layouts.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <stdexcept>

#include "runtime/float_format.h"
#include "runtime/value.h"

namespace tirconf::runtime {
namespace {

using ir::DataType;

const DataType kI8 = DataType::Int(8), kI32 = DataType::Int(32), kI64 = DataType::Int(64);
const DataType kU8 = DataType::UInt(8), kU64 = DataType::UInt(64), kBool = DataType::Bool();
const DataType kF16 = DataType::Float(16), kF32 = DataType::Float(32), kF64 = DataType::Float(64);
const DataType kBF16 = DataType::BFloat16();

uint64_t lane(std::string_view text, DataType t) {
  std::string error;
  auto bits = parse_lane(text, t, &error);
  EXPECT_TRUE(bits.has_value()) << text << ": " << error;
  return bits.value_or(0xdeadbeef);
}

std::string lane_error(std::string_view text, DataType t) {
  std::string error;
  EXPECT_FALSE(parse_lane(text, t, &error).has_value()) << text;
  return error;
}

TEST(RuntimeValue, IntegerLanesAreMaskedPatterns) {
  Value v = Value::from_int64(kI8, -1);
  EXPECT_EQ(v.bits(), 0xffu);
  EXPECT_EQ(v.as_int64(), -1);
  EXPECT_EQ(v.as_uint64(), 0xffffffffffffffffu); // C's (uint64_t)(int8_t)-1
  EXPECT_EQ(Value::from_int64(kI8, -128).bits(), 0x80u);
  EXPECT_EQ(Value::from_uint64(kU64, 0xffffffffffffffffu).as_uint64(), 0xffffffffffffffffu);
  EXPECT_EQ(Value::from_uint64(kU64, 0xffffffffffffffffu).as_int64(), -1);
  EXPECT_THROW(Value::from_int64(kI8, 128), std::out_of_range);
  EXPECT_THROW(Value::from_int64(kI8, -129), std::out_of_range);
  EXPECT_THROW(Value::from_int64(kU8, -1), std::out_of_range);
  EXPECT_THROW(Value::from_int64(kBool, 2), std::out_of_range);
  EXPECT_TRUE(Value::from_int64(kBool, 1).as_bool());
  EXPECT_THROW(Value::from_bits(kI8, std::vector<uint64_t>{0x100}), std::invalid_argument);
}

TEST(RuntimeValue, VectorsHoldUpTo64Lanes) {
  for (int lanes : {2, 3, 4, 5, 8, 64}) {
    DataType t = DataType::Int(16, lanes);
    Value v = Value::zeros(t);
    for (int i = 0; i < lanes; ++i)
      v.set_bits(i, static_cast<uint64_t>(i * 3));
    Value copy = v;
    EXPECT_EQ(copy, v);
    EXPECT_EQ(copy.lane(lanes - 1).bits(), static_cast<uint64_t>((lanes - 1) * 3));
    EXPECT_EQ(copy.lane(0).dtype(), DataType::Int(16));
  }
  EXPECT_THROW(Value::zeros(DataType::Int(32, 65)), std::invalid_argument);
  EXPECT_THROW(Value::zeros(DataType::Int(32, 4)).bits(4), std::out_of_range);
}

TEST(RuntimeValue, FloatPatternsAndExactDoubles) {
  EXPECT_EQ(Value::from_double(kF16, 1.0).bits(), 0x3c00u);
  EXPECT_EQ(Value::from_double(kF16, -2.0).bits(), 0xc000u);
  EXPECT_EQ(Value::from_double(kBF16, 1.0).bits(), 0x3f80u);
  EXPECT_EQ(Value::from_double(kF32, 1.0).bits(), 0x3f800000u);
  EXPECT_EQ(Value::from_double(kF64, 1.0).bits(), 0x3ff0000000000000u);
  EXPECT_EQ(Value::from_double(kF16, 65520.0).bits(), 0x7c00u); // the tie above 65504 goes to inf
  EXPECT_EQ(Value::from_double(kF32, 1e300).bits(), 0x7f800000u);
  EXPECT_EQ(Value::broadcast_bits(kF16, 0x0001).as_double(), std::ldexp(1.0, -24));
  EXPECT_EQ(Value::broadcast_bits(kF16, 0x7bff).as_double(), 65504.0);
  EXPECT_EQ(Value::broadcast_bits(kF16, 0x0400).as_double(), std::ldexp(1.0, -14));
  EXPECT_EQ(Value::broadcast_bits(kBF16, 0x7f7f).as_double(), 0x1.fep+127);
  EXPECT_EQ(Value::broadcast_bits(kBF16, 0x0001).as_double(), std::ldexp(1.0, -133));
  EXPECT_TRUE(Value::broadcast_bits(kF16, 0x7e00).is_nan());
  EXPECT_TRUE(Value::broadcast_bits(kF16, 0x7c01).is_nan());
  EXPECT_FALSE(Value::broadcast_bits(kF16, 0x7c00).is_nan());
  EXPECT_THROW(Value::from_int64(kI32, 1).as_double(), std::logic_error);
}

TEST(RuntimeValue, Float16DecodingMatchesTheHardwareTypeOnAllPatterns) {
  for (uint32_t b = 0; b < 0x10000; ++b) {
    uint16_t h = static_cast<uint16_t>(b);
    _Float16 f;
    std::memcpy(&f, &h, 2);
    double expected = static_cast<double>(f);
    double got = float16_to_double(h);
    if (std::isnan(expected)) {
      EXPECT_TRUE(std::isnan(got)) << b;
      continue;
    }
    ASSERT_EQ(std::bit_cast<uint64_t>(got), std::bit_cast<uint64_t>(expected)) << std::hex << b;
    // And back: every float16 is a double, so encoding it again is exact.
    ASSERT_EQ(double_to_float16_bits(got), h) << std::hex << b;
  }
}

TEST(RuntimeValue, BFloat16DecodingIsTheTopHalfOfFloat32) {
  for (uint32_t b = 0; b < 0x10000; ++b) {
    float f = std::bit_cast<float>(b << 16);
    double got = bfloat16_to_double(static_cast<uint16_t>(b));
    if (std::isnan(f)) {
      EXPECT_TRUE(std::isnan(got));
      continue;
    }
    ASSERT_EQ(got, static_cast<double>(f)) << std::hex << b;
    ASSERT_EQ(std::signbit(got), std::signbit(f));
    ASSERT_EQ(double_to_bfloat16_bits(got), b);
  }
}

TEST(RuntimeValue, PackingMatchesFloat32Conversion) {
  // The generic packer, instantiated for float32, must agree with the hardware double->float.
  const double samples[] = {0.1,
                            1.0 / 3,
                            1e-40,
                            1e-45,
                            7e-46,
                            1.401298464324817e-45,
                            3.4028234663852886e38,
                            -2.5e-42,
                            16777217.0,
                            16777219.0,
                            0x1.000001p0,
                            0x1.0000018p0};
  for (double d : samples) {
    float f = static_cast<float>(d);
    EXPECT_EQ(pack_float_rne(d, kFloat32), std::bit_cast<uint32_t>(f)) << d;
  }
  // Beyond FLT_MAX (where the C++ conversion is undefined): the tie 2^128 - 2^103 and above go
  // to infinity, just below it to FLT_MAX.
  EXPECT_EQ(pack_float_rne(3.4028235677973366e38, kFloat32), 0x7f800000u);
  EXPECT_EQ(pack_float_rne(-3.5e38, kFloat32), 0xff800000u);
  EXPECT_EQ(pack_float_rne(3.4028235677973362e38, kFloat32), 0x7f7fffffu);
}

TEST(RuntimeValue, ParsesIntegerLiterals) {
  EXPECT_EQ(lane("-7", kI32), 0xfffffff9u);
  EXPECT_EQ(lane("127", kI8), 0x7fu);
  EXPECT_EQ(lane("-128", kI8), 0x80u);
  EXPECT_EQ(lane("+5", kI8), 5u);
  EXPECT_EQ(lane("-0", kI8), 0u);
  EXPECT_EQ(lane("255", kU8), 0xffu);
  EXPECT_EQ(lane("0x7f", kI8), 0x7fu);
  EXPECT_EQ(lane("-9223372036854775808", kI64), 0x8000000000000000u);
  EXPECT_EQ(lane("18446744073709551615", kU64), 0xffffffffffffffffu);
  EXPECT_NE(lane_error("128", kI8).find("out of range for int8"), std::string::npos);
  lane_error("-129", kI8);
  lane_error("256", kU8);
  lane_error("-1", kU8);
  lane_error("9223372036854775808", kI64);
  lane_error("18446744073709551616", kU64);
  lane_error("1.5", kI32);
  lane_error("1e3", kI32);
  lane_error("", kI32);
  lane_error("7x", kI32);
  lane_error("true", kI32);
}

TEST(RuntimeValue, ParsesBoolLiterals) {
  EXPECT_EQ(lane("true", kBool), 1u);
  EXPECT_EQ(lane("false", kBool), 0u);
  EXPECT_EQ(lane("1", kBool), 1u);
  EXPECT_EQ(lane("0", kBool), 0u);
  EXPECT_EQ(lane("True", kBool), 1u);
  lane_error("2", kBool);
  lane_error("-1", kBool);
  lane_error("yes", kBool);
}

TEST(RuntimeValue, ParsesSpecialFloatLiterals) {
  for (DataType t : {kF16, kBF16, kF32, kF64}) {
    Value nan = *parse_value("nan", t).value;
    EXPECT_TRUE(nan.is_nan()) << ir::to_string(t);
    EXPECT_TRUE(parse_value(".nan", t).value->is_nan());
    EXPECT_TRUE(parse_value(" NaN ", t).value->is_nan());
    EXPECT_TRUE(std::signbit(parse_value("-nan", t).value->as_double()));
    EXPECT_EQ(parse_value("inf", t).value->as_double(), INFINITY);
    EXPECT_EQ(parse_value("+inf", t).value->as_double(), INFINITY);
    EXPECT_EQ(parse_value("-inf", t).value->as_double(), -INFINITY);
    EXPECT_EQ(parse_value("-.inf", t).value->as_double(), -INFINITY);
    EXPECT_TRUE(std::signbit(parse_value("-0", t).value->as_double()));
    EXPECT_FALSE(parse_value("nan(1)", t));
    EXPECT_FALSE(parse_value("1.5.2", t));
    EXPECT_FALSE(parse_value("e5", t));
    EXPECT_FALSE(parse_value("1e", t));
    EXPECT_FALSE(parse_value("", t));
    EXPECT_FALSE(parse_value("abc", t));
  }
  EXPECT_EQ(lane("-inf", kF16), 0xfc00u);
  EXPECT_EQ(lane("inf", kBF16), 0x7f80u);
  EXPECT_EQ(lane("-inf", kF32), 0xff800000u);
}

TEST(RuntimeValue, ParsesDecimalFloatLiterals) {
  EXPECT_EQ(lane("1.5", kF32), 0x3fc00000u);
  EXPECT_EQ(lane("0.1", kF32), 0x3dcccccdu);
  EXPECT_EQ(lane("0.1", kF64), 0x3fb999999999999au);
  EXPECT_EQ(lane("16777217", kF32), 0x4b800000u); // tie between 2^24 and 2^24+2: even
  EXPECT_EQ(lane("0x1.8p1", kF32), 0x40400000u);  // 3.0
  EXPECT_EQ(lane("1e-46", kF32), 0u);             // below half the smallest subnormal
  EXPECT_EQ(lane("3", kF16), 0x4200u);            // integers are float literals too
  // 0.1 = 1.6 * 2^-4: float16 fraction 0.6 * 1024 = 614.4 -> 614 = 0x266; bfloat16 0.6 * 128 =
  // 76.8 -> 77 = 0x4d.
  EXPECT_EQ(lane("0.1", kF16), 0x2e66u);
  EXPECT_EQ(lane("0.1", kBF16), 0x3dcdu);
}

TEST(RuntimeValue, Float16LiteralsRoundOnceToNearestEven) {
  EXPECT_EQ(lane("65504", kF16), 0x7bffu);    // largest finite
  EXPECT_EQ(lane("65519.99", kF16), 0x7bffu); // below the midpoint 65520
  EXPECT_EQ(lane("65520", kF16), 0x7c00u);    // the midpoint ties to even: infinity
  EXPECT_EQ(lane("-65520", kF16), 0xfc00u);
  EXPECT_EQ(lane("2048", kF16), 0x6800u);
  EXPECT_EQ(lane("2049", kF16), 0x6800u); // tie 2048 | 2050: to even, 2048
  EXPECT_EQ(lane("2051", kF16), 0x6802u); // tie 2050 | 2052: to even, 2052
  EXPECT_EQ(lane("2050.5", kF16), 0x6801u);
  EXPECT_EQ(lane("5.9604644775390625e-8", kF16), 0x0001u);  // 2^-24, smallest subnormal
  EXPECT_EQ(lane("2.98023223876953125e-8", kF16), 0x0000u); // 2^-25: tie to even, 0
  EXPECT_EQ(lane("-2.98023223876953125e-8", kF16), 0x8000u);
  EXPECT_EQ(lane("6.103515625e-5", kF16), 0x0400u); // 2^-14, smallest normal
  // Double rounding traps: these decimals lie just above a float16 midpoint, but closer to it
  // than half a double ulp, so strtod returns the midpoint itself and rounding that to even
  // would go the wrong way.
  EXPECT_EQ(lane("2049.0000000000001", kF16), 0x6801u);     // 2050, not 2048
  EXPECT_EQ(lane("2.98023223876953126e-8", kF16), 0x0001u); // 2^-24, not 0
  EXPECT_EQ(lane("65520.000000000001", kF16), 0x7c00u);
  EXPECT_EQ(lane("2050.9999999999999", kF16), 0x6801u); // just below the 2051 midpoint
}

TEST(RuntimeValue, BFloat16LiteralsRoundOnceToNearestEven) {
  EXPECT_EQ(lane("1", kBF16), 0x3f80u);
  EXPECT_EQ(lane("1.00390625", kBF16), 0x3f80u);            // 1 + 2^-8: tie, to even (1)
  EXPECT_EQ(lane("1.01171875", kBF16), 0x3f82u);            // 1 + 3*2^-8: tie, to even (1 + 2^-6)
  EXPECT_EQ(lane("1.0078125", kBF16), 0x3f81u);             // 1 + 2^-7 exactly
  EXPECT_EQ(lane("1.00390625000000001", kBF16), 0x3f81u);   // above the tie, within a double ulp
  EXPECT_EQ(lane("3.3895313892515355e38", kBF16), 0x7f7fu); // largest finite
  EXPECT_EQ(lane("3.3961775292304e38", kBF16), 0x7f7fu);    // just below (2 - 2^-8) * 2^127
  EXPECT_EQ(lane("3.4e38", kBF16), 0x7f80u);
  // Not float32's truncation: 1 + 2^-7 + 2^-8 + 2^-9 rounds up.
  EXPECT_EQ(lane("1.013671875", kBF16), 0x3f82u);
}

TEST(RuntimeValue, ParsesVectorsAndHandles) {
  auto v = parse_value("[1, -2, 3, 4]", DataType::Int(32, 4));
  ASSERT_TRUE(v) << v.error;
  EXPECT_EQ(v.value->as_int64(1), -2);
  EXPECT_FALSE(parse_value("[1, 2, 3]", DataType::Int(32, 4)));
  EXPECT_FALSE(parse_value("1", DataType::Int(32, 4)));
  std::vector<std::string> flat = {"1.5", "nan", "-inf", "0"};
  auto w = parse_lanes(flat, DataType::Float(32, 4));
  ASSERT_TRUE(w) << w.error;
  EXPECT_EQ(w.value->as_double(0), 1.5);
  EXPECT_TRUE(w.value->is_nan(1));
  auto bad = parse_lanes(std::vector<std::string>{"1", "x"}, DataType::Int(8, 2));
  EXPECT_NE(bad.error.find("lane 1"), std::string::npos) << bad.error;
  EXPECT_EQ(parse_value("null", DataType::Handle()).value->as_handle().kind,
            HandleValue::Kind::Null);
  EXPECT_FALSE(parse_value("5", DataType::Handle()));
}

TEST(RuntimeValue, PrintsTestFormatSpellings) {
  EXPECT_EQ(to_string(Value::from_int64(kI8, -128)), "-128");
  EXPECT_EQ(to_string(Value::from_uint64(kU64, 0xffffffffffffffffu)), "18446744073709551615");
  EXPECT_EQ(to_string(Value::from_int64(kBool, 1)), "1");
  EXPECT_EQ(to_string(Value::broadcast_bits(kF16, 0x2e66)), "0.1");
  EXPECT_EQ(to_string(Value::broadcast_bits(kBF16, 0x3dcd)), "0.1");
  // 65504 needs only three digits: 65500 is closer to it than to its neighbour 65472, and
  // 66000 (two digits) would read as infinity.
  EXPECT_EQ(to_string(Value::broadcast_bits(kF16, 0x7bff)), "65500");
  EXPECT_EQ(to_string(Value::broadcast_bits(kF16, 0x0001)), "6e-08"); // 2^-24 = 5.96e-8
  EXPECT_EQ(to_string(Value::broadcast_bits(kF16, 0x3c00)), "1");
  EXPECT_EQ(to_string(Value::broadcast_bits(kF16, 0x8000)), "-0");
  EXPECT_EQ(to_string(Value::from_float(0.1f)), "0.1");
  EXPECT_EQ(to_string(Value::from_double(kF64, 0.1)), "0.1");
  EXPECT_EQ(to_string(Value::broadcast_bits(kF16, 0x7e00)), "nan");
  EXPECT_EQ(to_string(Value::broadcast_bits(kF16, 0xfc00)), "-inf");
  EXPECT_EQ(to_string(Value::from_int64(DataType::Int(32, 4), 7)), "[7, 7, 7, 7]");
  EXPECT_EQ(to_string(Value::null_handle()), "null");
  EXPECT_EQ(to_string(Value::string_handle("hi")), "\"hi\"");
  EXPECT_EQ(to_string(Value()), "void");
}

TEST(RuntimeValue, EverySixteenBitPatternPrintsAndReadsBack) {
  for (DataType t : {kF16, kBF16}) {
    for (uint32_t b = 0; b < 0x10000; ++b) {
      std::string s = lane_to_string(t, b);
      auto back = parse_lane(s, t);
      ASSERT_TRUE(back.has_value()) << s;
      Value original = Value::broadcast_bits(t, b);
      if (original.is_nan()) {
        EXPECT_TRUE(Value::broadcast_bits(t, *back).is_nan()) << s;
        continue;
      }
      ASSERT_EQ(*back, b) << ir::to_string(t) << " " << s;
    }
  }
}

TEST(RuntimeValue, ComparisonTreatsAllNaNsAsEqual) {
  Value quiet = Value::broadcast_bits(kF16, 0x7e00);
  Value signalling = Value::broadcast_bits(kF16, 0x7c01);
  Value negative = Value::broadcast_bits(kF16, 0xfe00);
  EXPECT_FALSE(compare_values(quiet, signalling));
  EXPECT_FALSE(compare_values(quiet, negative));
  EXPECT_NE(quiet, signalling); // bit identity still sees the difference
  EXPECT_TRUE(compare_values(quiet, Value::broadcast_bits(kF16, 0x7c00)));
  Value pz = Value::from_double(kF32, 0.0), nz = Value::from_double(kF32, -0.0);
  EXPECT_TRUE(compare_values(pz, nz)); // exact comparison is bit-exact
  EXPECT_FALSE(compare_values(pz, nz, 1));
  EXPECT_EQ(compare_values(Value::from_int64(kI32, 1), Value::from_int64(kI64, 1))->lane, -1);
  Value a = *parse_value("[1, 2, 3, 4]", DataType::Int(8, 4)).value;
  Value b = *parse_value("[1, 2, 5, 6]", DataType::Int(8, 4)).value;
  EXPECT_EQ(compare_values(a, b)->lane, 2);
  EXPECT_EQ(compare_values(a, b, 100)->lane, 2); // no tolerance for integers
}

TEST(RuntimeValue, UlpDistance) {
  // float32: 1.0 = 0x3f800000, the next value up 0x3f800001.
  EXPECT_EQ(ulp_distance(kF32, 0x3f800000, 0x3f800001), 1u);
  EXPECT_EQ(ulp_distance(kF32, 0x3f800001, 0x3f800000), 1u);
  // Across zero: the smallest subnormals +-2^-149 are two steps apart (through the zeros).
  EXPECT_EQ(ulp_distance(kF32, 0x00000001, 0x80000001), 2u);
  EXPECT_EQ(ulp_distance(kF32, 0x00000000, 0x80000000), 0u);
  // float64: from 1.0 to 2.0 is 2^52 steps.
  EXPECT_EQ(ulp_distance(kF64, 0x3ff0000000000000, 0x4000000000000000), uint64_t{1} << 52);
  // float16: 1.0 (0x3c00) to 2.0 (0x4000) is 1024 steps; 65504 to inf one step.
  EXPECT_EQ(ulp_distance(kF16, 0x3c00, 0x4000), 1024u);
  EXPECT_EQ(ulp_distance(kF16, 0x7bff, 0x7c00), 1u);
  EXPECT_EQ(ulp_distance(kBF16, 0x3f80, 0x3f82), 2u);
  EXPECT_EQ(ulp_distance(kF16, 0x7e00, 0x7c01), 0u);
  EXPECT_EQ(ulp_distance(kF16, 0x7e00, 0x3c00), UINT64_MAX);
  // Tolerance applies to finite values only.
  EXPECT_TRUE(lanes_match(kF32, 0x3f800000, 0x3f800002, 2));
  EXPECT_FALSE(lanes_match(kF32, 0x3f800000, 0x3f800003, 2));
  EXPECT_FALSE(lanes_match(kF16, 0x7bff, 0x7c00, 5));
  EXPECT_FALSE(lanes_match(kF16, 0x7e00, 0x3c00, 1000));
  EXPECT_THROW(ulp_distance(kI32, 1, 2), std::logic_error);
}

} // namespace
} // namespace tirconf::runtime
