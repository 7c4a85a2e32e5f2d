// A run-time value of a TIR DataType (spec "Values"): a scalar, a vector of 1..64 lanes, a handle,
// or Void. Data only: no arithmetic semantics live here (those are the oracle's, in
// oracle/numeric/, and each backend's own).
//
// Lanes are stored as raw bit patterns, one uint64_t per lane, masked to the element width:
//   Int/UInt N   the low N bits of the two's-complement pattern (int8 -1 is 0xff), bool 0 or 1;
//   Float 16/32/64, BFloat 16   the IEEE 754 / bfloat16 pattern (float16 1.0 is 0x3c00).
// A handle is not a number: it is null, a position inside an allocation (which allocation is the
// owner's business, an id it assigns), the text of a StringImm, or an opaque integer that was cast
// to a handle.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ir/dtype.h"

namespace tirconf::runtime {

struct HandleValue {
  enum class Kind : uint8_t { Null, Buffer, String, Opaque };
  Kind kind = Kind::Null;
  uint64_t allocation = 0; // Buffer: the owner's id of the allocation; Opaque: the integer
  int64_t byte_offset = 0; // Buffer: bytes from the allocation's start
  std::shared_ptr<const std::string> text; // String: the characters (NUL not included)

  friend bool operator==(const HandleValue &a, const HandleValue &b);
};

class Value {
public:
  static constexpr int kMaxLanes = 64;

  Value() : dtype_(ir::DataType::Void()) {} // the Void value

  // Every lane zero (0, +0.0); for Handle the null handle.
  static Value zeros(ir::DataType t);
  // Lanes from raw patterns; each must fit the element width (else std::invalid_argument).
  static Value from_bits(ir::DataType t, std::span<const uint64_t> lanes);
  // Every lane set to the same raw pattern.
  static Value broadcast_bits(ir::DataType t, uint64_t bits);
  // Every lane holds v, which must be a value of t's Int/UInt element type (bool: 0 or 1);
  // std::out_of_range otherwise. No wrapping: that is arithmetic, not representation.
  static Value from_int64(ir::DataType t, int64_t v);
  static Value from_uint64(ir::DataType t, uint64_t v);
  // Every lane holds d encoded into t's Float/BFloat element type, rounded to nearest-even when
  // d is not representable (how a literal becomes data; sem.expr.floatimm reads the same way).
  static Value from_double(ir::DataType t, double d);
  static Value from_float(float f) { return broadcast_bits(ir::DataType::Float(32), bits_of(f)); }
  static Value handle(HandleValue h, int bits = 64);
  static Value null_handle() { return handle({}); }
  static Value string_handle(std::string text);

  ir::DataType dtype() const { return dtype_; }
  ir::DataType element_type() const { return dtype_.element_of(); }
  int lanes() const { return dtype_.is_handle() || dtype_.is_void() ? 1 : dtype_.lanes; }
  bool is_void() const { return dtype_.is_void(); }
  bool is_handle() const { return dtype_.is_handle(); }

  // Raw pattern of a lane (see the header comment).
  uint64_t bits(int lane = 0) const;
  void set_bits(int lane, uint64_t bits); // must fit the element width

  // Int: sign-extended; UInt: zero-extended (a uint64 above INT64_MAX comes back negative).
  int64_t as_int64(int lane = 0) const;
  // UInt: zero-extended; Int: the sign-extended value reinterpreted, as C's (uint64_t) does.
  uint64_t as_uint64(int lane = 0) const;
  // Float/BFloat only: the exact value of the lane (every supported float is a double).
  double as_double(int lane = 0) const;
  bool as_bool(int lane = 0) const;     // bool only
  bool is_nan(int lane = 0) const;      // false for non-floats
  const HandleValue &as_handle() const; // handle only

  Value lane(int i) const; // scalar of the element type

  // Bit-for-bit identity (NaN payloads included); see compare_values for result comparison.
  friend bool operator==(const Value &a, const Value &b);

  static uint64_t bits_of(float f);
  static uint64_t bits_of(double d);

private:
  static constexpr int kInline = 4;
  uint64_t *lane_data() { return dtype_.lanes > kInline ? heap_.data() : inline_.data(); }
  const uint64_t *lane_data() const {
    return dtype_.lanes > kInline ? heap_.data() : inline_.data();
  }
  void init(ir::DataType t);

  ir::DataType dtype_;
  std::array<uint64_t, kInline> inline_{};
  std::vector<uint64_t> heap_; // used when lanes > kInline
  HandleValue handle_;
};

// Printing, in the test-format spelling (parse_value reads it back to the same bits):
// integers in decimal, bool as 0/1, floats as the shortest decimal that reads back to the same
// pattern, "nan" / "-nan", "inf" / "-inf"; vectors as "[a, b, c]"; a null handle "null", a string
// handle its text quoted, a buffer handle "handle(<allocation>+<offset>)"; Void "void".
std::string to_string(const Value &v);
std::string lane_to_string(ir::DataType element, uint64_t bits);

// Parsing test-format literals (corpus/FORMAT.md) into a value of `t`:
//   Int/UInt: decimal (or 0x hex) within the type's range; bool: 0, 1, true, false;
//   Float/BFloat: decimal or hex-float numbers, nan, -nan, inf, +inf, -inf (also YAML's .nan,
//   .inf, -.inf), rounded to nearest-even *from the exact decimal value* (no double rounding);
//   Handle: null. A vector dtype takes "[l0, l1, ...]" with exactly `lanes` entries.
struct ParsedValue {
  std::optional<Value> value;
  std::string error; // when !value: what is wrong, quoting the literal
  explicit operator bool() const { return value.has_value(); }
};
ParsedValue parse_value(std::string_view literal, ir::DataType t);
// Lanes listed flat (how vector-dtype data appears in test files): literals.size() == lanes.
ParsedValue parse_lanes(std::span<const std::string> literals, ir::DataType t);
// One lane of a scalar element type; nullopt with *error set on failure.
std::optional<uint64_t> parse_lane(std::string_view literal, ir::DataType element,
                                   std::string *error = nullptr);

// Result comparison (test-format "floats compare exactly (any NaN equals any NaN) unless the
// expectation carries tolerance: {ulp: N}"): integers and bools exactly; floats bit-exact except
// that all NaNs are equal and, with ulp > 0, finite values may differ by up to ulp units in the
// last place of their own format. +0.0 and -0.0 differ unless ulp > 0 (they are 0 ulps apart).
// An infinity matches only the same infinity, whatever the tolerance.
//
// ulp_distance counts the representable values of the element format between a and b
// (+0.0 and -0.0 count as one point, the infinities as one step past the largest finite value);
// 0 for two NaNs, UINT64_MAX for a NaN and a non-NaN. Float/BFloat element types only.
uint64_t ulp_distance(ir::DataType element, uint64_t a, uint64_t b);
bool lanes_match(ir::DataType element, uint64_t expected, uint64_t actual, uint64_t ulp = 0);

struct ValueMismatch {
  int lane = -1; // first differing lane; -1 when the dtypes (or handles) differ
};
std::optional<ValueMismatch> compare_values(const Value &expected, const Value &actual,
                                            uint64_t ulp = 0);

} // namespace tirconf::runtime
