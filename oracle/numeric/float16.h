// IEEE 754 binary16 (float16) for the oracle: conversions and the arithmetic of
// [sem.expr.float_ieee] ("each op rounds its own result", round to nearest, ties to even,
// subnormals kept) and [sem.expr.cast.to_float].
//
// Arithmetic is computed in double and rounded once to float16. Why that equals rounding the exact
// result once (float16 has p = 11 significand bits, double q = 53):
//   * x * y: the exact product has at most 2p = 22 significant bits and lies in
//     [2^-48, 2^32): it is a double exactly, so there is only the one rounding.
//   * x + y, x - y: every float16 is an integer multiple of 2^-24 below 2^16, so the exact sum
//     is a multiple of 2^-24 below 2^17: at most 41 significant bits, exact in double.
//   * x / y, sqrt(x): not exact in general. Rounding to float16 can only go wrong after a first
//     rounding to double if the double lands on a float16 midpoint (a value with p + 1 bits)
//     that the exact result is not equal to. An exact quotient or square root of p-bit numbers
//     that is not a (p+1)-bit number is at least 2^-(2p+2) (relative) away from every such
//     midpoint, while double's rounding error is at most 2^-53 relative; since
//     53 >= 2p + 2 = 24 the double cannot reach the midpoint (Figueroa, "When is double
//     rounding innocuous?", 1995). All intermediates are normal doubles (nonzero magnitudes >=
//     2^-48).
// tests/numeric_float16_test.cc also checks these operations against a float (24-bit)
// intermediate, which satisfies the same bound, on every special value and many random pairs.
#pragma once

#include <cstdint>

namespace tirconf::oracle::numeric {

double half_to_double(uint16_t h);   // exact
float half_to_float(uint16_t h);     // exact (every float16 is a float)
uint16_t half_from_double(double d); // rounded once, to nearest-even
uint16_t half_from_float(float f);   // rounded once (float -> double is exact)

uint16_t half_add(uint16_t a, uint16_t b);
uint16_t half_sub(uint16_t a, uint16_t b);
uint16_t half_mul(uint16_t a, uint16_t b);
uint16_t half_div(uint16_t a, uint16_t b); // IEEE: x/0 is +-inf or NaN
uint16_t half_sqrt(uint16_t a);

} // namespace tirconf::oracle::numeric
