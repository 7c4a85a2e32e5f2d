#include "oracle/numeric/float_ops.h"

#include <bit>
#include <cfloat>
#include <cmath>
#include <stdexcept>

#include "oracle/numeric/bfloat16.h"
#include "oracle/numeric/float16.h"

static_assert(FLT_EVAL_METHOD == 0, "float arithmetic must be evaluated in float");
static_assert(std::numeric_limits<float>::is_iec559 && std::numeric_limits<double>::is_iec559);

namespace tirconf::oracle::numeric {

using ir::DataType;
using ir::TypeCode;

namespace {

enum class Format { F16, BF16, F32, F64 };

Format format_of(DataType t) {
  if (t.code == TypeCode::BFloat && t.bits == 16)
    return Format::BF16;
  if (t.code == TypeCode::Float) {
    if (t.bits == 16)
      return Format::F16;
    if (t.bits == 32)
      return Format::F32;
    if (t.bits == 64)
      return Format::F64;
  }
  throw std::logic_error("oracle bug: float operation on " + ir::to_string(t));
}

float as_f32(uint64_t b) {
  return std::bit_cast<float>(static_cast<uint32_t>(b));
}
double as_f64(uint64_t b) {
  return std::bit_cast<double>(b);
}

// One IEEE operation `op` in t's format: float32 in float, float64 in double, the 16-bit
// formats in double rounded once.
template <class Op> uint64_t apply(DataType t, uint64_t a, uint64_t b, Op op) {
  switch (format_of(t)) {
  case Format::F64:
    return ieee_apply<64>(a, b, op);
  case Format::F32:
    return ieee_apply<32>(a, b, op);
  case Format::F16:
    return half_from_double(
        op(half_to_double(static_cast<uint16_t>(a)), half_to_double(static_cast<uint16_t>(b))));
  case Format::BF16:
    return bf16_from_double(
        op(bf16_to_double(static_cast<uint16_t>(a)), bf16_to_double(static_cast<uint16_t>(b))));
  }
  return 0;
}

// floor of a lane, exact in every format (an integral value of the format is in the format).
uint64_t float_floor(DataType t, uint64_t a) {
  return apply(t, a, a, [](auto x, auto) { return std::floor(x); });
}

} // namespace

double float_value(DataType t, uint64_t b) {
  switch (format_of(t)) {
  case Format::F64:
    return as_f64(b);
  case Format::F32:
    return as_f32(b);
  case Format::F16:
    return half_to_double(static_cast<uint16_t>(b));
  case Format::BF16:
    return bf16_to_double(static_cast<uint16_t>(b));
  }
  return 0;
}

bool float_is_nan(DataType t, uint64_t b) {
  return std::isnan(float_value(t, b));
}

// [sem.expr.add] [sem.expr.float_ieee]
uint64_t float_add(DataType t, uint64_t a, uint64_t b) {
  return apply(t, a, b, [](auto x, auto y) { return x + y; });
}

// [sem.expr.sub]
uint64_t float_sub(DataType t, uint64_t a, uint64_t b) {
  return apply(t, a, b, [](auto x, auto y) { return x - y; });
}

// [sem.expr.mul]
uint64_t float_mul(DataType t, uint64_t a, uint64_t b) {
  return apply(t, a, b, [](auto x, auto y) { return x * y; });
}

// [sem.expr.div] IEEE division (is_iec559: x/0 is defined as +-inf or NaN).
uint64_t float_div(DataType t, uint64_t a, uint64_t b) {
  return apply(t, a, b, [](auto x, auto y) { return x / y; });
}

// [sem.expr.floordiv] floor(x / y), the quotient rounded first (each op rounds its own result).
uint64_t float_floordiv(DataType t, uint64_t a, uint64_t b) {
  return float_floor(t, float_div(t, a, b));
}

// [sem.expr.floormod] x - floor(x / y) * y, each step rounded in t.
uint64_t float_floormod(DataType t, uint64_t a, uint64_t b) {
  return float_sub(t, a, float_mul(t, float_floordiv(t, a, b), b));
}

namespace {

// NaN operands and the pair of signed zeros have no specified Min/Max ([unspec.float_minmax_nan]).
bool minmax_unspecified(DataType t, uint64_t a, uint64_t b) {
  double x = float_value(t, a), y = float_value(t, b);
  if (std::isnan(x) || std::isnan(y))
    return true;
  return x == 0 && y == 0 && std::signbit(x) != std::signbit(y);
}

} // namespace

// [sem.expr.min]
LaneResult float_min(DataType t, uint64_t a, uint64_t b) {
  if (minmax_unspecified(t, a, b))
    return LaneResult::fail(Fault::FloatMinMaxNaN, "unspec.float_minmax_nan");
  return LaneResult::value(float_value(t, b) < float_value(t, a) ? b : a);
}

// [sem.expr.max]
LaneResult float_max(DataType t, uint64_t a, uint64_t b) {
  if (minmax_unspecified(t, a, b))
    return LaneResult::fail(Fault::FloatMinMaxNaN, "unspec.float_minmax_nan");
  return LaneResult::value(float_value(t, b) > float_value(t, a) ? b : a);
}

// [sem.expr.cmp.float] [sem.expr.eq] [sem.expr.ne] [sem.expr.lt] [sem.expr.le] [sem.expr.ge]
// [sem.expr.gt] C++'s operators on IEEE types are IEEE's comparisons; every format's values are
// exact doubles, so comparing the doubles compares the values.
bool float_compare(CmpOp op, DataType t, uint64_t a, uint64_t b) {
  double x = float_value(t, a), y = float_value(t, b);
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
}

} // namespace tirconf::oracle::numeric
