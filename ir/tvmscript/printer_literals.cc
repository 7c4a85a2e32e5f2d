#include "ir/tvmscript/printer_literals.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <utility>

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

namespace {

// The code point of the UTF-8 sequence at s[i] (lead byte c >= 0x80) and its length; length 0
// when the bytes there are no sequence. Surrogates are taken: "\ud800" reads as their encoding.
std::pair<uint32_t, size_t> utf8_at(std::string_view s, size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  const size_t n = c >= 0xF0 && c < 0xF8 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 0;
  if (n == 0 || i + n > s.size())
    return {0, 0};
  uint32_t cp = c & (0x7F >> n);
  for (size_t k = 1; k < n; ++k) {
    const auto d = static_cast<unsigned char>(s[i + k]);
    if ((d & 0xC0) != 0x80)
      return {0, 0};
    cp = cp << 6 | (d & 0x3F);
  }
  const uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < least[n] || cp > 0x10FFFF)
    return {0, 0};
  return {cp, n};
}

} // namespace

std::string python_str_literal(std::string_view s) {
  static const char *hex = "0123456789ABCDEF";
  std::string out = "\"";
  for (size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (const auto [cp, n] = c >= 0x80 ? utf8_at(s, i) : std::pair<uint32_t, size_t>{}; n > 0) {
      const int digits = cp < 0x100 ? 2 : cp < 0x10000 ? 4 : 8;
      out += digits == 2 ? "\\x" : digits == 4 ? "\\u" : "\\U";
      for (int k = digits - 1; k >= 0; --k)
        out += hex[(cp >> (4 * k)) & 0xF];
      i += n - 1;
      continue;
    }
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
