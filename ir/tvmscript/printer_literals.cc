#include "ir/tvmscript/printer_literals.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace tirconf::ir {

std::string python_float_repr(double v) {
  if (std::isnan(v))
    return std::signbit(v) ? "-nan" : "nan";
  if (std::isinf(v))
    return v < 0 ? "-inf" : "inf";
  if (v == 0)
    return std::signbit(v) ? "-0.0" : "0.0";
  // Shortest round-trip digits, in scientific form: "-d.ddde[+-]xx".
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
  std::string sci(buf, res.ptr);
  std::string sign;
  if (sci[0] == '-') {
    sign = "-";
    sci.erase(0, 1);
  }
  size_t e = sci.find('e');
  std::string digits;
  for (size_t i = 0; i < e; ++i)
    if (sci[i] != '.')
      digits += sci[i];
  int exp10 = std::atoi(sci.c_str() + e + 1);
  // Python's format_float_short: value = 0.DIGITS * 10^decpt; exponent form when
  // decpt <= -4 or decpt > 16.
  int decpt = exp10 + 1;
  std::string out = sign;
  if (decpt <= -4 || decpt > 16) {
    out += digits.substr(0, 1);
    if (digits.size() > 1)
      out += "." + digits.substr(1);
    out += exp10 < 0 ? "e-" : "e+";
    std::string x = std::to_string(std::abs(exp10));
    if (x.size() < 2)
      x = "0" + x;
    return out + x;
  }
  int n = static_cast<int>(digits.size());
  if (decpt <= 0)
    return out + "0." + std::string(-decpt, '0') + digits;
  if (decpt >= n)
    return out + digits + std::string(decpt - n, '0') + ".0";
  return out + digits.substr(0, decpt) + "." + digits.substr(decpt);
}

std::string tvm_float_repr(double v) {
  if (std::isnan(v) || std::isinf(v))
    return python_float_repr(v);
  char buf[512]; // DBL_MAX in fixed notation has 309 digits before the point
  if (std::nearbyint(v) == v)
    std::snprintf(buf, sizeof buf, "%.1f", v);
  else
    std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

std::string python_str_literal(std::string_view s) {
  static const char *hex = "0123456789ABCDEF";
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c >= ' ' && c <= '~' && c != '\\' && c != '"') {
      out += static_cast<char>(c);
      continue;
    }
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\t':
      out += "\\t";
      break;
    case '\r':
      out += "\\r";
      break;
    case '\n':
      out += "\\n";
      break;
    default:
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 0xf];
    }
  }
  return out + "\"";
}

} // namespace tirconf::ir
