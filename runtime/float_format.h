// Bit layouts of the 16-bit float formats (IEEE 754 binary16 and bfloat16): representation only.
//
// The run-time value types store every lane as a raw bit pattern; these helpers read such a
// pattern as the exact double it denotes and write a double (a literal, a data file entry) into a
// pattern. They are the runtime's own code, shared by every backend and by the oracle for moving
// data in and out. The oracle's Cast and arithmetic do NOT use them: oracle/numeric has its own,
// independently written conversions, and tests/numeric_float16_test.cc checks the two agree.
#pragma once

#include <cstdint>

namespace tirconf::runtime {

// A binary interchange format: 1 sign bit, `exp_bits` exponent bits, `frac_bits` fraction bits.
struct BinaryFormat {
  int frac_bits;
  int exp_bits;
};
inline constexpr BinaryFormat kFloat16{10, 5};
inline constexpr BinaryFormat kBFloat16{7, 8};
inline constexpr BinaryFormat kFloat32{23, 8};

// The exact value of a pattern (every value of these formats is a double). NaN patterns become a
// double NaN with the same sign and the payload in the top fraction bits.
double unpack_float(uint64_t bits, BinaryFormat f);

// d rounded to nearest, ties to even, into `f`: subnormals kept, values beyond the largest finite
// value (after rounding) become infinity, NaN stays NaN (quiet, sign and top payload bits kept).
uint64_t pack_float_rne(double d, BinaryFormat f);

inline double float16_to_double(uint16_t bits) {
  return unpack_float(bits, kFloat16);
}
inline double bfloat16_to_double(uint16_t bits) {
  return unpack_float(bits, kBFloat16);
}
inline uint16_t double_to_float16_bits(double d) {
  return static_cast<uint16_t>(pack_float_rne(d, kFloat16));
}
inline uint16_t double_to_bfloat16_bits(double d) {
  return static_cast<uint16_t>(pack_float_rne(d, kBFloat16));
}

} // namespace tirconf::runtime
