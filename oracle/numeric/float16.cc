// [sem.expr.float_ieee] [sem.expr.cast.to_float] float16 conversions and arithmetic.
#include "oracle/numeric/float16.h"

#include <cmath>

#include "oracle/numeric/small_float.h"

namespace tirconf::oracle::numeric {

using detail::kHalf;

double half_to_double(uint16_t h) {
  return detail::decode(h, kHalf);
}
float half_to_float(uint16_t h) {
  return static_cast<float>(half_to_double(h));
}
uint16_t half_from_double(double d) {
  return detail::encode(detail::round_to(d, kHalf), kHalf);
}
uint16_t half_from_float(float f) {
  return half_from_double(static_cast<double>(f));
}

// Computed in double and rounded once; see float16.h for why that is correctly rounded.
uint16_t half_add(uint16_t a, uint16_t b) {
  return half_from_double(half_to_double(a) + half_to_double(b));
}
uint16_t half_sub(uint16_t a, uint16_t b) {
  return half_from_double(half_to_double(a) - half_to_double(b));
}
uint16_t half_mul(uint16_t a, uint16_t b) {
  return half_from_double(half_to_double(a) * half_to_double(b));
}
uint16_t half_div(uint16_t a, uint16_t b) {
  return half_from_double(half_to_double(a) / half_to_double(b));
}
uint16_t half_sqrt(uint16_t a) {
  return half_from_double(std::sqrt(half_to_double(a)));
}

} // namespace tirconf::oracle::numeric
