// Edge-biased constants and argument values. Edge values are where implementations disagree
// most (two's complement wrap, the signed zero, NaN, subnormals), so they come up often.
#pragma once

#include <cstdint>

#include "generators/choices.h"
#include "generators/profile.h"
#include "ir/dtype.h"

namespace tirconf::gen {

// A value of the Int/UInt element type t (bool: 0 or 1). With probability edge_percent it is an
// edge value (0, +-1, min, max, min + 1, max - 1, a power of two); otherwise small or uniform
// (chances.small_int).
// uint64 values stay at or below INT64_MAX (an IntImm cannot hold more).
int64_t int_value(Rand &r, ir::DataType t, int edge_percent, const Chances &chances);

// A value of the Float/BFloat element type t, exactly representable in it. Edge values are 0.0,
// -0.0, +-1, the largest finite, the smallest normal and, with specials, NaN, +-inf and
// subnormals; otherwise a short decimal or a small integer (chances.float_*).
double float_value(Rand &r, ir::DataType t, int edge_percent, bool specials,
                   const Chances &chances);

// The nearest value of t to v in the direction of zero (v finite, |v| <= the largest finite).
double round_toward_zero(ir::DataType t, double v);

} // namespace tirconf::gen
