// oracle/numeric/float16.h: float16 conversions and arithmetic. References: hand-derived bit
// patterns, GCC's _Float16 (libgcc's conversions), the rule "round to nearest, ties to even"
// applied to every midpoint, and runtime/float_format.h (written independently).
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <random>

#include "oracle/numeric/float16.h"
#include "runtime/float_format.h"

namespace tirconf::oracle::numeric {
namespace {

uint16_t hw_bits(double d) {
  _Float16 h = static_cast<_Float16>(d);
  uint16_t b;
  std::memcpy(&b, &h, 2);
  return b;
}

double hw_value(uint16_t b) {
  _Float16 h;
  std::memcpy(&h, &b, 2);
  return static_cast<double>(h);
}

bool is_nan(uint16_t b) {
  return (b & 0x7c00) == 0x7c00 && (b & 0x03ff) != 0;
}

TEST(NumericFloat16, EveryPatternRoundTripsThroughDouble) {
  for (uint32_t i = 0; i < 0x10000; ++i) {
    uint16_t b = static_cast<uint16_t>(i);
    double d = half_to_double(b);
    if (is_nan(b)) {
      EXPECT_TRUE(std::isnan(d)) << std::hex << i;
      EXPECT_TRUE(is_nan(half_from_double(d)));
      EXPECT_EQ(std::signbit(d), (b & 0x8000) != 0);
      continue;
    }
    ASSERT_EQ(std::bit_cast<uint64_t>(d), std::bit_cast<uint64_t>(hw_value(b))) << std::hex << i;
    ASSERT_EQ(std::bit_cast<uint64_t>(d), std::bit_cast<uint64_t>(runtime::float16_to_double(b)));
    ASSERT_EQ(half_from_double(d), b) << std::hex << i;
    ASSERT_EQ(half_from_float(half_to_float(b)), b) << std::hex << i;
  }
}

TEST(NumericFloat16, HandDerivedValues) {
  EXPECT_EQ(half_to_double(0x7bff), 65504.0);                 // largest finite: (2 - 2^-10) * 2^15
  EXPECT_EQ(half_to_double(0x0001), std::ldexp(1.0, -24));    // smallest subnormal
  EXPECT_EQ(half_to_double(0x03ff), std::ldexp(1023.0, -24)); // largest subnormal
  EXPECT_EQ(half_to_double(0x0400), std::ldexp(1.0, -14));    // smallest normal
  EXPECT_EQ(half_to_double(0x3c00), 1.0);
  EXPECT_EQ(half_to_double(0xc000), -2.0);
  EXPECT_EQ(half_to_double(0x7c00), INFINITY);
  EXPECT_TRUE(std::signbit(half_to_double(0x8000)));
  EXPECT_EQ(half_from_double(65504.0), 0x7bff);
  EXPECT_EQ(half_from_double(65519.99), 0x7bff); // below the midpoint 65520
  EXPECT_EQ(half_from_double(65520.0), 0x7c00);  // the midpoint: to even, infinity
  EXPECT_EQ(half_from_double(-65520.0), 0xfc00);
  EXPECT_EQ(half_from_double(1e10), 0x7c00);
  EXPECT_EQ(half_from_double(2048.0), 0x6800);
  EXPECT_EQ(half_from_double(2049.0), 0x6800); // 2048 | 2050: to even
  EXPECT_EQ(half_from_double(2051.0), 0x6802); // 2050 | 2052: to even
  EXPECT_EQ(half_from_double(2049.5), 0x6801); // above the midpoint: 2050
  EXPECT_EQ(half_from_double(std::ldexp(1.0, -24)), 0x0001);
  EXPECT_EQ(half_from_double(std::ldexp(1.0, -25)), 0x0000); // tie with 0: to even
  EXPECT_EQ(half_from_double(std::ldexp(3.0, -25)), 0x0002); // 1.5 * 2^-24: to even (2)
  EXPECT_EQ(half_from_double(std::ldexp(1.0000001, -25)), 0x0001);
  EXPECT_EQ(half_from_double(-std::ldexp(1.0, -26)), 0x8000);   // underflow keeps the sign
  EXPECT_EQ(half_from_double(std::ldexp(1023.5, -24)), 0x0400); // rounds up into normals
  EXPECT_EQ(half_from_double(1.0 / 3), 0x3555);                 // 341.33 / 1024 -> 341 = 0x155
  EXPECT_EQ(half_from_double(0.1), 0x2e66);
  EXPECT_EQ(half_from_double(-0.0), 0x8000);
  EXPECT_TRUE(is_nan(half_from_double(NAN)));
  EXPECT_EQ(half_from_double(-INFINITY), 0xfc00);
}

TEST(NumericFloat16, EveryMidpointTiesToEven) {
  // Between adjacent positive values a < b (patterns p, p+1) the midpoint rounds to the one with
  // an even pattern, and anything strictly inside goes to the nearer one. 0x7bff..0x7c00 is the
  // overflow threshold, which IEEE treats the same way.
  for (uint16_t pat = 0; pat < 0x7c00; ++pat) {
    double a = half_to_double(pat);
    double b = pat + 1 == 0x7c00 ? 65536.0 : half_to_double(static_cast<uint16_t>(pat + 1));
    double mid = (a + b) / 2; // exact: both have few bits
    uint16_t even = (pat & 1) ? static_cast<uint16_t>(pat + 1) : pat;
    ASSERT_EQ(half_from_double(mid), even) << std::hex << pat;
    ASSERT_EQ(half_from_double(std::nextafter(mid, 0.0)), pat) << std::hex << pat;
    ASSERT_EQ(half_from_double(std::nextafter(mid, INFINITY)), pat + 1) << std::hex << pat;
    ASSERT_EQ(half_from_double(-mid), even | 0x8000) << std::hex << pat;
  }
}

TEST(NumericFloat16, ConversionsAgreeWithLibgccAndTheRuntime) {
  std::mt19937_64 rng(12345);
  std::uniform_real_distribution<double> exponent(-30, 17);
  for (int i = 0; i < 200000; ++i) {
    double d = std::ldexp(1.0 + std::ldexp(static_cast<double>(rng() >> 12), -52),
                          static_cast<int>(exponent(rng)));
    if (rng() & 1)
      d = -d;
    uint16_t mine = half_from_double(d);
    ASSERT_EQ(mine, hw_bits(d)) << d;
    ASSERT_EQ(mine, runtime::double_to_float16_bits(d)) << d;
    float f = static_cast<float>(d);
    ASSERT_EQ(half_from_float(f), hw_bits(static_cast<double>(f))) << f;
  }
}

// A second way to compute: in float (24 bits >= 2 * 11 + 2, so also correctly rounded).
uint16_t via_float(uint16_t a, uint16_t b, char op) {
  float x = half_to_float(a), y = half_to_float(b), r = 0;
  switch (op) {
  case '+':
    r = x + y;
    break;
  case '-':
    r = x - y;
    break;
  case '*':
    r = x * y;
    break;
  case '/':
    r = x / y;
    break;
  }
  return half_from_float(r);
}

TEST(NumericFloat16, ArithmeticRoundsOnce) {
  // 2048 + 1 = 2049, a tie: 2048. 2050 + 1 = 2051, a tie: 2052.
  EXPECT_EQ(half_add(half_from_double(2048), 0x3c00), 0x6800);
  EXPECT_EQ(half_add(half_from_double(2050), 0x3c00), 0x6802);
  EXPECT_EQ(half_add(0x7bff, half_from_double(16)), 0x7c00);  // 65520: to infinity
  EXPECT_EQ(half_add(0x7bff, half_from_double(8)), 0x7bff);   // 65512: back to 65504
  EXPECT_EQ(half_mul(0x0001, half_from_double(0.5)), 0x0000); // 2^-25: tie, to even (0)
  EXPECT_EQ(half_mul(0x0001, half_from_double(1.5)), 0x0002); // 1.5 * 2^-24: to even (2)
  EXPECT_EQ(half_div(0x3c00, half_from_double(3)), 0x3555);   // 1/3
  EXPECT_EQ(half_div(0x3c00, 0x0000), 0x7c00);                // 1/0 = inf
  EXPECT_TRUE(is_nan(half_div(0x0000, 0x0000)));
  EXPECT_EQ(half_sub(0x3c00, 0x3c00), 0x0000); // x - x = +0
  EXPECT_EQ(half_sqrt(half_from_double(4)), half_from_double(2));
  EXPECT_TRUE(is_nan(half_sqrt(0xbc00))); // sqrt(-1)

  // Every a against a spread of b, all four operations, against the float path.
  std::mt19937 rng(7);
  std::vector<uint16_t> bs = {0x8000, 0x0001, 0x03ff, 0x3c01, 0x7bff, 0xfc00, 0x7e00};
  for (int i = 0; i < 5; ++i)
    bs.push_back(static_cast<uint16_t>(rng()));
  for (uint32_t i = 0; i < 0x10000; ++i) {
    uint16_t a = static_cast<uint16_t>(i);
    for (uint16_t b : bs) {
      for (char op : {'+', '-', '*', '/'}) {
        uint16_t mine = op == '+'   ? half_add(a, b)
                        : op == '-' ? half_sub(a, b)
                        : op == '*' ? half_mul(a, b)
                                    : half_div(a, b);
        uint16_t ref = via_float(a, b, op);
        if (is_nan(ref)) {
          ASSERT_TRUE(is_nan(mine));
          continue;
        }
        ASSERT_EQ(mine, ref) << std::hex << a << " " << op << " " << b;
      }
    }
  }
}

} // namespace
} // namespace tirconf::oracle::numeric
