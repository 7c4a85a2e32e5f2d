#include "oracle/numeric/small_float.h"

#include <cmath>
#include <stdexcept>

namespace tirconf::oracle::numeric::detail {

namespace {

int frac_bits(const SmallFloat &f) {
  return f.precision - 1;
}
int bias(const SmallFloat &f) {
  return f.emax;
}
int exp_field_max(const SmallFloat &f) {
  return 2 * f.emax + 1;
} // all ones

double max_finite(const SmallFloat &f) {
  return std::ldexp(2.0 - std::ldexp(1.0, 1 - f.precision), f.emax);
}

} // namespace

double decode(uint16_t bits, const SmallFloat &f) {
  const int frac = frac_bits(f);
  const int sign_shift = frac + (16 - 1 - frac); // always 15: 1 + exponent + fraction = 16
  const bool negative = (bits >> sign_shift) & 1;
  const int exponent = (bits >> frac) & exp_field_max(f);
  const uint32_t fraction = bits & ((1u << frac) - 1);
  double magnitude;
  if (exponent == exp_field_max(f)) {
    magnitude = fraction == 0 ? INFINITY : NAN;
  } else if (exponent == 0) {
    // Subnormal: 0.fraction * 2^emin.
    magnitude = std::ldexp(static_cast<double>(fraction), f.emin - frac);
  } else {
    // Normal: 1.fraction * 2^(exponent - bias).
    magnitude =
        std::ldexp(1.0 + std::ldexp(static_cast<double>(fraction), -frac), exponent - bias(f));
  }
  return negative ? -magnitude : magnitude;
}

double round_to(double x, const SmallFloat &f) {
  if (std::isnan(x) || std::isinf(x) || x == 0)
    return x;
  const double a = std::fabs(x);
  int e;
  std::frexp(a, &e);                            // a = m * 2^e, m in [0.5, 1)
  const int lead = std::max(e - 1, f.emin);     // exponent of the leading place (subnormals: emin)
  const int quantum = lead - (f.precision - 1); // exponent of the last place kept
  // Scaling by a power of two is exact (s stays far inside double's normal range), and so are
  // floor and the subtraction (s < 2^precision).
  const double s = std::ldexp(a, -quantum);
  double k = std::floor(s);
  const double rest = s - k;
  if (rest > 0.5 || (rest == 0.5 && std::fmod(k, 2.0) == 1.0))
    k += 1.0;
  double r = std::ldexp(k, quantum);
  if (r > max_finite(f))
    r = INFINITY;
  return std::copysign(r, x);
}

uint16_t encode(double value, const SmallFloat &f) {
  const int frac = frac_bits(f);
  const uint32_t sign = std::signbit(value) ? 0x8000u : 0u;
  const uint32_t exp_all_ones = static_cast<uint32_t>(exp_field_max(f)) << frac;
  if (std::isnan(value))
    return static_cast<uint16_t>(sign | exp_all_ones | (1u << (frac - 1)));
  if (std::isinf(value))
    return static_cast<uint16_t>(sign | exp_all_ones);
  const double a = std::fabs(value);
  if (a == 0)
    return static_cast<uint16_t>(sign);
  int e;
  std::frexp(a, &e);
  const int lead = e - 1;
  double significand;
  uint32_t exponent_field;
  if (lead < f.emin) {
    exponent_field = 0;
    significand = std::ldexp(a, frac - f.emin); // the fraction field, an integer
  } else {
    exponent_field = static_cast<uint32_t>(lead + bias(f));
    significand = std::ldexp(a, frac - lead) - std::ldexp(1.0, frac);
  }
  if (significand != std::floor(significand) ||
      exponent_field >= static_cast<uint32_t>(exp_field_max(f)))
    throw std::logic_error("oracle bug: encode of a value the format does not hold");
  return static_cast<uint16_t>(sign | (exponent_field << frac) |
                               static_cast<uint32_t>(significand));
}

} // namespace tirconf::oracle::numeric::detail
