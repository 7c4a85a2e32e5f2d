#include "oracle/numeric/cast.h"

#include <bit>
#include <cfloat>
#include <cmath>
#include <stdexcept>

#include "oracle/numeric/bfloat16.h"
#include "oracle/numeric/float16.h"
#include "oracle/numeric/float_ops.h"
#include "oracle/numeric/integer.h"

namespace tirconf::oracle::numeric {

using ir::DataType;
using ir::TypeCode;

namespace {

bool is_number(DataType t) {
  return t.is_integer() || t.is_floating();
}

// A double in t's float format, rounded once to nearest-even. Overflow gives +-inf
// ([sem.expr.cast.to_float] reads IEEE conversion, not C's undefined behavior).
uint64_t round_double_to(DataType t, double d) {
  if (t.is_bfloat())
    return bf16_from_double(d);
  switch (t.bits) {
  case 16:
    return half_from_double(d);
  case 32: {
    // Magnitudes from FLT_MAX + half an ulp up round to infinity; below, the conversion is in
    // range and rounds to nearest-even (IEEE, is_iec559).
    const double overflow = std::ldexp(2.0 - std::ldexp(1.0, -24), 127);
    if (!std::isnan(d) && std::fabs(d) >= overflow)
      return std::bit_cast<uint32_t>(d < 0 ? -INFINITY : INFINITY);
    // Between FLT_MAX and the tie the nearest value is FLT_MAX; say so rather than rely on a
    // conversion C++ calls undefined above FLT_MAX.
    if (std::fabs(d) > FLT_MAX)
      return std::bit_cast<uint32_t>(d < 0 ? -FLT_MAX : FLT_MAX);
    return std::bit_cast<uint32_t>(static_cast<float>(d));
  }
  default:
    return std::bit_cast<uint64_t>(d);
  }
}

// An integer magnitude as a double rounded to *odd* at 53 bits: exact below 2^53, otherwise the
// truncated value with its last bit set when anything was dropped. Rounding that once more to a
// format of at most 51 bits (float32, float16, bfloat16) gives the correctly rounded result,
// where a plain int -> double conversion followed by a second rounding could round twice
// (int64 2^60 + 2^52 + 1 -> double 2^60 + 2^52, a bfloat16 tie, -> 2^60, not 2^60 + 2^53).
double round_to_odd(uint64_t m) {
  int width = 64 - std::countl_zero(m);
  if (width <= 53)
    return static_cast<double>(m);
  int drop = width - 53;
  uint64_t kept = m >> drop;
  if (m & ((uint64_t{1} << drop) - 1))
    kept |= 1;
  return std::ldexp(static_cast<double>(kept), drop);
}

// [sem.expr.cast.to_float] integer to float.
uint64_t int_to_float(DataType from, uint64_t bits, DataType to) {
  const bool negative = from.is_int() && sign_extend(bits, from.bits) < 0;
  const uint64_t magnitude =
      negative ? (~static_cast<uint64_t>(sign_extend(bits, from.bits)) + 1) : wrap(bits, from.bits);
  if (to.is_float() && to.bits == 64) {
    // One correct rounding: exact below 2^53; above, round the 64-bit magnitude to 53 bits here
    // (ties to even) rather than trust the conversion instruction sequence.
    int width = 64 - std::countl_zero(magnitude);
    double d;
    if (width <= 53) {
      d = static_cast<double>(magnitude);
    } else {
      int drop = width - 53;
      uint64_t k = magnitude >> drop, rest = magnitude & ((uint64_t{1} << drop) - 1);
      uint64_t half = uint64_t{1} << (drop - 1);
      if (rest > half || (rest == half && (k & 1)))
        ++k; // k may become 2^53: still exact
      d = std::ldexp(static_cast<double>(k), drop);
    }
    return std::bit_cast<uint64_t>(negative ? -d : d);
  }
  double odd = round_to_odd(magnitude);
  return round_double_to(to, negative ? -odd : odd);
}

// [sem.expr.cast.float_to_int] [unspec.float_to_int_range]
LaneResult float_to_int(DataType from, uint64_t bits, DataType to) {
  const double d = float_value(from, bits);
  if (std::isnan(d) || std::isinf(d))
    return LaneResult::fail(Fault::FloatToIntRange, "unspec.float_to_int_range");
  const double t = std::trunc(d); // exact
  // The target's range [lo, hi] as exact doubles: hi + 1 is a power of two.
  const double lo = to.is_int() ? -std::ldexp(1.0, to.bits - 1) : 0.0;
  const double above = to.is_int() ? std::ldexp(1.0, to.bits - 1) : std::ldexp(1.0, to.bits);
  if (t < lo || t >= above)
    return LaneResult::fail(Fault::FloatToIntRange, "unspec.float_to_int_range");
  if (to.is_int())
    return LaneResult::value(wrap(static_cast<uint64_t>(static_cast<int64_t>(t)), to.bits));
  return LaneResult::value(static_cast<uint64_t>(t));
}

} // namespace

// [sem.expr.cast]
LaneResult cast_lane(DataType from, uint64_t bits, DataType to) {
  from = from.element_of();
  to = to.element_of();
  if (!is_number(from) || !is_number(to))
    throw std::logic_error("oracle bug: cast_lane from " + ir::to_string(from) + " to " +
                           ir::to_string(to));
  // [sem.expr.cast.to_bool] static_cast<bool>: != 0, NaN included, -0.0 excluded.
  if (to.is_bool()) {
    if (from.is_integer())
      return LaneResult::value(wrap(bits, from.bits) != 0 ? 1 : 0);
    return LaneResult::value(float_value(from, bits) != 0.0 ? 1 : 0);
  }
  // [sem.expr.cast.int_to_int] extension by the source's signedness, truncation by the
  // target's width.
  if (from.is_integer() && to.is_integer()) {
    uint64_t v =
        from.is_int() ? static_cast<uint64_t>(sign_extend(bits, from.bits)) : wrap(bits, from.bits);
    return LaneResult::value(wrap(v, to.bits));
  }
  if (from.is_integer())
    return LaneResult::value(int_to_float(from, bits, to));
  if (to.is_integer())
    return float_to_int(from, bits, to);
  // [sem.expr.cast.to_float] float to float: the source value is an exact double; one rounding.
  return LaneResult::value(round_double_to(to, float_value(from, bits)));
}

CastResult cast(const runtime::Value &v, DataType to) {
  const DataType from = v.dtype();
  CastResult out;
  // [sem.expr.cast.handle]
  if (to.is_handle()) {
    if (from.is_handle()) {
      out.value = runtime::Value::handle(v.as_handle(), to.bits);
      return out;
    }
    if (from.is_integer() && from.lanes == 1) {
      if (v.bits(0) == 0) {
        out.value = runtime::Value::handle({}, to.bits);
      } else {
        out.fault = LaneResult::fail(Fault::CastToHandle, "unspec.cast_to_handle");
        out.lane = 0;
      }
      return out;
    }
    throw std::logic_error("oracle bug: cast from " + ir::to_string(from) + " to handle");
  }
  if (from.is_handle() || from.is_void() || to.is_void() || from.lanes != to.lanes)
    throw std::logic_error("oracle bug: cast from " + ir::to_string(from) + " to " +
                           ir::to_string(to));
  runtime::Value result = runtime::Value::zeros(to);
  for (int lane = 0; lane < from.lanes; ++lane) {
    LaneResult r = cast_lane(from, v.bits(lane), to);
    if (!r.ok()) {
      out.fault = r;
      out.lane = lane;
      return out;
    }
    result.set_bits(lane, r.bits);
  }
  out.value = std::move(result);
  return out;
}

} // namespace tirconf::oracle::numeric
