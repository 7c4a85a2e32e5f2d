// C types and literals of generated code.
#include <cstring>
#include <sstream>

#include "backends/cuda/lowering.h"
#include "runtime/float_format.h"

namespace tirconf::backends::cuda {

std::string c_type(ir::DataType t, ir::SourceLoc loc) {
  if (t.is_handle())
    return "void *";
  if (t.lanes != 1)
    return "tirconf_v<" + c_type(t.element_of(), loc) + ", " + std::to_string(t.lanes) + ">";
  if (t.is_bool())
    return "bool";
  if (t.is_integer() && (t.bits == 8 || t.bits == 16 || t.bits == 32 || t.bits == 64))
    return std::string(t.is_uint() ? "uint" : "int") + std::to_string(t.bits) + "_t";
  if (t.is_float() && t.bits == 16)
    return "__half";
  if (t.is_bfloat() && t.bits == 16)
    return "__nv_bfloat16";
  if (t.is_float() && t.bits == 32)
    return "float";
  if (t.is_float() && t.bits == 64)
    return "double";
  throw UnsupportedError("type " + ir::to_string(t), loc);
}

std::string storage_type(ir::DataType t, ir::SourceLoc loc) {
  return t.is_bool() ? "uint8_t" : c_type(t.element_of(), loc);
}

std::string wrap_type(ir::DataType t) {
  return t.bits == 64 ? "uint64_t" : "uint32_t";
}

std::string wrap(ir::DataType t, const std::string &v) {
  if (t.is_bool())
    return "(bool)((" + v + ") & 1u)";
  return "(" + c_type(t) + ")(" + v + ")";
}

std::string int_literal(ir::DataType t, int64_t v) {
  if (t.is_bool())
    return v ? "true" : "false";
  const std::string ty = c_type(t);
  if (t.is_uint())
    return "((" + ty + ")" + std::to_string(static_cast<uint64_t>(v)) + "ull)";
  if (v == INT64_MIN)
    return "((" + ty + ")(-9223372036854775807ll - 1))";
  return "((" + ty + ")" + std::to_string(v) + "ll)";
}

std::string float_literal(ir::DataType t, double v) {
  std::ostringstream s;
  if (t.bits == 32) {
    const float f = static_cast<float>(v);
    uint32_t bits;
    std::memcpy(&bits, &f, sizeof bits);
    s << "__int_as_float(" << static_cast<int32_t>(bits) << ")";
  } else if (t.bits == 64) {
    uint64_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    s << "__longlong_as_double(" << static_cast<int64_t>(bits) << "ll)";
  } else if (t.bits == 16) {
    const uint16_t bits =
        t.is_bfloat() ? runtime::double_to_bfloat16_bits(v) : runtime::double_to_float16_bits(v);
    s << (t.is_bfloat() ? "__ushort_as_bfloat16" : "__ushort_as_half") << "((unsigned short)"
      << bits << "u)";
  } else {
    throw UnsupportedError("type " + ir::to_string(t), {});
  }
  return s.str();
}

bool is_narrow_float(ir::DataType t) {
  return t.is_floating() && t.bits == 16;
}

std::string to_float(ir::DataType t, const std::string &v) {
  if (!is_narrow_float(t))
    return v;
  return (t.is_bfloat() ? "__bfloat162float(" : "__half2float(") + v + ")";
}

std::string from_float(ir::DataType t, const std::string &v) {
  if (!is_narrow_float(t))
    return v;
  return (t.is_bfloat() ? "__float2bfloat16_rn(" : "__float2half_rn(") + v + ")";
}

std::string identifier(const std::string &name) {
  std::string out;
  for (char c : name)
    out += (std::isalnum(static_cast<unsigned char>(c)) != 0) ? c : '_';
  if (out.empty() || std::isdigit(static_cast<unsigned char>(out[0])) != 0)
    out = "_" + out;
  return out;
}

} // namespace tirconf::backends::cuda
