// Integer arithmetic of TIR (spec "Evaluating PrimExprs / 13. Binary ops", "16. Comparison
// operators", and the bitwise and shift builtins), one lane at a time.
//
// Conventions: t is the element type (Int or UInt, bits 1..64; bool is UInt 1); a, b are lane
// patterns masked to t.bits (runtime/value.h); results are patterns masked the same way.
// Operations that always have a value return the pattern; those that may not return a
// LaneResult carrying the fault and the rule that decides it.
#pragma once

#include <cstdint>

#include "ir/dtype.h"
#include "oracle/numeric/lane.h"

namespace tirconf::oracle::numeric {

// [sem.expr.int_wrap] the low `bits` bits of x, and the value of a pattern read as signed.
inline uint64_t wrap(uint64_t x, int bits) {
  return bits >= 64 ? x : x & ((uint64_t{1} << bits) - 1);
}
int64_t sign_extend(uint64_t pattern, int bits);
// The smallest value of a signed width, as a pattern (int8: 0x80).
uint64_t int_min_pattern(int bits);

// An operation on a type that is not Int/UInt of 1..64 bits is an oracle bug (std::logic_error).
[[noreturn]] void not_an_integer_type(ir::DataType t);
inline void require_integer(ir::DataType t) {
  if (!t.is_integer() || t.bits < 1 || t.bits > 64) [[unlikely]]
    not_an_integer_type(t);
}

// Inline: they are the interpreter's innermost operations.
inline uint64_t int_add(ir::DataType t, uint64_t a, uint64_t b) { // [sem.expr.add]
  require_integer(t);
  return wrap(a + b, t.bits);
}
inline uint64_t int_sub(ir::DataType t, uint64_t a, uint64_t b) { // [sem.expr.sub]
  require_integer(t);
  return wrap(a - b, t.bits);
}
inline uint64_t int_mul(ir::DataType t, uint64_t a, uint64_t b) { // [sem.expr.mul]
  require_integer(t);
  return wrap(a * b, t.bits);
}

// Truncating division and its remainder (C's / and %): -7 / 2 = -3, -7 % 2 = -1.
LaneResult int_div(ir::DataType t, uint64_t a, uint64_t b); // [sem.expr.div]
LaneResult int_mod(ir::DataType t, uint64_t a, uint64_t b); // [sem.expr.mod]
// Flooring division and its remainder: -7 // 2 = -4, -7 floormod 2 = 1, 7 floormod -2 = -1.
LaneResult int_floordiv(ir::DataType t, uint64_t a, uint64_t b); // [sem.expr.floordiv]
LaneResult int_floormod(ir::DataType t, uint64_t a, uint64_t b); // [sem.expr.floormod]
// All four: b == 0 is DivideByZero (error); a == INT_MIN, b == -1 for a signed t is
// IntMinDivOverflow (unspecified overflow, [unspec.int_min_div]).

uint64_t int_min(ir::DataType t, uint64_t a, uint64_t b); // [sem.expr.min]
uint64_t int_max(ir::DataType t, uint64_t a, uint64_t b); // [sem.expr.max]

// [sem.expr.cmp] compares mathematically (signed for Int, unsigned for UInt).
bool int_compare(CmpOp op, ir::DataType t, uint64_t a, uint64_t b);

// [builtin.bitwise_and] [builtin.bitwise_or] [builtin.bitwise_xor] [builtin.bitwise_not]
uint64_t bitwise_and(ir::DataType t, uint64_t a, uint64_t b);
uint64_t bitwise_or(ir::DataType t, uint64_t a, uint64_t b);
uint64_t bitwise_xor(ir::DataType t, uint64_t a, uint64_t b);
uint64_t bitwise_not(ir::DataType t, uint64_t a);

// [builtin.shift_left] [builtin.shift_right] shift x (type t) by n (type nt, Int or UInt);
// n outside [0, t.bits) is ShiftAmount ([unspec.shift_amount]). Right shifts fill with the sign
// bit for Int and zeros for UInt.
LaneResult shift_left(ir::DataType t, uint64_t x, ir::DataType nt, uint64_t n);
LaneResult shift_right(ir::DataType t, uint64_t x, ir::DataType nt, uint64_t n);

} // namespace tirconf::oracle::numeric
