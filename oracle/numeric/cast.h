// Cast (spec "Evaluating PrimExprs / 5. Cast"): each lane converted independently as C++'s
// static_cast does ([sem.expr.cast]), refined by the catalog:
//   to bool                 nonzero (NaN included) -> 1, zero (+-0.0 included) -> 0
//                           [sem.expr.cast.to_bool]
//   Int/UInt -> Int/UInt    the source value (sign-extended from Int, zero-extended from UInt)
//                           modulo 2^bits of the target [sem.expr.cast.int_to_int]
//   any -> Float/BFloat     rounded to nearest, ties to even, once; beyond the range +-inf; NaN
//                           stays NaN [sem.expr.cast.to_float]
//   Float/BFloat -> Int/UInt  truncated toward zero; NaN, inf or a truncated value outside the
//                           target is FloatToIntRange [sem.expr.cast.float_to_int]
//                           [unspec.float_to_int_range]
//   Handle <-> Handle       the same handle; integer scalar 0 -> null; any other integer ->
//                           CastToHandle [sem.expr.cast.handle] [unspec.cast_to_handle]
#pragma once

#include <cstdint>
#include <optional>

#include "ir/dtype.h"
#include "oracle/numeric/lane.h"
#include "runtime/value.h"

namespace tirconf::oracle::numeric {

// One lane from element type `from` to element type `to` (both Int, UInt, Float or BFloat).
LaneResult cast_lane(ir::DataType from, uint64_t bits, ir::DataType to);

// A whole value. `to` must have v's lanes, and a Handle cast must be one the type checker admits
// (type.expr.cast.*); anything else is an oracle bug (std::logic_error).
struct CastResult {
  std::optional<runtime::Value> value;
  LaneResult fault; // when !value: the first faulting lane's reason
  int lane = -1;    // when !value: which lane
};
CastResult cast(const runtime::Value &v, ir::DataType to);

} // namespace tirconf::oracle::numeric
