// [sem.expr.float_ieee] [sem.expr.cast.to_float] bfloat16 conversions and arithmetic.
#include "oracle/numeric/bfloat16.h"

#include <cmath>

#include "oracle/numeric/small_float.h"

namespace tirconf::oracle::numeric {

using detail::kBF16;

double bf16_to_double(uint16_t h) {
  return detail::decode(h, kBF16);
}
float bf16_to_float(uint16_t h) {
  return static_cast<float>(bf16_to_double(h));
}
uint16_t bf16_from_double(double d) {
  return detail::encode(detail::round_to(d, kBF16), kBF16);
}
uint16_t bf16_from_float(float f) {
  return bf16_from_double(static_cast<double>(f));
}

// Computed in double and rounded once; see bfloat16.h for why that is correctly rounded.
uint16_t bf16_add(uint16_t a, uint16_t b) {
  return bf16_from_double(bf16_to_double(a) + bf16_to_double(b));
}
uint16_t bf16_sub(uint16_t a, uint16_t b) {
  return bf16_from_double(bf16_to_double(a) - bf16_to_double(b));
}
uint16_t bf16_mul(uint16_t a, uint16_t b) {
  return bf16_from_double(bf16_to_double(a) * bf16_to_double(b));
}
uint16_t bf16_div(uint16_t a, uint16_t b) {
  return bf16_from_double(bf16_to_double(a) / bf16_to_double(b));
}
uint16_t bf16_sqrt(uint16_t a) {
  return bf16_from_double(std::sqrt(bf16_to_double(a)));
}

} // namespace tirconf::oracle::numeric
