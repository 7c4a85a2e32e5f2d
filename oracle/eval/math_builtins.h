// The float math builtins of spec/rules/builtins.yaml, one lane at a time, for every float format
// (float16, bfloat16, float32, float64). The evaluator only dispatches here.
//
// Precision policy ([builtin.math.lanes]):
//   exact or exactly rounded (sqrt, fabs, floor, ceil, round, trunc, nearbyint, fmod, copysign,
//   nextafter, ldexp): the result is the exact value rounded once to the lane's format. For
//   float64 the C library computes them exactly rounded; for narrower formats the exact result is
//   formed in double (it is representable there, or, for sqrt, double's error is too small to
//   change the final rounding: 53 >= 2p + 2) and rounded once;
//   approximate (exp ... erf): computed in double with <cmath> and rounded once to the format
//   (float64: the C library's own result, within the catalog's ULP bounds).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "ir/dtype.h"

namespace tirconf::oracle::eval {

enum class MathFn : uint8_t {
  Exp,
  Exp2,
  Exp10,
  Log,
  Log2,
  Log10,
  Log1p,
  Sqrt,
  Rsqrt,
  Fabs,
  Floor,
  Ceil,
  Round,
  Trunc,
  Nearbyint,
  Tanh,
  Sigmoid,
  Erf,
  Sin,
  Cos,
  Tan,
  Asin,
  Acos,
  Atan,
  Sinh,
  Cosh,
  Pow,
  Fmod,
  Copysign,
  Hypot,
  Atan2,
  Nextafter,
};

struct MathInfo {
  MathFn fn;
  int arity;
  const char *rule; // its catalog entry
};
// "tir.exp" -> {Exp, 1, "builtin.exp"}; nullopt for anything else.
std::optional<MathInfo> find_math(std::string_view op);

// One lane: e is the (scalar) float element type, x and y lane patterns.
uint64_t math_lane(MathFn fn, ir::DataType e, uint64_t x, uint64_t y = 0);
// [builtin.ldexp] x * 2^n rounded once to e.
uint64_t ldexp_lane(ir::DataType e, uint64_t x, int64_t n);

} // namespace tirconf::oracle::eval
