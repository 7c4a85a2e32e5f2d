#include "oracle/numeric/integer.h"

#include <stdexcept>

namespace tirconf::oracle::numeric {

void not_an_integer_type(ir::DataType t) {
  throw std::logic_error("oracle bug: integer operation on " + ir::to_string(t));
}

using ir::DataType;

namespace {

// Division's shared preconditions, in the order the catalog states them.
LaneResult check_divisor(DataType t, uint64_t a, uint64_t b, std::string_view rule) {
  if (b == 0)
    return LaneResult::fail(Fault::DivideByZero, rule);
  // [unspec.int_min_div] INT_MIN / -1 overflows in every one of the four divisions.
  if (t.is_int() && a == int_min_pattern(t.bits) && b == wrap(~uint64_t{0}, t.bits))
    return LaneResult::fail(Fault::IntMinDivOverflow, "unspec.int_min_div");
  return LaneResult::value(0);
}

} // namespace

int64_t sign_extend(uint64_t pattern, int bits) {
  if (bits >= 64)
    return static_cast<int64_t>(pattern);
  uint64_t sign = uint64_t{1} << (bits - 1);
  pattern = wrap(pattern, bits);
  return static_cast<int64_t>((pattern ^ sign) - sign);
}

uint64_t int_min_pattern(int bits) {
  return uint64_t{1} << (bits - 1);
}

// [sem.expr.add] [sem.expr.sub] [sem.expr.mul] [sem.expr.int_wrap]: the low bits of the two's-
// complement result are the same whatever the signedness, so unsigned 64-bit arithmetic (which
// wraps modulo 2^64 without undefined behavior) followed by masking is exact for every width.
// [sem.expr.div] truncates toward zero, as C; a zero divisor raises divide-by-zero.
LaneResult int_div(DataType t, uint64_t a, uint64_t b) {
  require_integer(t);
  if (auto c = check_divisor(t, a, b, "sem.expr.div"); !c.ok())
    return c;
  if (t.is_uint())
    return LaneResult::value(a / b);
  // INT64_MIN / -1 was excluded above, so the C division is defined.
  return LaneResult::value(
      wrap(static_cast<uint64_t>(sign_extend(a, t.bits) / sign_extend(b, t.bits)), t.bits));
}

// [sem.expr.mod] x - (x / y) * y with truncating division: the sign of x.
LaneResult int_mod(DataType t, uint64_t a, uint64_t b) {
  require_integer(t);
  if (auto c = check_divisor(t, a, b, "sem.expr.mod"); !c.ok())
    return c;
  if (t.is_uint())
    return LaneResult::value(a % b);
  return LaneResult::value(
      wrap(static_cast<uint64_t>(sign_extend(a, t.bits) % sign_extend(b, t.bits)), t.bits));
}

// [sem.expr.floordiv] the quotient rounded toward negative infinity: the truncated quotient,
// one less when the division is inexact and the operands' signs differ.
LaneResult int_floordiv(DataType t, uint64_t a, uint64_t b) {
  require_integer(t);
  if (auto c = check_divisor(t, a, b, "sem.expr.floordiv"); !c.ok())
    return c;
  if (t.is_uint())
    return LaneResult::value(a / b);
  int64_t x = sign_extend(a, t.bits), y = sign_extend(b, t.bits);
  int64_t q = x / y;
  if (x % y != 0 && ((x < 0) != (y < 0)))
    --q;
  return LaneResult::value(wrap(static_cast<uint64_t>(q), t.bits));
}

// [sem.expr.floormod] x - floor(x / y) * y: the sign of y.
LaneResult int_floormod(DataType t, uint64_t a, uint64_t b) {
  require_integer(t);
  if (auto c = check_divisor(t, a, b, "sem.expr.floormod"); !c.ok())
    return c;
  if (t.is_uint())
    return LaneResult::value(a % b);
  int64_t x = sign_extend(a, t.bits), y = sign_extend(b, t.bits);
  int64_t r = x % y;
  // |r| < |y|, so r + y cannot overflow when their signs differ.
  if (r != 0 && ((r < 0) != (y < 0)))
    r += y;
  return LaneResult::value(wrap(static_cast<uint64_t>(r), t.bits));
}

// [sem.expr.min] [sem.expr.max]
uint64_t int_min(DataType t, uint64_t a, uint64_t b) {
  return int_compare(CmpOp::LE, t, a, b) ? a : b;
}

uint64_t int_max(DataType t, uint64_t a, uint64_t b) {
  return int_compare(CmpOp::GE, t, a, b) ? a : b;
}

// [sem.expr.cmp] [sem.expr.eq] [sem.expr.ne] [sem.expr.lt] [sem.expr.le] [sem.expr.ge]
// [sem.expr.gt] integers compare mathematically.
bool int_compare(CmpOp op, DataType t, uint64_t a, uint64_t b) {
  require_integer(t);
  auto relation = [op](auto x, auto y) {
    switch (op) {
    case CmpOp::EQ:
      return x == y;
    case CmpOp::NE:
      return x != y;
    case CmpOp::LT:
      return x < y;
    case CmpOp::LE:
      return x <= y;
    case CmpOp::GE:
      return x >= y;
    case CmpOp::GT:
      return x > y;
    }
    return false;
  };
  if (t.is_int())
    return relation(sign_extend(a, t.bits), sign_extend(b, t.bits));
  return relation(wrap(a, t.bits), wrap(b, t.bits));
}

// [builtin.bitwise_and] [builtin.bitwise_or] [builtin.bitwise_xor] [builtin.bitwise_not]
uint64_t bitwise_and(DataType t, uint64_t a, uint64_t b) {
  require_integer(t);
  return wrap(a & b, t.bits);
}

uint64_t bitwise_or(DataType t, uint64_t a, uint64_t b) {
  require_integer(t);
  return wrap(a | b, t.bits);
}

uint64_t bitwise_xor(DataType t, uint64_t a, uint64_t b) {
  require_integer(t);
  return wrap(a ^ b, t.bits);
}

uint64_t bitwise_not(DataType t, uint64_t a) {
  require_integer(t);
  return wrap(~a, t.bits);
}

namespace {

// The shift amount as a number in [0, t.bits), or nullopt ([unspec.shift_amount]).
bool shift_amount(DataType t, DataType nt, uint64_t n, int &amount) {
  require_integer(nt);
  if (nt.is_int() && sign_extend(n, nt.bits) < 0)
    return false;
  uint64_t v = wrap(n, nt.bits);
  if (v >= static_cast<uint64_t>(t.bits))
    return false;
  amount = static_cast<int>(v);
  return true;
}

} // namespace

// [builtin.shift_left] drops high bits, fills with zeros.
LaneResult shift_left(DataType t, uint64_t x, DataType nt, uint64_t n) {
  require_integer(t);
  int k;
  if (!shift_amount(t, nt, n, k))
    return LaneResult::fail(Fault::ShiftAmount, "unspec.shift_amount");
  return LaneResult::value(wrap(x << k, t.bits));
}

// [builtin.shift_right] arithmetic for Int (C++20 defines >> on negative values), logical for
// UInt.
LaneResult shift_right(DataType t, uint64_t x, DataType nt, uint64_t n) {
  require_integer(t);
  int k;
  if (!shift_amount(t, nt, n, k))
    return LaneResult::fail(Fault::ShiftAmount, "unspec.shift_amount");
  if (t.is_int())
    return LaneResult::value(wrap(static_cast<uint64_t>(sign_extend(x, t.bits) >> k), t.bits));
  return LaneResult::value(wrap(x, t.bits) >> k);
}

} // namespace tirconf::oracle::numeric
