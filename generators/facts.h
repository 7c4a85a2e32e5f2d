// What the generator knows statically about the values an expression can take: an interval for
// integers and, for floats, an interval plus whether NaN or -0.0 may occur. Every transfer
// function over-approximates, so a fact can be trusted to prove the absence of unspecified
// behaviour (a divisor that cannot be 0, an index inside a dimension, a float that fits an int).
// This is the static half of "free of unspecified behaviour by construction"; where a fact does
// not prove safety, the expression generator repairs the expression locally (expr_gen.cc).
#pragma once

#include <cstdint>

#include "ir/dtype.h"

namespace tirconf::gen {

using i128 = __int128;

struct Facts {
  // Int/UInt (bool included): every lane lies in [lo, hi].
  i128 lo = 0, hi = 0;
  // Float/BFloat: every non-NaN lane lies in [flo, fhi] (bounds may be infinite);
  // nan: a lane may be NaN; negzero: a lane may be -0.0.
  double flo = 0, fhi = 0;
  bool nan = false, negzero = false;

  static Facts full(ir::DataType t); // anything the dtype can hold
  static Facts of_int(i128 lo, i128 hi);
  static Facts exact(i128 v) { return of_int(v, v); }
  static Facts of_float(double lo, double hi, bool nan = false, bool negzero = false);

  bool within(i128 a, i128 b) const { return lo >= a && hi <= b; }
  // No NaN, no -0.0: a Min/Max operand that can never make Min/Max unspecified.
  bool clean_float() const { return !nan && !negzero; }
};

i128 min_of(ir::DataType t);      // smallest value of an Int/UInt element type
i128 max_of(ir::DataType t);      // largest value
double float_max(ir::DataType t); // largest finite value of a Float/BFloat element type

Facts join(const Facts &a, const Facts &b, ir::DataType t);

// Integer transfer functions; a result outside t's range (wrap-around) gives full(t).
Facts int_add(ir::DataType t, const Facts &a, const Facts &b);
Facts int_sub(ir::DataType t, const Facts &a, const Facts &b);
Facts int_mul(ir::DataType t, const Facts &a, const Facts &b);
// Division-like ops, for a divisor proven nonzero (and no INT_MIN / -1).
Facts int_div(ir::DataType t, const Facts &a, const Facts &b); // truncating Div
Facts int_mod(ir::DataType t, const Facts &a, const Facts &b); // truncating Mod
Facts int_floordiv(ir::DataType t, const Facts &a, const Facts &b);
Facts int_floormod(ir::DataType t, const Facts &a, const Facts &b);
Facts int_min(const Facts &a, const Facts &b);
Facts int_max(const Facts &a, const Facts &b);
Facts int_cast(ir::DataType to, const Facts &a); // Int/UInt -> Int/UInt
Facts bool_facts();

// Float transfer functions (IEEE with rounding: bounds are widened outwards).
Facts float_add(ir::DataType t, const Facts &a, const Facts &b);
Facts float_sub(ir::DataType t, const Facts &a, const Facts &b);
Facts float_mul(ir::DataType t, const Facts &a, const Facts &b);
Facts float_div(ir::DataType t, const Facts &a, const Facts &b);
Facts float_minmax(ir::DataType t, const Facts &a, const Facts &b, bool is_min);
Facts float_cast(ir::DataType to, ir::DataType from, const Facts &a); // to Float/BFloat
// Float -> Int/UInt: the truncated range, for an operand proven to fit (fits_int).
Facts float_to_int(ir::DataType to, const Facts &a);
// Whether every lane of a float with facts `a` truncates to a value of `to` (no NaN/inf).
bool fits_int(ir::DataType to, const Facts &a);
// Whether the value `v` is exactly representable in the Float/BFloat type t.
bool representable(ir::DataType t, double v);

} // namespace tirconf::gen
