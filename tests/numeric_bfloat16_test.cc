// oracle/numeric/bfloat16.h. References: hand-derived ties, the top-half-of-float32 layout, the
// well-known integer rounding formula on float32 bits, a float (24-bit) computation path, and a
// check of the case split that bfloat16.h's double-rounding argument rests on.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <random>

#include "oracle/numeric/bfloat16.h"
#include "runtime/float_format.h"

namespace tirconf::oracle::numeric {
namespace {

bool is_nan(uint16_t b) {
  return (b & 0x7f80) == 0x7f80 && (b & 0x007f) != 0;
}

// Round-to-nearest-even of a (non-NaN) float32 pattern to its top 16 bits: add 0x7fff plus the
// lowest kept bit, then truncate. Independent of the code under test.
uint16_t reference_from_float_bits(uint32_t u) {
  return static_cast<uint16_t>((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}

TEST(NumericBFloat16, EveryPatternIsTheTopHalfOfAFloat32) {
  for (uint32_t i = 0; i < 0x10000; ++i) {
    uint16_t b = static_cast<uint16_t>(i);
    float f = std::bit_cast<float>(i << 16);
    if (std::isnan(f)) {
      EXPECT_TRUE(std::isnan(bf16_to_double(b)));
      EXPECT_TRUE(is_nan(bf16_from_float(f)));
      continue;
    }
    ASSERT_EQ(std::bit_cast<uint32_t>(bf16_to_float(b)), i << 16) << std::hex << i;
    ASSERT_EQ(bf16_to_double(b), runtime::bfloat16_to_double(b));
    ASSERT_EQ(bf16_from_double(bf16_to_double(b)), b) << std::hex << i;
  }
}

TEST(NumericBFloat16, TiesGoToEven) {
  EXPECT_EQ(bf16_from_float(1.0f), 0x3f80);
  EXPECT_EQ(bf16_from_float(1.00390625f), 0x3f80); // 1 + 2^-8: tie 0x3f80 | 0x3f81, even
  EXPECT_EQ(bf16_from_float(1.01171875f), 0x3f82); // 1 + 3*2^-8: tie 0x3f81 | 0x3f82, even
  EXPECT_EQ(bf16_from_float(std::bit_cast<float>(0x3f80c000u)), 0x3f81); // just above the tie
  EXPECT_EQ(bf16_from_float(std::bit_cast<float>(0x3f807fffu)), 0x3f80); // just below it
  EXPECT_EQ(bf16_from_float(1.013671875f), 0x3f82); // not truncation: rounds up to 1 + 2^-6
  EXPECT_EQ(bf16_from_double(1.0 / 3), 0x3eab);     // 42.67 / 128 -> 43 = 0x2b
  EXPECT_EQ(bf16_from_double(0.1), 0x3dcd);
  // The largest finite value (2 - 2^-7) * 2^127; from (2 - 2^-8) * 2^127 on, infinity.
  EXPECT_EQ(bf16_from_double(std::ldexp(2 - std::ldexp(1.0, -7), 127)), 0x7f7f);
  EXPECT_EQ(bf16_from_double(std::ldexp(2 - std::ldexp(1.0, -8), 127)), 0x7f80);
  EXPECT_EQ(bf16_from_float(std::bit_cast<float>(0x7f7fffffu)), 0x7f80); // FLT_MAX -> inf
  EXPECT_EQ(bf16_from_double(1e39), 0x7f80);
  // Subnormals: the smallest is 2^-133; half of it ties to 0, 1.5 of it to 2 (even).
  EXPECT_EQ(bf16_to_double(0x0001), std::ldexp(1.0, -133));
  EXPECT_EQ(bf16_from_double(std::ldexp(1.0, -134)), 0x0000);
  EXPECT_EQ(bf16_from_double(std::ldexp(3.0, -134)), 0x0002);
  EXPECT_EQ(bf16_from_double(-std::ldexp(1.0, -140)), 0x8000);
}

TEST(NumericBFloat16, FromFloatAgreesWithTheIntegerFormula) {
  for (uint64_t u = 0; u <= 0xffffffffu; u += 9973) {
    float f = std::bit_cast<float>(static_cast<uint32_t>(u));
    if (std::isnan(f))
      continue;
    ASSERT_EQ(bf16_from_float(f), reference_from_float_bits(static_cast<uint32_t>(u)))
        << std::hex << u;
    ASSERT_EQ(runtime::double_to_bfloat16_bits(f),
              reference_from_float_bits(static_cast<uint32_t>(u)));
  }
}

TEST(NumericBFloat16, ArithmeticHandDerived) {
  const uint16_t one = 0x3f80, one_ulp = 0x3f81;     // 1 and 1 + 2^-7
  const uint16_t two_m8 = 0x3b80;                    // 2^-8 (exponent 119 = 0x77)
  const uint16_t two_m8_plus = 0x3b81;               // 2^-8 * (1 + 2^-7) = 2^-8 + 2^-15
  EXPECT_EQ(bf16_add(one, two_m8), 0x3f80);          // 1 + 2^-8: tie, even
  EXPECT_EQ(bf16_add(one_ulp, two_m8), 0x3f82);      // 1 + 3*2^-8: tie, even
  EXPECT_EQ(bf16_add(one_ulp, two_m8_plus), 0x3f82); // above the tie
  EXPECT_EQ(bf16_add(one, two_m8_plus), 0x3f81);     // 1 + 2^-8 + 2^-15: above the tie
  EXPECT_EQ(bf16_add(one_ulp, 0x2180), one_ulp);     // + 2^-60: far below half an ulp
  EXPECT_EQ(bf16_div(one, bf16_from_double(3)), 0x3eab);
  EXPECT_EQ(bf16_mul(0x7f7f, bf16_from_double(2)), 0x7f80);
  EXPECT_EQ(bf16_sqrt(bf16_from_double(9)), bf16_from_double(3));
  EXPECT_TRUE(is_nan(bf16_sub(0x7f80, 0x7f80))); // inf - inf
}

// bfloat16.h argues: an exact sum is a double unless |y| < 2^-36 |x| (exponent gap > 44), and
// products are always exact. Check that split on random pairs with TwoSum / fma error terms.
TEST(NumericBFloat16, DoubleRoundingArgumentHolds) {
  std::mt19937 rng(99);
  int inexact_sums = 0;
  for (int i = 0; i < 500000; ++i) {
    uint16_t a = static_cast<uint16_t>(rng()), b = static_cast<uint16_t>(rng());
    double x = bf16_to_double(a), y = bf16_to_double(b);
    if (!std::isfinite(x) || !std::isfinite(y))
      continue;
    double s = x + y;
    double bv = s - x, err = (x - (s - bv)) + (y - bv); // TwoSum: x + y == s + err exactly
    if (err != 0) {
      ++inexact_sums;
      double big = std::max(std::fabs(x), std::fabs(y)),
             small = std::min(std::fabs(x), std::fabs(y));
      ASSERT_LT(small, std::ldexp(big, -36)) << std::hex << a << " " << b;
    }
    double prod = x * y;
    ASSERT_EQ(std::fma(x, y, -prod), 0.0) << std::hex << a << " " << b; // exact product
  }
  EXPECT_GT(inexact_sums, 0); // the second case does occur
}

// A second way to compute: in float (24 bits >= 2 * 8 + 2).
TEST(NumericBFloat16, ArithmeticAgreesWithAFloatPath) {
  std::mt19937 rng(3);
  for (int i = 0; i < 400000; ++i) {
    uint16_t a = static_cast<uint16_t>(rng()), b = static_cast<uint16_t>(rng());
    if (i % 4 == 0)
      b = static_cast<uint16_t>((a & 0xff80) ^ (rng() & 0x807f)); // nearby exponents
    float x = bf16_to_float(a), y = bf16_to_float(b);
    const std::pair<uint16_t, float> results[] = {{bf16_add(a, b), x + y},
                                                  {bf16_sub(a, b), x - y},
                                                  {bf16_mul(a, b), x * y},
                                                  {bf16_div(a, b), x / y}};
    for (const auto &[mine, f] : results) {
      uint16_t ref = bf16_from_float(f);
      if (is_nan(ref)) {
        ASSERT_TRUE(is_nan(mine));
        continue;
      }
      ASSERT_EQ(mine, ref) << std::hex << a << " " << b;
    }
  }
}

} // namespace
} // namespace tirconf::oracle::numeric
