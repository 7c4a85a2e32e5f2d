#include "oracle/eval/math_builtins.h"

#include <bit>
#include <cmath>

#include "oracle/numeric/bfloat16.h"
#include "oracle/numeric/float16.h"
#include "oracle/numeric/float_ops.h"

namespace tirconf::oracle::eval {

namespace num = oracle::numeric;
using ir::DataType;

std::optional<MathInfo> find_math(std::string_view op) {
  struct Entry {
    std::string_view op;
    MathInfo info;
  };
  static constexpr Entry kTable[] = {
      {"tir.exp", {MathFn::Exp, 1, "builtin.exp"}},
      {"tir.exp2", {MathFn::Exp2, 1, "builtin.exp2"}},
      {"tir.exp10", {MathFn::Exp10, 1, "builtin.exp10"}},
      {"tir.log", {MathFn::Log, 1, "builtin.log"}},
      {"tir.log2", {MathFn::Log2, 1, "builtin.log2"}},
      {"tir.log10", {MathFn::Log10, 1, "builtin.log10"}},
      {"tir.log1p", {MathFn::Log1p, 1, "builtin.log1p"}},
      {"tir.sqrt", {MathFn::Sqrt, 1, "builtin.sqrt"}},
      {"tir.rsqrt", {MathFn::Rsqrt, 1, "builtin.rsqrt"}},
      {"tir.fabs", {MathFn::Fabs, 1, "builtin.fabs"}},
      {"tir.floor", {MathFn::Floor, 1, "builtin.floor"}},
      {"tir.ceil", {MathFn::Ceil, 1, "builtin.ceil"}},
      {"tir.round", {MathFn::Round, 1, "builtin.round"}},
      {"tir.trunc", {MathFn::Trunc, 1, "builtin.trunc"}},
      {"tir.nearbyint", {MathFn::Nearbyint, 1, "builtin.nearbyint"}},
      {"tir.tanh", {MathFn::Tanh, 1, "builtin.tanh"}},
      {"tir.sigmoid", {MathFn::Sigmoid, 1, "builtin.sigmoid"}},
      {"tir.erf", {MathFn::Erf, 1, "builtin.erf"}},
      {"tir.sin", {MathFn::Sin, 1, "builtin.sin"}},
      {"tir.cos", {MathFn::Cos, 1, "builtin.cos"}},
      {"tir.tan", {MathFn::Tan, 1, "builtin.tan"}},
      {"tir.asin", {MathFn::Asin, 1, "builtin.asin"}},
      {"tir.acos", {MathFn::Acos, 1, "builtin.acos"}},
      {"tir.atan", {MathFn::Atan, 1, "builtin.atan"}},
      {"tir.sinh", {MathFn::Sinh, 1, "builtin.sinh"}},
      {"tir.cosh", {MathFn::Cosh, 1, "builtin.cosh"}},
      {"tir.pow", {MathFn::Pow, 2, "builtin.pow"}},
      {"tir.fmod", {MathFn::Fmod, 2, "builtin.fmod"}},
      {"tir.copysign", {MathFn::Copysign, 2, "builtin.copysign"}},
      {"tir.hypot", {MathFn::Hypot, 2, "builtin.hypot"}},
      {"tir.atan2", {MathFn::Atan2, 2, "builtin.atan2"}},
      {"tir.nextafter", {MathFn::Nextafter, 2, "builtin.nextafter"}},
  };
  for (const auto &e : kTable)
    if (e.op == op)
      return e.info;
  return std::nullopt;
}

namespace {

// The exact value of a lane, and a double rounded once (nearest-even) into the format.
double value_of(DataType e, uint64_t bits) {
  return num::float_value(e, bits);
}

uint64_t round_into(DataType e, double d) {
  if (e.is_bfloat())
    return num::bf16_from_double(d);
  switch (e.bits) {
  case 16:
    return num::half_from_double(d);
  case 32:
    return std::bit_cast<uint32_t>(static_cast<float>(d)); // RNE, the default mode
  default:
    return std::bit_cast<uint64_t>(d);
  }
}

double apply(MathFn fn, double x, double y) {
  switch (fn) {
  case MathFn::Exp:
    return std::exp(x);
  case MathFn::Exp2:
    return std::exp2(x);
  case MathFn::Exp10:
    return std::pow(10.0, x);
  case MathFn::Log:
    return std::log(x);
  case MathFn::Log2:
    return std::log2(x);
  case MathFn::Log10:
    return std::log10(x);
  case MathFn::Log1p:
    return std::log1p(x);
  case MathFn::Sqrt:
    return std::sqrt(x);
  case MathFn::Rsqrt:
    return 1.0 / std::sqrt(x);
  case MathFn::Fabs:
    return std::fabs(x);
  case MathFn::Floor:
    return std::floor(x);
  case MathFn::Ceil:
    return std::ceil(x);
  case MathFn::Round:
    return std::round(x);
  case MathFn::Trunc:
    return std::trunc(x);
  case MathFn::Nearbyint:
    return std::nearbyint(x);
  case MathFn::Tanh:
    return std::tanh(x);
  case MathFn::Sigmoid:
    return 1.0 / (1.0 + std::exp(-x));
  case MathFn::Erf:
    return std::erf(x);
  case MathFn::Sin:
    return std::sin(x);
  case MathFn::Cos:
    return std::cos(x);
  case MathFn::Tan:
    return std::tan(x);
  case MathFn::Asin:
    return std::asin(x);
  case MathFn::Acos:
    return std::acos(x);
  case MathFn::Atan:
    return std::atan(x);
  case MathFn::Sinh:
    return std::sinh(x);
  case MathFn::Cosh:
    return std::cosh(x);
  case MathFn::Pow:
    return std::pow(x, y);
  case MathFn::Fmod:
    return std::fmod(x, y);
  case MathFn::Copysign:
    return std::copysign(x, y);
  case MathFn::Hypot:
    return std::hypot(x, y);
  case MathFn::Atan2:
    return std::atan2(x, y);
  case MathFn::Nextafter:
    break; // on bit patterns, below
  }
  return x;
}

uint64_t width_mask(int bits) {
  return bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
}

// [builtin.nextafter] on the bit pattern, for any IEEE-like format: the patterns of the
// non-negative values are ordered like the values.
uint64_t nextafter_bits(DataType e, uint64_t x, uint64_t y) {
  const double xv = value_of(e, x), yv = value_of(e, y);
  if (std::isnan(xv))
    return x;
  if (std::isnan(yv))
    return y;
  if (xv == yv)
    return y;
  const uint64_t sign = uint64_t{1} << (e.bits - 1);
  if (xv == 0)
    return (yv > 0 ? 0 : sign) | 1;        // the smallest subnormal toward y
  const bool away = (xv < yv) == (xv > 0); // growing in magnitude
  const uint64_t mag = x & ~sign;
  return (x & sign) | ((away ? mag + 1 : mag - 1) & width_mask(e.bits - 1));
}

} // namespace

uint64_t math_lane(MathFn fn, DataType e, uint64_t x, uint64_t y) {
  if (fn == MathFn::Nextafter)
    return nextafter_bits(e, x, y);
  // Every format narrower than float64 is computed in double and rounded once; for the exactly
  // rounded functions the double result is exact (fabs .. fmod, copysign) or innocuously
  // rounded (sqrt), so the one rounding gives the correctly rounded result.
  return round_into(e, apply(fn, value_of(e, x), value_of(e, y)));
}

uint64_t ldexp_lane(DataType e, uint64_t x, int64_t n) {
  // Clamping n keeps double's intermediate exact for every value the target can hold, and
  // clamped results still overflow to inf or underflow to 0 in every format.
  if (n > 4000)
    n = 4000;
  if (n < -4000)
    n = -4000;
  const double xv = value_of(e, x);
  if (e.is_float() && e.bits == 64)
    return std::bit_cast<uint64_t>(std::ldexp(xv, static_cast<int>(n)));
  // Narrower formats: first step exactly within double's range (|n| <= 4000 may need two steps).
  double r = xv;
  int64_t left = n;
  while (left != 0) {
    int step = static_cast<int>(left > 900 ? 900 : left < -900 ? -900 : left);
    r = std::ldexp(r, step);
    left -= step;
  }
  return round_into(e, r);
}

} // namespace tirconf::oracle::eval
