// The LLVM backend's lane arithmetic against reference code written here: float16/bfloat16
// decoding and round-to-nearest-even (exhaustively over every pattern and every midpoint),
// integer-to-bfloat16 without double rounding, 16-bit float arithmetic, C casts, and the integer
// division family ([sem.expr.cast.*], [sem.expr.float_ieee], [sem.expr.div] ..
// [sem.expr.floormod]).
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "tests/llvm_helpers.h"

namespace tirconf::llvmtest {
namespace {

class LlvmNumeric : public OnLlvm {};

// ---------------------------------------------------------------- reference 16-bit formats

struct Format {
  int mant, exp; // fraction and exponent bits
  int bias() const { return (1 << (exp - 1)) - 1; }
  uint16_t inf() const { return static_cast<uint16_t>(((1 << exp) - 1) << mant); }
};
constexpr Format kHalf{10, 5}, kBf16{7, 8};

// The value of a pattern, from the format's definition: (-1)^s * 2^(e - bias) * 1.f, or
// 2^(1 - bias) * 0.f for e == 0.
double ref_value(uint16_t bits, Format f) {
  const int s = bits >> 15;
  const int e = (bits >> f.mant) & ((1 << f.exp) - 1);
  const int m = bits & ((1 << f.mant) - 1);
  double v;
  if (e == (1 << f.exp) - 1)
    v = m ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
  else if (e == 0)
    v = std::ldexp(m, 1 - f.bias() - f.mant);
  else
    v = std::ldexp((1 << f.mant) + m, e - f.bias() - f.mant);
  return s ? -v : v;
}

// x rounded to nearest, ties to even: scale |x| by the quantum of its binade (a power of two,
// so exactly), round the integer count, rebuild the pattern; overflow past the largest finite
// value gives infinity. A different computation from the backend's bit manipulation.
uint16_t ref_round(double x, Format f) {
  const uint16_t sign = std::signbit(x) ? 0x8000 : 0;
  if (std::isnan(x))
    return static_cast<uint16_t>(sign | f.inf() | (1 << (f.mant - 1)));
  const double a = std::fabs(x);
  if (std::isinf(a))
    return sign | f.inf();
  if (a == 0)
    return sign;
  int e;
  std::frexp(a, &e); // a = r * 2^e, r in [0.5, 1): the binade's exponent is e - 1
  const int emin = 1 - f.bias();
  const int binade = std::max(e - 1, emin);
  const double q = std::ldexp(1.0, binade - f.mant); // spacing of representable values there
  const double n = a / q;                            // exact: q is a power of two
  double m = std::floor(n);
  const double frac = n - m;
  if (frac > 0.5 || (frac == 0.5 && std::fmod(m, 2.0) == 1.0))
    m += 1;
  const double v = m * q;
  const double max_finite = std::ldexp(2.0 - std::ldexp(1.0, -f.mant), f.bias());
  if (v > max_finite)
    return sign | f.inf();
  if (v < std::ldexp(1.0, emin))
    return static_cast<uint16_t>(sign | static_cast<uint16_t>(m)); // subnormal (or 0)
  int ve;
  const double r = std::frexp(v, &ve); // v = r * 2^ve
  const int field = ve - 1 + f.bias();
  const uint16_t frac_bits = static_cast<uint16_t>(std::ldexp(r * 2 - 1, f.mant));
  return static_cast<uint16_t>(sign | (field << f.mant) | frac_bits);
}

bool same_float(uint16_t want, uint16_t got, Format f) {
  const bool wn = std::isnan(ref_value(want, f)), gn = std::isnan(ref_value(got, f));
  return wn || gn ? wn == gn : want == got; // any NaN equals any NaN
}

// Every finite value, both signs, and the midpoints between neighbours (the ties), with the
// doubles just below and above each midpoint; plus the limits around overflow and underflow.
std::vector<double> rounding_inputs(Format f) {
  std::vector<double> xs;
  const int finite = (((1 << f.exp) - 1) << f.mant); // patterns 0 .. finite-1 are finite, >= 0
  for (int p = 0; p < finite; ++p) {
    const double v = ref_value(static_cast<uint16_t>(p), f);
    const double next = p + 1 < finite
                            ? ref_value(static_cast<uint16_t>(p + 1), f)
                            : std::ldexp(1.0, f.bias() + 1); // the value past the largest
    const double mid = (v + next) / 2;                       // exact in double
    for (double x : {v, mid, std::nextafter(mid, 0.0), std::nextafter(mid, 1e300)}) {
      xs.push_back(x);
      xs.push_back(-x);
    }
  }
  for (double x :
       {std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN(), 1e300,
        std::numeric_limits<double>::denorm_min(), std::ldexp(1.0, f.bias() + 1)}) {
    xs.push_back(x);
    xs.push_back(-x);
  }
  return xs;
}

// ---------------------------------------------------------------- conversions

std::string cast_program(const char *from, const char *to, size_t n) {
  return "@T.prim_func\ndef main(A: T.Buffer((" + std::to_string(n) + ",), \"" + from +
         "\"), B: T.Buffer((" + std::to_string(n) + ",), \"" + to + "\")):\n    for i in range(" +
         std::to_string(n) + "):\n        B[i] = T.Cast(\"" + to + "\", A[i])\n";
}

TEST_P(LlvmNumeric, Float16AndBFloat16DecodeEveryPattern) {
  for (auto [name, f] : {std::pair{"float16", kHalf}, std::pair{"bfloat16", kBf16}}) {
    std::vector<uint64_t> patterns(65536);
    for (int p = 0; p < 65536; ++p)
      patterns[static_cast<size_t>(p)] = static_cast<uint64_t>(p);
    NDArray a = from_bits(*ir::parse_dtype(name), {65536}, patterns), b(f64, {65536});
    Outcome o = run(cast_program(name, "float64", 65536), {&a, &b});
    auto got = float_data(buffer(o, "B"));
    ASSERT_EQ(got.size(), 65536u);
    for (int p = 0; p < 65536; ++p) {
      const double want = ref_value(static_cast<uint16_t>(p), f),
                   have = got[static_cast<size_t>(p)];
      if (std::isnan(want)) {
        EXPECT_TRUE(std::isnan(have)) << name << " pattern " << p;
      } else {
        ASSERT_EQ(std::memcmp(&want, &have, 8), 0)
            << name << " pattern " << p << ": want " << want << " got " << have;
      }
    }
  }
}

TEST_P(LlvmNumeric, Float64ToFloat16AndBFloat16RoundToNearestEven) {
  for (auto [name, f] : {std::pair{"float16", kHalf}, std::pair{"bfloat16", kBf16}}) {
    const auto xs = rounding_inputs(f);
    NDArray a = floats(f64, {static_cast<int64_t>(xs.size())}, xs),
            b(*ir::parse_dtype(name), {static_cast<int64_t>(xs.size())});
    Outcome o = run(cast_program("float64", name, xs.size()), {&a, &b});
    auto got = bits_data(buffer(o, "B"));
    ASSERT_EQ(got.size(), xs.size());
    int bad = 0;
    for (size_t i = 0; i < xs.size() && bad < 10; ++i) {
      const uint16_t want = ref_round(xs[i], f);
      if (!same_float(want, static_cast<uint16_t>(got[i]), f)) {
        ++bad;
        ADD_FAILURE() << name << ": " << std::hexfloat << xs[i] << " -> 0x" << std::hex << got[i]
                      << ", want 0x" << want;
      }
    }
  }
}

TEST_P(LlvmNumeric, Float32ToFloat16RoundsOnceFromTheExactValue) {
  // float32 holds every float16 midpoint exactly; the neighbours are one float32 step away.
  std::vector<double> xs;
  for (int p = 0; p < 0x7c00; ++p) {
    const double v = ref_value(static_cast<uint16_t>(p), kHalf),
                 next = ref_value(static_cast<uint16_t>(p + 1), kHalf);
    const float mid = static_cast<float>((v + next) / 2);
    for (float x : {mid, std::nextafter(mid, 0.0f), std::nextafter(mid, 1e30f)})
      xs.push_back(x);
  }
  NDArray a = floats(f32, {static_cast<int64_t>(xs.size())}, xs),
          b(f16, {static_cast<int64_t>(xs.size())});
  auto got = bits_data(buffer(run(cast_program("float32", "float16", xs.size()), {&a, &b}), "B"));
  ASSERT_EQ(got.size(), xs.size());
  for (size_t i = 0; i < xs.size(); ++i)
    ASSERT_EQ(got[i], ref_round(xs[i], kHalf)) << std::hexfloat << xs[i];
}

// bfloat16 of a 64-bit integer: a value whose rounding to double would create a tie (the
// bits below double's precision are what breaks it) must still round correctly.
TEST_P(LlvmNumeric, Int64ToBFloat16HasNoDoubleRounding) {
  std::vector<int64_t> xs;
  std::vector<uint64_t> want;
  // The exact reference on integers: keep 8 significant bits, ties to even.
  auto round_int = [](uint64_t a) -> std::pair<uint64_t, int> { // mantissa (8 bits) and shift
    int shift = 0;
    while ((a >> shift) >= 256)
      ++shift;
    uint64_t m = a >> shift;
    if (shift > 0) {
      const uint64_t rem = a & ((uint64_t{1} << shift) - 1), half = uint64_t{1} << (shift - 1);
      if (rem > half || (rem == half && (m & 1)))
        ++m;
      if (m == 256)
        m = 128, ++shift;
    }
    return {m, shift};
  };
  for (int e = 54; e <= 62; ++e)
    for (uint64_t m : {128u, 129u, 200u, 255u})
      for (uint64_t low : {uint64_t{0}, uint64_t{1}, uint64_t{1} << 10}) {
        // m at bit e-7, then exactly half a unit, then `low` sticky bits below double's 53.
        const uint64_t a = (m << (e - 7)) + (uint64_t{1} << (e - 8)) + low;
        for (int sign : {1, -1}) {
          xs.push_back(sign * static_cast<int64_t>(a));
          auto [mant, shift] = round_int(a);
          const int exp_field = 127 + shift + 7; // value = mant * 2^shift, mant in [128, 256)
          want.push_back((sign < 0 ? 0x8000u : 0u) | static_cast<uint64_t>(exp_field << 7) |
                         (mant - 128));
        }
      }
  NDArray a = ints(i64, {static_cast<int64_t>(xs.size())}, xs),
          b(bf16, {static_cast<int64_t>(xs.size())});
  auto got = bits_data(buffer(run(cast_program("int64", "bfloat16", xs.size()), {&a, &b}), "B"));
  ASSERT_EQ(got.size(), xs.size());
  for (size_t i = 0; i < xs.size(); ++i)
    EXPECT_EQ(got[i], want[i]) << xs[i];
}

TEST_P(LlvmNumeric, CastsFollowStaticCast) {
  // [sem.expr.cast.int_to_int] int32 300 -> uint8 44; int8 -1 -> uint32 4294967295;
  // [sem.expr.cast.float_to_int] truncation toward zero; [sem.expr.cast.to_bool] NaN -> 1,
  // -0.0 -> 0; uint64 max -> float32 rounds to 2^64.
  const std::string src = R"(@T.prim_func
def main(I: T.Buffer((3,), "int32"), F: T.Buffer((4,), "float32"), U: T.Buffer((1,), "uint64"), O: T.Buffer((8,), "int64"), R: T.Buffer((1,), "float32")):
    O[0] = T.Cast("int64", T.Cast("uint8", I[0]))
    O[1] = T.Cast("int64", T.Cast("uint32", T.Cast("int8", I[1])))
    O[2] = T.Cast("int64", F[0])
    O[3] = T.Cast("int64", F[1])
    O[4] = T.Cast("int64", T.Cast("bool", F[2]))
    O[5] = T.Cast("int64", T.Cast("bool", F[3]))
    O[6] = T.Cast("int64", T.Cast("int16", I[2]))
    O[7] = T.Cast("int64", T.Cast("uint16", I[1]))
    R[0] = T.Cast("float32", U[0])
)";
  NDArray in = ints(i32, {3}, {300, -1, 70000});
  NDArray fl = floats(f32, {4}, {-1.5, 2.9, std::nan(""), -0.0});
  NDArray big = from_bits(u64, {1}, {~uint64_t{0}});
  NDArray out(i64, {8}), r(f32, {1});
  Outcome o = run(src, {&in, &fl, &big, &out, &r});
  EXPECT_EQ(int_data(buffer(o, "O")),
            (std::vector<int64_t>{44, 4294967295, -1, 2, 1, 0, 4464, 65535}));
  EXPECT_EQ(float_data(buffer(o, "R")), (std::vector<double>{18446744073709551616.0}));
}

// ---------------------------------------------------------------- arithmetic

// float16 / bfloat16 + - * / on random operands. For + - * the double result is exact, so the
// reference is exactly the correctly rounded value; for / the double quotient is rounded first,
// which rounds to the same 16-bit value because double has at least 2p + 2 bits (p = 11, 8).
TEST_P(LlvmNumeric, SixteenBitArithmeticIsCorrectlyRounded) {
  const std::string ops[] = {"+", "-", "*", "/"};
  for (auto [name, f] : {std::pair{"float16", kHalf}, std::pair{"bfloat16", kBf16}}) {
    const int n = 4096;
    std::mt19937 rng(42);
    std::vector<uint64_t> xa, xb;
    for (int i = 0; i < n; ++i) {
      xa.push_back(rng() & 0xffff);
      xb.push_back(rng() & 0xffff);
    }
    const DataType t = *ir::parse_dtype(name);
    std::string src = "@T.prim_func\ndef main(A: T.Buffer((" + std::to_string(n) + ",), \"" + name +
                      "\"), B: T.Buffer((" + std::to_string(n) + ",), \"" + name +
                      "\"), C: T.Buffer((4, " + std::to_string(n) + "), \"" + name +
                      "\")):\n    for i in range(" + std::to_string(n) + "):\n";
    for (int k = 0; k < 4; ++k)
      src += "        C[" + std::to_string(k) + ", i] = A[i] " + ops[k] + " B[i]\n";
    NDArray a = from_bits(t, {n}, xa), b = from_bits(t, {n}, xb), c(t, {4, n});
    auto got = bits_data(buffer(run(src, {&a, &b, &c}), "C"));
    ASSERT_EQ(got.size(), 4u * n);
    for (int k = 0; k < 4; ++k)
      for (int i = 0; i < n; ++i) {
        const double x = ref_value(static_cast<uint16_t>(xa[static_cast<size_t>(i)]), f);
        const double y = ref_value(static_cast<uint16_t>(xb[static_cast<size_t>(i)]), f);
        const double exact = k == 0 ? x + y : k == 1 ? x - y : k == 2 ? x * y : x / y;
        const uint16_t want = ref_round(exact, f);
        const uint16_t have = static_cast<uint16_t>(got[static_cast<size_t>(k * n + i)]);
        ASSERT_TRUE(same_float(want, have, f))
            << name << " " << x << " " << ops[k] << " " << y << " = 0x" << std::hex << have
            << ", want 0x" << want;
      }
  }
}

// [sem.expr.div] [sem.expr.mod] [sem.expr.floordiv] [sem.expr.floormod] over every int8 pair
// with a nonzero divisor (INT_MIN / -1 excluded: unspecified), against C's truncating / and %
// and floor of the exact quotient.
TEST_P(LlvmNumeric, IntegerDivisionFamilyOnEveryInt8Pair) {
  std::vector<int64_t> xa, xb;
  for (int a = -128; a < 128; ++a)
    for (int b = -128; b < 128; ++b)
      if (b != 0 && !(a == -128 && b == -1)) {
        xa.push_back(a);
        xb.push_back(b);
      }
  const auto n = static_cast<int64_t>(xa.size());
  const std::string N = std::to_string(n);
  const std::string src =
      "@T.prim_func\ndef main(A: T.Buffer((" + N + ",), \"int8\"), B: T.Buffer((" + N +
      ",), \"int8\"), C: T.Buffer((4, " + N + "), \"int8\")):\n    for i in range(" + N +
      "):\n        C[0, i] = T.Div(A[i], B[i])\n        C[1, i] = T.truncmod(A[i], B[i])\n"
      "        C[2, i] = A[i] // B[i]\n        C[3, i] = A[i] % B[i]\n";
  NDArray a = ints(i8, {n}, xa), b = ints(i8, {n}, xb), c(i8, {4, n});
  auto got = int_data(buffer(run(src, {&a, &b, &c}), "C"));
  ASSERT_EQ(got.size(), static_cast<size_t>(4 * n));
  for (int64_t i = 0; i < n; ++i) {
    const int64_t x = xa[static_cast<size_t>(i)], y = xb[static_cast<size_t>(i)];
    const int64_t fd =
        static_cast<int64_t>(std::floor(static_cast<double>(x) / static_cast<double>(y)));
    const int64_t want[4] = {x / y, x % y, fd, x - fd * y};
    for (int k = 0; k < 4; ++k)
      ASSERT_EQ(got[static_cast<size_t>(k * n + i)], static_cast<int8_t>(want[k]))
          << x << " op" << k << " " << y;
  }
}

TEST_P(LlvmNumeric, UnsignedAndWideDivision) {
  const std::string src = R"(@T.prim_func
def main(U: T.Buffer((2,), "uint32"), L: T.Buffer((2,), "int64"), O: T.Buffer((4,), "uint32"), P: T.Buffer((4,), "int64")):
    O[0] = U[0] // U[1]
    O[1] = U[0] % U[1]
    O[2] = T.Div(U[0], U[1])
    O[3] = T.truncmod(U[0], U[1])
    P[0] = L[0] // L[1]
    P[1] = L[0] % L[1]
    P[2] = T.Div(L[0], L[1])
    P[3] = T.truncmod(L[0], L[1])
)";
  NDArray u = ints(u32, {2}, {4294967295, 7}), l = ints(i64, {2}, {-9223372036854775807, 10});
  NDArray o(u32, {4}), p(i64, {4});
  Outcome out = run(src, {&u, &l, &o, &p});
  EXPECT_EQ(int_data(buffer(out, "O")), (std::vector<int64_t>{613566756, 3, 613566756, 3}));
  // -9223372036854775807 = -922337203685477581 * 10 + 3 (floor); trunc: -922337203685477580, -7.
  EXPECT_EQ(int_data(buffer(out, "P")),
            (std::vector<int64_t>{-922337203685477581, 3, -922337203685477580, -7}));
}

TEST_P(LlvmNumeric, DivisionByZeroIsAnErrorInAnyLane) {
  const std::string src = R"(@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32")):
    C[0:4] = A[0:4] // B[0:4]
)";
  NDArray a = ints(i32, {4}, {1, 2, 3, 4}), b = ints(i32, {4}, {1, 1, 0, 1}), c(i32, {4});
  expect_error(run(src, {&a, &b, &c}), ErrorClass::DivideByZero, "sem.expr.floordiv");
  NDArray ok = ints(i32, {4}, {1, 2, -3, 4});
  EXPECT_EQ(int_data(buffer(run(src, {&a, &ok, &c}), "C")), (std::vector<int64_t>{1, 1, -1, 1}));
}

TEST_P(LlvmNumeric, IntegerArithmeticWraps) {
  // [sem.expr.int_wrap] int8 127 + 1 = -128; uint8 0 - 1 = 255; int32 2^30 * 4 = 0.
  const std::string src = R"(@T.prim_func
def main(A: T.Buffer((3,), "int8"), U: T.Buffer((1,), "uint8"), I: T.Buffer((1,), "int32")):
    A[0] = A[0] + T.int8(1)
    U[0] = U[0] - T.uint8(1)
    I[0] = I[0] * 4
)";
  NDArray a = ints(i8, {3}, {127, 0, 0}), u = ints(u8, {1}, {0}), i = ints(i32, {1}, {1 << 30});
  Outcome o = run(src, {&a, &u, &i});
  EXPECT_EQ(int_data(buffer(o, "A"))[0], -128);
  EXPECT_EQ(int_data(buffer(o, "U"))[0], 255);
  EXPECT_EQ(int_data(buffer(o, "I"))[0], 0);
}

INSTANTIATE_TEST_SUITE_P(Configs, LlvmNumeric, ::testing::Values("llvm-O0", "llvm-O2"));

} // namespace
} // namespace tirconf::llvmtest
