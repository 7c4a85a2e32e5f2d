// Float and BFloat arithmetic of TIR (spec "Evaluating PrimExprs / 13. Binary ops" and
// "16. Comparison operators"), one lane at a time.
//
// Conventions: t is the element type (float16, float32, float64 or bfloat16); a, b are lane
// patterns (runtime/value.h). [sem.expr.float_ieee]: IEEE 754 with round-to-nearest-even, each
// operation rounding its own result, subnormals kept, no contraction. float64 is computed in
// double and float32 in float (x86-64 SSE evaluates float in float: FLT_EVAL_METHOD == 0, and
// this library is compiled with -ffp-contract=off); float16 and bfloat16 in double, rounded once
// (float16.h and bfloat16.h argue why that is correctly rounded).
#pragma once

#include <bit>
#include <cstdint>

#include "ir/dtype.h"
#include "oracle/numeric/lane.h"

namespace tirconf::oracle::numeric {

// One float32 (Bits 32, in float) or float64 (in double) operation on lane patterns, inline
// for callers that know the format when they are compiled (the interpreter's fast paths,
// oracle/eval/fast_paths.h); float_add and the others do the same after dispatching on the type. A
// caller must be compiled with -ffp-contract=off too (see oracle/numeric/CMakeLists.txt).
template <int Bits, class Op>
[[gnu::always_inline]] inline uint64_t ieee_apply(uint64_t a, uint64_t b, Op op) {
  static_assert(Bits == 32 || Bits == 64);
  if constexpr (Bits == 32)
    return std::bit_cast<uint32_t>(op(std::bit_cast<float>(static_cast<uint32_t>(a)),
                                      std::bit_cast<float>(static_cast<uint32_t>(b))));
  else
    return std::bit_cast<uint64_t>(op(std::bit_cast<double>(a), std::bit_cast<double>(b)));
}

uint64_t float_add(ir::DataType t, uint64_t a, uint64_t b); // [sem.expr.add]
uint64_t float_sub(ir::DataType t, uint64_t a, uint64_t b); // [sem.expr.sub]
uint64_t float_mul(ir::DataType t, uint64_t a, uint64_t b); // [sem.expr.mul]
uint64_t float_div(ir::DataType t, uint64_t a, uint64_t b); // [sem.expr.div] x/0: +-inf or NaN

// [sem.expr.floordiv] floor(x / y): the rounded quotient, then floor (exact in the format).
uint64_t float_floordiv(ir::DataType t, uint64_t a, uint64_t b);
// [sem.expr.floormod] x - floor(x / y) * y, each of the four operations rounded in t, as TVM
// lowers it (not the exact remainder rounded once; that is tir.fmod's business).
uint64_t float_floormod(ir::DataType t, uint64_t a, uint64_t b);

// [sem.expr.min] [sem.expr.max] the smaller / larger operand. Following the catalog's
// [unspec.float_minmax_nan] reading, a NaN operand, or the pair +0.0 / -0.0 (either order), has
// no specified result: FloatMinMaxNaN (unspecified, class ambiguous). IEEE 754-2008 minNum and
// 754-2019 minimum disagree there and TVM's backends follow different ones.
LaneResult float_min(ir::DataType t, uint64_t a, uint64_t b);
LaneResult float_max(ir::DataType t, uint64_t a, uint64_t b);

// [sem.expr.cmp.float] IEEE comparison: every relation with a NaN is false except NE, which is
// true; -0.0 == +0.0; infinities order as expected.
bool float_compare(CmpOp op, ir::DataType t, uint64_t a, uint64_t b);

// The exact value of a lane, and whether it is NaN.
double float_value(ir::DataType t, uint64_t bits);
bool float_is_nan(ir::DataType t, uint64_t bits);

} // namespace tirconf::oracle::numeric
