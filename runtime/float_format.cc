#include "runtime/float_format.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace tirconf::runtime {

double unpack_float(uint64_t bits, BinaryFormat f) {
  const int bias = (1 << (f.exp_bits - 1)) - 1;
  const uint64_t frac = bits & ((uint64_t{1} << f.frac_bits) - 1);
  const int exp = static_cast<int>((bits >> f.frac_bits) & ((uint64_t{1} << f.exp_bits) - 1));
  const bool negative = (bits >> (f.frac_bits + f.exp_bits)) & 1;
  if (exp == (1 << f.exp_bits) - 1) {
    if (frac == 0)
      return negative ? -INFINITY : INFINITY;
    uint64_t d =
        (uint64_t{negative} << 63) | (uint64_t{0x7ff} << 52) | (frac << (52 - f.frac_bits));
    return std::bit_cast<double>(d);
  }
  // value = significand * 2^(exponent - frac_bits); ldexp by a power of two is exact here.
  double v = exp == 0 ? std::ldexp(static_cast<double>(frac), 1 - bias - f.frac_bits)
                      : std::ldexp(static_cast<double>(frac | (uint64_t{1} << f.frac_bits)),
                                   exp - bias - f.frac_bits);
  return negative ? -v : v;
}

uint64_t pack_float_rne(double d, BinaryFormat f) {
  const uint64_t b = std::bit_cast<uint64_t>(d);
  const uint64_t sign = (b >> 63) << (f.frac_bits + f.exp_bits);
  const int dexp = static_cast<int>((b >> 52) & 0x7ff);
  const uint64_t dfrac = b & ((uint64_t{1} << 52) - 1);
  const uint64_t exp_all_ones = ((uint64_t{1} << f.exp_bits) - 1) << f.frac_bits;
  if (dexp == 0x7ff) {
    if (dfrac == 0)
      return sign | exp_all_ones;
    uint64_t quiet = uint64_t{1} << (f.frac_bits - 1);
    return sign | exp_all_ones | quiet | (dfrac >> (52 - f.frac_bits));
  }
  if (dexp == 0 && dfrac == 0)
    return sign;
  // |d| = m * 2^e with m an integer below 2^53.
  uint64_t m = dexp == 0 ? dfrac : (dfrac | (uint64_t{1} << 52));
  int e = dexp == 0 ? -1074 : dexp - 1075;
  const int bias = (1 << (f.exp_bits - 1)) - 1;
  const int emin = 1 - bias;
  const int lead = e + (63 - std::countl_zero(m)); // exponent of m's leading bit
  int q = std::max(lead, emin) - f.frac_bits;      // exponent of the target's last place
  const int shift = q - e;
  uint64_t k; // |result| = k * 2^q
  if (shift <= 0) {
    k = m << -shift; // exact: m has at most frac_bits + 1 bits here
  } else if (shift >= 64) {
    k = 0; // m < 2^53 <= 2^(shift-1): below half the last place
  } else {
    k = m >> shift;
    const uint64_t rem = m & ((uint64_t{1} << shift) - 1);
    const uint64_t half = uint64_t{1} << (shift - 1);
    if (rem > half || (rem == half && (k & 1)))
      ++k;
  }
  if (k == (uint64_t{2} << f.frac_bits)) { // rounding carried into a new binade
    k >>= 1;
    ++q;
  }
  if (k < (uint64_t{1} << f.frac_bits))
    return sign | k; // subnormal or zero
  const int biased = q + f.frac_bits + bias;
  if (biased >= (1 << f.exp_bits) - 1)
    return sign | exp_all_ones; // overflow
  return sign | (static_cast<uint64_t>(biased) << f.frac_bits) | (k - (uint64_t{1} << f.frac_bits));
}

} // namespace tirconf::runtime
