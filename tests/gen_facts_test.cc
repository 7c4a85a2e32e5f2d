// The generator's static facts must over-approximate: every value a program can compute lies in
// the facts derived for it. Checked by sampling operands inside their facts and computing the
// result independently here (two's complement wrap, C division, host IEEE float32).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "generators/choices.h"
#include "generators/facts.h"
#include "generators/literals.h"

namespace tirconf::gen {
namespace {

using ir::DataType;

i128 wrap(DataType t, i128 v) {
  const i128 m = i128{1} << t.bits;
  i128 r = ((v % m) + m) % m;
  if (t.is_int() && r >= m / 2)
    r -= m;
  return r;
}

i128 sample(Rand &r, const Facts &f) {
  const i128 span = f.hi - f.lo;
  if (span <= 0)
    return f.lo;
  if (r.percent(20))
    return r.percent(50) ? f.lo : f.hi;
  return f.lo + static_cast<i128>(
                    r.raw() % static_cast<uint64_t>(span > i128{INT64_MAX} ? INT64_MAX : span + 1));
}

i128 floordiv(i128 a, i128 b) {
  return a / b - ((a % b != 0) && ((a < 0) != (b < 0)));
}

TEST(GenFacts, IntegerTransferFunctionsAreSound) {
  SeededChoices src(7);
  Rand r(src);
  const DataType types[] = {DataType::Int(8), DataType::Int(32), DataType::UInt(8),
                            DataType::UInt(32), DataType::Int(64)};
  for (int iter = 0; iter < 4000; ++iter) {
    const DataType t = types[r.below(std::size(types))];
    auto some = [&] {
      i128 a = sample(r, Facts::full(t)), b = sample(r, Facts::full(t));
      if (r.percent(50))
        a = r.range(-20, 20), b = a + r.range(0, 40);
      if (t.is_uint())
        a = a < 0 ? -a : a, b = b < 0 ? -b : b;
      return Facts::of_int(std::max(std::min(a, b), min_of(t)),
                           std::min(std::max(a, b), max_of(t)));
    };
    const Facts fa = some(), fb = some();
    const i128 a = sample(r, fa), b = sample(r, fb);
    auto in = [&](const Facts &f, i128 v, const char *op) {
      EXPECT_TRUE(v >= f.lo && v <= f.hi)
          << op << " " << ir::to_string(t) << ": " << static_cast<int64_t>(v) << " outside ["
          << static_cast<int64_t>(f.lo) << ", " << static_cast<int64_t>(f.hi) << "]";
    };
    in(int_add(t, fa, fb), wrap(t, a + b), "add");
    in(int_sub(t, fa, fb), wrap(t, a - b), "sub");
    if (t.bits < 64)
      in(int_mul(t, fa, fb), wrap(t, a * b), "mul");
    in(int_min(fa, fb), std::min(a, b), "min");
    in(int_max(fa, fb), std::max(a, b), "max");
    in(int_cast(DataType::Int(16), fa), wrap(DataType::Int(16), a), "cast");
    const bool safe_div = (fb.lo > 0 || fb.hi < 0) &&
                          !(t.is_int() && fa.lo <= min_of(t) && fb.lo <= -1 && fb.hi >= -1);
    if (safe_div && b != 0) {
      in(int_div(t, fa, fb), a / b, "div");
      in(int_mod(t, fa, fb), a % b, "mod");
      in(int_floordiv(t, fa, fb), floordiv(a, b), "floordiv");
      in(int_floormod(t, fa, fb), a - floordiv(a, b) * b, "floormod");
    }
  }
}

TEST(GenFacts, Float32TransferFunctionsAreSound) {
  const Chances &chances = Profile::default_profile().chances;
  SeededChoices src(8);
  Rand r(src);
  const DataType f32 = DataType::Float(32);
  for (int iter = 0; iter < 4000; ++iter) {
    auto some = [&] {
      float a = static_cast<float>(float_value(r, f32, 20, false, chances)),
            b = static_cast<float>(float_value(r, f32, 20, false, chances));
      return Facts::of_float(std::min(a, b), std::max(a, b), false,
                             std::signbit(std::min(a, b)) || std::min(a, b) < 0);
    };
    const Facts fa = some(), fb = some();
    auto pick = [&](const Facts &f) {
      const double u = static_cast<double>(r.below(1001)) / 1000.0;
      return static_cast<float>(f.flo + (f.fhi - f.flo) * u);
    };
    const float a = std::clamp(pick(fa), static_cast<float>(fa.flo), static_cast<float>(fa.fhi));
    const float b = std::clamp(pick(fb), static_cast<float>(fb.flo), static_cast<float>(fb.fhi));
    auto in = [&](const Facts &f, float v, const char *op) {
      if (std::isnan(v)) {
        EXPECT_TRUE(f.nan) << op << ": NaN not foreseen";
        return;
      }
      EXPECT_TRUE(v >= f.flo && v <= f.fhi)
          << op << ": " << v << " outside [" << f.flo << ", " << f.fhi << "]";
      if (v == 0 && std::signbit(v)) {
        EXPECT_TRUE(f.negzero) << op << ": -0.0 not foreseen";
      }
    };
    in(float_add(f32, fa, fb), a + b, "add");
    in(float_sub(f32, fa, fb), a - b, "sub");
    in(float_mul(f32, fa, fb), a * b, "mul");
    in(float_div(f32, fa, fb), a / b, "div");
  }
}

TEST(GenFacts, NarrowingFloatCastsForeseeMinusZero) {
  // -5e-324 (float64) becomes -0.0 in float32 and bfloat16: a Min/Max operand must know.
  const DataType f64 = DataType::Float(64);
  const Facts tiny = Facts::of_float(-5e-324, -5e-324);
  EXPECT_FALSE(tiny.negzero);
  EXPECT_TRUE(float_cast(DataType::Float(32), f64, tiny).negzero);
  EXPECT_TRUE(float_cast(DataType::BFloat16(), f64, tiny).negzero);
  EXPECT_TRUE(std::signbit(static_cast<float>(-5e-324)));
  EXPECT_FALSE(float_cast(DataType::Float(32), DataType::Int(32), Facts::of_int(-5, 5)).negzero);
}

TEST(GenFacts, FitsIntMeansTheTruncationFits) {
  const DataType f32 = DataType::Float(32), i8 = DataType::Int(8), u8 = DataType::UInt(8);
  EXPECT_TRUE(fits_int(i8, Facts::of_float(-128.9, 127.9)));
  EXPECT_FALSE(fits_int(i8, Facts::of_float(-129.0, 0)));
  EXPECT_FALSE(fits_int(u8, Facts::of_float(-1.0, 3)));
  EXPECT_TRUE(fits_int(u8, Facts::of_float(-0.9, 255.5)));
  EXPECT_FALSE(fits_int(i8, Facts::of_float(0, 1, /*nan=*/true)));
  EXPECT_FALSE(fits_int(DataType::Int(32), Facts::full(f32)));
  // float32 has no 2147483647: the largest int32 it holds below 2^31 is 2147483520.
  EXPECT_EQ(round_toward_zero(f32, 2147483647.0), 2147483520.0);
  EXPECT_EQ(round_toward_zero(DataType::Float(16), 32767.0), 32752.0);
  EXPECT_EQ(round_toward_zero(DataType::BFloat16(), 255.0), 255.0);
  EXPECT_TRUE(representable(DataType::BFloat16(), 255.0));
  EXPECT_FALSE(representable(DataType::BFloat16(), 257.0));
  EXPECT_TRUE(representable(DataType::Float(16), std::ldexp(1.0, -24))); // the smallest subnormal
}

TEST(GenFacts, EdgeLiteralsAreValuesOfTheirType) {
  const Chances &chances = Profile::default_profile().chances;
  SeededChoices src(3);
  Rand r(src);
  const DataType ints[] = {DataType::Int(8), DataType::UInt(16), DataType::Int(64),
                           DataType::UInt(64), DataType::Bool()};
  for (int i = 0; i < 2000; ++i) {
    const DataType t = ints[r.below(std::size(ints))];
    const int64_t v = int_value(r, t, 50, chances);
    EXPECT_GE(i128{v}, min_of(t));
    EXPECT_LE(i128{v}, std::min<i128>(max_of(t), INT64_MAX));
  }
  const DataType floats[] = {DataType::Float(16), DataType::BFloat16(), DataType::Float(32),
                             DataType::Float(64)};
  for (int i = 0; i < 2000; ++i) {
    const DataType t = floats[r.below(std::size(floats))];
    const double v = float_value(r, t, 50, true, chances);
    EXPECT_TRUE(representable(t, v)) << ir::to_string(t) << " " << v;
    // Without specials: no NaN, no infinity, no subnormal.
    const double w = float_value(r, t, 50, false, chances);
    EXPECT_TRUE(std::isfinite(w)) << ir::to_string(t) << " " << w;
    EXPECT_TRUE(w == 0 || std::fabs(w) >= std::ldexp(1.0, t.is_bfloat() || t.bits == 32 ? -126
                                                          : t.bits == 16                ? -14
                                                                                        : -1022))
        << ir::to_string(t) << " " << w;
  }
}

} // namespace
} // namespace tirconf::gen
