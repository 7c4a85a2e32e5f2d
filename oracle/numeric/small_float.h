// The oracle's own reading and rounding of the 16-bit float formats (float16, bfloat16), shared
// by float16.cc and bfloat16.cc. Written independently of runtime/float_format.h (which moves
// data in and out): this one works on values (frexp/ldexp/floor), that one on bit fields, and
// tests/numeric_float16_test.cc checks that they agree.
#pragma once

#include <cstdint>

namespace tirconf::oracle::numeric::detail {

struct SmallFloat {
  int precision; // significand bits, the implicit one included (float16 11, bfloat16 8)
  int emin;      // exponent of the smallest normal value (float16 -14, bfloat16 -126)
  int emax;      // exponent of the largest finite value (float16 15, bfloat16 127)
};
inline constexpr SmallFloat kHalf{11, -14, 15};
inline constexpr SmallFloat kBF16{8, -126, 127};

// The value of a 16-bit pattern, exactly. NaN patterns give a quiet NaN of the same sign.
double decode(uint16_t bits, const SmallFloat &f);

// x rounded once to the nearest value of `f`, ties to even; subnormals kept; a magnitude that
// rounds past the largest finite value becomes infinity; NaN stays NaN. The result is a double
// holding a value of `f` exactly.
double round_to(double x, const SmallFloat &f);

// The pattern of a value `f` holds exactly (as round_to returns). NaN becomes the quiet NaN
// with the same sign (payloads are unspecified, [unspec.nan_payload]).
uint16_t encode(double value, const SmallFloat &f);

} // namespace tirconf::oracle::numeric::detail
