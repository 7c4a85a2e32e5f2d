#include "generators/literals.h"

#include <cmath>
#include <limits>

#include "generators/facts.h"
#include "runtime/value.h"

namespace tirconf::gen {

using ir::DataType;

namespace {

int mantissa_bits(DataType t) {
  return t.is_bfloat() ? 8 : t.bits == 16 ? 11 : t.bits == 32 ? 24 : 53;
}
int min_normal_exp(DataType t) {
  return t.is_bfloat() ? -126 : t.bits == 16 ? -14 : t.bits == 32 ? -126 : -1022;
}

// Exactly what a literal of t holds once rounded (runtime::Value rounds to nearest-even).
double to_format(DataType t, double v) {
  if (t.bits == 64 && t.is_float())
    return v;
  return runtime::Value::from_double(t.element_of(), v).as_double();
}

} // namespace

int64_t int_value(Rand &r, DataType t, int edge_percent, const Chances &chances) {
  if (t.is_bool())
    return static_cast<int64_t>(r.below(2));
  const i128 lo = min_of(t);
  const i128 hi = t.is_uint() && t.bits == 64 ? i128{INT64_MAX} : max_of(t);
  if (r.percent(edge_percent)) {
    const i128 edges[] = {0, 1, -1, lo, hi, lo + 1, hi - 1, 2, i128{1} << (t.bits / 2), 127, 255};
    i128 v = edges[r.below(std::size(edges))];
    if (v < lo || v > hi)
      v = 0;
    return static_cast<int64_t>(v);
  }
  if (r.percent(chances.small_int)) {
    // Small values, the common case of real programs (offsets, factors).
    int64_t v = r.range(-16, 16);
    if (t.is_uint() && v < 0)
      v = -v;
    if (v > hi)
      v = static_cast<int64_t>(hi);
    return v;
  }
  // Anywhere in the range.
  const uint64_t span = static_cast<uint64_t>(hi - lo);
  uint64_t off = span == UINT64_MAX ? r.raw() : r.below(span + 1);
  return static_cast<int64_t>(lo + static_cast<i128>(off));
}

double round_toward_zero(DataType t, double v) {
  if (v == 0 || std::isnan(v) || std::isinf(v))
    return v;
  const int e = std::max(std::ilogb(v), min_normal_exp(t));
  const double ulp = std::ldexp(1.0, e - (mantissa_bits(t) - 1));
  return std::trunc(v / ulp) * ulp;
}

double float_value(Rand &r, DataType t, int edge_percent, bool specials, const Chances &chances) {
  const double max = float_max(t);
  const double min_normal = std::ldexp(1.0, min_normal_exp(t));
  if (r.percent(edge_percent)) {
    const double inf = std::numeric_limits<double>::infinity();
    const double edges[] = {0.0, -0.0, 1.0, -1.0, max, -max, min_normal, -min_normal, 0.5,
                            // specials last, so a profile without them draws from the front
                            inf, -inf, std::numeric_limits<double>::quiet_NaN(), min_normal / 2,
                            -std::ldexp(min_normal, -(mantissa_bits(t) - 1))};
    const size_t n = specials ? std::size(edges) : std::size(edges) - 5;
    return edges[r.below(n)];
  }
  if (r.percent(chances.float_small_integer))
    return static_cast<double>(r.range(-16, 16));
  // A short decimal d / 2^k or d / 10^k with a few digits, as written in real programs.
  const double num = static_cast<double>(r.range(-9999, 9999));
  const double den = r.percent(chances.float_binary_fraction)
                         ? std::ldexp(1.0, static_cast<int>(r.range(0, 10)))
                         : std::pow(10.0, static_cast<double>(r.range(0, 4)));
  double v = num / den;
  if (std::fabs(v) > max)
    v = std::copysign(max, v);
  return to_format(t, v);
}

} // namespace tirconf::gen
