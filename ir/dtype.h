// DataType: the spec's DataType(code, bits, lanes) ("Types" / "Datatypes").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tirconf::ir {

enum class TypeCode : uint8_t { Int, UInt, Float, BFloat, Handle };

struct DataType {
  TypeCode code = TypeCode::Int;
  uint8_t bits = 32;
  uint16_t lanes = 1;

  constexpr DataType() = default;
  constexpr DataType(TypeCode c, int b, int l = 1)
      : code(c), bits(static_cast<uint8_t>(b)), lanes(static_cast<uint16_t>(l)) {}

  static constexpr DataType Int(int bits, int lanes = 1) { return {TypeCode::Int, bits, lanes}; }
  static constexpr DataType UInt(int bits, int lanes = 1) { return {TypeCode::UInt, bits, lanes}; }
  static constexpr DataType Float(int bits, int lanes = 1) {
    return {TypeCode::Float, bits, lanes};
  }
  static constexpr DataType BFloat16(int lanes = 1) { return {TypeCode::BFloat, 16, lanes}; }
  static constexpr DataType Bool(int lanes = 1) { return {TypeCode::UInt, 1, lanes}; }
  static constexpr DataType Handle() { return {TypeCode::Handle, 64, 1}; }
  static constexpr DataType Void() { return {TypeCode::Handle, 0, 1}; }

  constexpr bool is_int() const { return code == TypeCode::Int; }
  constexpr bool is_uint() const { return code == TypeCode::UInt; }
  constexpr bool is_integer() const { return is_int() || is_uint(); } // Int or UInt, incl. bool
  constexpr bool is_float() const { return code == TypeCode::Float; }
  constexpr bool is_bfloat() const { return code == TypeCode::BFloat; }
  constexpr bool is_floating() const { return is_float() || is_bfloat(); }
  constexpr bool is_handle() const { return code == TypeCode::Handle && bits != 0; }
  constexpr bool is_void() const { return code == TypeCode::Handle && bits == 0; }
  constexpr bool is_bool() const { return code == TypeCode::UInt && bits == 1; }
  constexpr bool is_scalar() const { return code != TypeCode::Handle && lanes == 1; }
  constexpr bool is_vector() const { return code != TypeCode::Handle && lanes > 1; }

  constexpr DataType with_lanes(int l) const { return {code, bits, l}; }
  constexpr DataType element_of() const { return with_lanes(1); }

  // Size in bytes of one value of this type (all lanes); bool is stored as one byte.
  int bytes() const;

  friend constexpr bool operator==(DataType a, DataType b) {
    return a.code == b.code && a.bits == b.bits && a.lanes == b.lanes;
  }
  friend constexpr bool operator!=(DataType a, DataType b) { return !(a == b); }
};

// "int32", "float16x4", "bool", "handle", "void": the spec's notation section.
std::string to_string(DataType t);

// Parses the spelling printed by to_string (plus TVM aliases such as "uint1").
// Returns nullopt for anything else, including bit widths or lane counts the spec does not allow.
std::optional<DataType> parse_dtype(std::string_view text);

} // namespace tirconf::ir
