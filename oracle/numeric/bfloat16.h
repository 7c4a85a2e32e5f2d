// bfloat16 for the oracle (1 sign, 8 exponent, 7 fraction bits: float32's range, p = 8):
// conversions and the arithmetic of [sem.expr.float_ieee] ("BFloat is bfloat16 rounded the same
// way": nearest, ties to even, subnormals kept, each op rounded) and [sem.expr.cast.to_float].
// Conversions round to nearest-even, never by truncating float32's low bits.
//
// Arithmetic is computed in double and rounded once to bfloat16. Why that equals rounding the
// exact result once (p = 8, double q = 53):
//   * x * y: the exact product has at most 16 significant bits and magnitude in
//     [2^-266, 2^256): a normal double, exact.
//   * x + y, x - y: write x = X * 2^ex, y = Y * 2^ey with 8-bit integers X, Y and ex >= ey. If
//     ex - ey <= 44 the exact sum is an integer below 2^(8 + 44 + 1) = 2^53 times 2^ey: exact in
//     double. Otherwise |y| < 2^-36 |x|: the exact sum and its double rounding both lie within
//     2^-36 |x| of x, while the nearest bfloat16 midpoint is at least 2^-9 |x| from x (x itself
//     is a bfloat16 value), so both round to x. (Unlike float16, bfloat16's exponent range is
//     too wide for every sum to be exact.)
//   * x / y, sqrt(x): a quotient or root of p-bit numbers that is not a (p+1)-bit number is at
//     least 2^-(2p+2) = 2^-18 (relative) from every bfloat16 midpoint; double's rounding error is
//     at most 2^-53, so the double never reaches a midpoint the exact value is not on, and
//     rounding it gives the same bfloat16 (Figueroa 1995: innocuous when q >= 2p + 2 = 18).
//     All intermediates stay normal doubles (magnitudes >= 2^-261).
// tests/numeric_bfloat16_test.cc checks these against a float (24-bit) intermediate, which
// satisfies the same bound (24 >= 18), and hand-derived ties.
#pragma once

#include <cstdint>

namespace tirconf::oracle::numeric {

double bf16_to_double(uint16_t h);   // exact
float bf16_to_float(uint16_t h);     // exact (a bfloat16 is the top half of a float32)
uint16_t bf16_from_double(double d); // rounded once, to nearest-even
uint16_t bf16_from_float(float f);   // rounded once

uint16_t bf16_add(uint16_t a, uint16_t b);
uint16_t bf16_sub(uint16_t a, uint16_t b);
uint16_t bf16_mul(uint16_t a, uint16_t b);
uint16_t bf16_div(uint16_t a, uint16_t b);
uint16_t bf16_sqrt(uint16_t a);

} // namespace tirconf::oracle::numeric
