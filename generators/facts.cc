#include "generators/facts.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tirconf::gen {

using ir::DataType;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

Facts clamp_int(DataType t, i128 lo, i128 hi) {
  if (lo < min_of(t) || hi > max_of(t))
    return Facts::full(t);
  return Facts::of_int(lo, hi);
}

// Outward widening after a rounded float op: relative 2^-6 (coarser than bfloat16's 2^-8
// rounding error) plus the smallest normal of float64 as absolute slack.
double widen_down(double v) {
  if (std::isinf(v))
    return v;
  return v - std::fabs(v) * 0x1p-6 - 0x1p-1022;
}
double widen_up(double v) {
  if (std::isinf(v))
    return v;
  return v + std::fabs(v) * 0x1p-6 + 0x1p-1022;
}

// Bounds past the format's largest finite value become infinite.
Facts float_result(DataType t, double lo, double hi, bool nan, bool negzero) {
  const double m = float_max(t);
  lo = widen_down(lo);
  hi = widen_up(hi);
  if (lo < -m)
    lo = -kInf;
  if (hi > m)
    hi = kInf;
  if (std::isnan(lo) || std::isnan(hi))
    return Facts::full(t);
  return Facts::of_float(lo, hi, nan, negzero);
}

bool has_inf(const Facts &a) {
  return std::isinf(a.flo) || std::isinf(a.fhi);
}
bool has_zero(const Facts &a) {
  return a.flo <= 0 && a.fhi >= 0;
}

} // namespace

i128 min_of(DataType t) {
  if (t.is_uint())
    return 0;
  return -(i128{1} << (t.bits - 1));
}
i128 max_of(DataType t) {
  if (t.is_uint())
    return (i128{1} << t.bits) - 1;
  return (i128{1} << (t.bits - 1)) - 1;
}

double float_max(DataType t) {
  if (t.is_bfloat())
    return 0x1.fep127;
  switch (t.bits) {
  case 16:
    return 65504.0;
  case 32:
    return static_cast<double>(std::numeric_limits<float>::max());
  default:
    return std::numeric_limits<double>::max();
  }
}

Facts Facts::full(DataType t) {
  if (t.is_floating())
    return of_float(-kInf, kInf, true, true);
  if (t.is_integer())
    return of_int(min_of(t), max_of(t));
  return Facts{};
}

Facts Facts::of_int(i128 lo, i128 hi) {
  Facts f;
  f.lo = lo;
  f.hi = hi;
  return f;
}

Facts Facts::of_float(double lo, double hi, bool nan, bool negzero) {
  Facts f;
  f.flo = lo;
  f.fhi = hi;
  f.nan = nan;
  f.negzero = negzero;
  return f;
}

Facts join(const Facts &a, const Facts &b, DataType t) {
  if (t.is_floating())
    return Facts::of_float(std::min(a.flo, b.flo), std::max(a.fhi, b.fhi), a.nan || b.nan,
                           a.negzero || b.negzero);
  return Facts::of_int(std::min(a.lo, b.lo), std::max(a.hi, b.hi));
}

Facts bool_facts() {
  return Facts::of_int(0, 1);
}

Facts int_add(DataType t, const Facts &a, const Facts &b) {
  return clamp_int(t, a.lo + b.lo, a.hi + b.hi);
}
Facts int_sub(DataType t, const Facts &a, const Facts &b) {
  return clamp_int(t, a.lo - b.hi, a.hi - b.lo);
}

// x * y, saturated to the i128 range: uint64 bounds (up to 2^64 - 1) can multiply past 2^127,
// and a saturated bound is as good as the true one for clamp_int, which only asks whether the
// product leaves the type.
static i128 saturating_mul(i128 x, i128 y) {
  i128 r;
  if (!__builtin_mul_overflow(x, y, &r))
    return r;
  const i128 max = static_cast<i128>(~static_cast<unsigned __int128>(0) >> 1);
  return (x < 0) != (y < 0) ? -max : max;
}

Facts int_mul(DataType t, const Facts &a, const Facts &b) {
  i128 c[4] = {saturating_mul(a.lo, b.lo), saturating_mul(a.lo, b.hi), saturating_mul(a.hi, b.lo),
               saturating_mul(a.hi, b.hi)};
  return clamp_int(t, *std::min_element(c, c + 4), *std::max_element(c, c + 4));
}

static i128 abs128(i128 v) {
  return v < 0 ? -v : v;
}

Facts int_div(DataType t, const Facts &a, const Facts &b) {
  // |a / b| <= |a| for |b| >= 1; the sign follows a when b > 0.
  i128 m = std::max(abs128(a.lo), abs128(a.hi));
  if (b.lo >= 1) {
    i128 lo = a.lo >= 0 ? 0 : a.lo, hi = a.hi <= 0 ? 0 : a.hi;
    return clamp_int(t, lo, hi);
  }
  return clamp_int(t, -m, m);
}

Facts int_mod(DataType t, const Facts &a, const Facts &b) {
  i128 d = std::max(abs128(b.lo), abs128(b.hi)) - 1;
  i128 lo = a.lo >= 0 ? 0 : std::max(-d, a.lo);
  i128 hi = a.hi <= 0 ? 0 : std::min(d, a.hi);
  return clamp_int(t, lo, hi);
}

Facts int_floordiv(DataType t, const Facts &a, const Facts &b) {
  i128 m = std::max(abs128(a.lo), abs128(a.hi));
  if (b.lo >= 1) {
    // floor(a / b) for b >= 1 lies between floor(a.lo / 1) and a.hi / 1, and is >= -|a|.
    i128 lo = a.lo >= 0 ? 0 : a.lo, hi = a.hi <= 0 ? 0 : a.hi;
    return clamp_int(t, lo, hi);
  }
  return clamp_int(t, -m - 1, m + 1);
}

Facts int_floormod(DataType t, const Facts &a, const Facts &b) {
  if (b.lo >= 1) {
    i128 hi = b.hi - 1;
    if (a.lo >= 0)
      hi = std::min(hi, a.hi);
    return clamp_int(t, 0, hi);
  }
  if (b.hi <= -1)
    return clamp_int(t, b.lo + 1, 0);
  i128 d = std::max(abs128(b.lo), abs128(b.hi)) - 1;
  return clamp_int(t, -d, d);
}

Facts int_min(const Facts &a, const Facts &b) {
  return Facts::of_int(std::min(a.lo, b.lo), std::min(a.hi, b.hi));
}
Facts int_max(const Facts &a, const Facts &b) {
  return Facts::of_int(std::max(a.lo, b.lo), std::max(a.hi, b.hi));
}

Facts int_cast(DataType to, const Facts &a) {
  if (to.is_bool())
    return Facts::of_int(a.lo > 0 || a.hi < 0 ? 1 : 0, a.lo == 0 && a.hi == 0 ? 0 : 1);
  return clamp_int(to, a.lo, a.hi);
}

Facts float_add(DataType t, const Facts &a, const Facts &b) {
  bool nan = a.nan || b.nan || (has_inf(a) && has_inf(b));
  // -0.0 is a sum only of two -0.0 operands (round to nearest).
  return float_result(t, a.flo + b.flo, a.fhi + b.fhi, nan, a.negzero && b.negzero);
}

Facts float_sub(DataType t, const Facts &a, const Facts &b) {
  bool nan = a.nan || b.nan || (has_inf(a) && has_inf(b));
  // x - y is -0.0 only for x = -0.0 and y = +0.0.
  return float_result(t, a.flo - b.fhi, a.fhi - b.flo, nan, a.negzero && has_zero(b));
}

Facts float_mul(DataType t, const Facts &a, const Facts &b) {
  bool nan = a.nan || b.nan || (has_inf(a) && has_zero(b)) || (has_inf(b) && has_zero(a));
  double c[4] = {a.flo * b.flo, a.flo * b.fhi, a.fhi * b.flo, a.fhi * b.fhi};
  for (double &v : c)
    if (std::isnan(v))
      v = 0; // 0 * inf corners: NaN is accounted for above
  // A negative factor (or -0.0) can make a zero or an underflowed product -0.0.
  bool negzero = a.negzero || b.negzero || a.flo < 0 || b.flo < 0;
  return float_result(t, *std::min_element(c, c + 4), *std::max_element(c, c + 4), nan, negzero);
}

Facts float_div(DataType t, const Facts &a, const Facts &b) {
  if (has_zero(b) || a.nan || b.nan || has_inf(b))
    return Facts::full(t);
  double c[4] = {a.flo / b.flo, a.flo / b.fhi, a.fhi / b.flo, a.fhi / b.fhi};
  bool negzero = a.negzero || a.flo < 0 || b.flo < 0;
  return float_result(t, *std::min_element(c, c + 4), *std::max_element(c, c + 4), false, negzero);
}

Facts float_minmax(DataType t, const Facts &a, const Facts &b, bool is_min) {
  double lo = is_min ? std::min(a.flo, b.flo) : std::max(a.flo, b.flo);
  double hi = is_min ? std::min(a.fhi, b.fhi) : std::max(a.fhi, b.fhi);
  return Facts::of_float(lo, hi, a.nan || b.nan, a.negzero || b.negzero);
}

Facts float_cast(DataType to, DataType from, const Facts &a) {
  // Converting between float formats can underflow a tiny negative value to -0.0.
  if (from.is_floating())
    return float_result(to, a.flo, a.fhi, a.nan, a.negzero || (from != to && a.flo < 0));
  // Integers convert without NaN or -0.0.
  return float_result(to, static_cast<double>(a.lo), static_cast<double>(a.hi), false, false);
}

bool fits_int(DataType to, const Facts &a) {
  if (a.nan || std::isinf(a.flo) || std::isinf(a.fhi))
    return false;
  // Truncation toward zero: values in (min - 1, max + 1) fit.
  return a.flo > static_cast<double>(min_of(to)) - 1 && a.fhi < static_cast<double>(max_of(to)) + 1;
}

Facts float_to_int(DataType to, const Facts &a) {
  i128 lo = static_cast<i128>(std::trunc(a.flo)), hi = static_cast<i128>(std::trunc(a.fhi));
  return Facts::of_int(std::max(lo, min_of(to)), std::min(hi, max_of(to)));
}

bool representable(DataType t, double v) {
  if (std::isnan(v) || std::isinf(v))
    return true;
  if (std::fabs(v) > float_max(t))
    return false;
  int mant = t.is_bfloat() ? 8 : t.bits == 16 ? 11 : t.bits == 32 ? 24 : 53;
  int min_exp = t.is_bfloat() ? -126 : t.bits == 16 ? -14 : t.bits == 32 ? -126 : -1022;
  if (v == 0)
    return true;
  int e = std::ilogb(v);
  int lsb = std::max(e, min_exp) - (mant - 1); // exponent of the unit in the last place
  double q = std::ldexp(v, -lsb);
  return q == std::trunc(q);
}

} // namespace tirconf::gen
