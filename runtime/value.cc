#include "runtime/value.h"

#include <bit>
#include <cfenv>
#include <charconv>
#include <clocale>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <locale.h>
#include <stdexcept>

#include "runtime/float_format.h"

namespace tirconf::runtime {

using ir::DataType;
using ir::TypeCode;

bool operator==(const HandleValue &a, const HandleValue &b) {
  if (a.kind != b.kind)
    return false;
  switch (a.kind) {
  case HandleValue::Kind::Null:
    return true;
  case HandleValue::Kind::Buffer:
    return a.allocation == b.allocation && a.byte_offset == b.byte_offset;
  case HandleValue::Kind::String:
    return a.text == b.text || (a.text && b.text && *a.text == *b.text);
  case HandleValue::Kind::Opaque:
    return a.allocation == b.allocation;
  }
  return false;
}

namespace {

// Width of a lane's pattern: bool is 1 bit, handles have no lanes of their own.
int lane_width(DataType t) {
  return t.bits;
}

uint64_t width_mask(int bits) {
  return bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
}

bool is_numeric(DataType t) {
  return t.code == TypeCode::Int || t.code == TypeCode::UInt || t.code == TypeCode::Float ||
         t.code == TypeCode::BFloat;
}

void require_numeric(DataType t, const char *what) {
  if (!is_numeric(t) || t.lanes < 1 || t.lanes > Value::kMaxLanes)
    throw std::invalid_argument(std::string(what) + ": not a numeric dtype: " + ir::to_string(t));
}

// The exact double of a float lane.
double float_lane_to_double(DataType e, uint64_t bits) {
  if (e.code == TypeCode::BFloat)
    return bfloat16_to_double(static_cast<uint16_t>(bits));
  switch (e.bits) {
  case 16:
    return float16_to_double(static_cast<uint16_t>(bits));
  case 32:
    return static_cast<double>(std::bit_cast<float>(static_cast<uint32_t>(bits)));
  default:
    return std::bit_cast<double>(bits);
  }
}

bool float_lane_is_nan(DataType e, uint64_t bits) {
  int frac = e.code == TypeCode::BFloat ? 7 : e.bits == 16 ? 10 : e.bits == 32 ? 23 : 52;
  uint64_t magnitude = bits & width_mask(e.bits - 1);
  uint64_t inf = width_mask(e.bits - 1) & ~width_mask(frac);
  return magnitude > inf;
}

// d into a float element format; rounding to nearest-even when inexact.
uint64_t encode_double(DataType e, double d) {
  if (e.code == TypeCode::BFloat)
    return double_to_bfloat16_bits(d);
  switch (e.bits) {
  case 16:
    return double_to_float16_bits(d);
  case 32:
    return pack_float_rne(d, kFloat32); // no UB for out-of-range doubles, unlike a cast
  default:
    return std::bit_cast<uint64_t>(d);
  }
}

// ---------------------------------------------------------------- literal syntax

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
    s.remove_suffix(1);
  return s;
}

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_hex_digit(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// Skips a run of digits; returns how many.
size_t skip_digits(std::string_view s, size_t &i, bool hex) {
  size_t start = i;
  while (i < s.size() && (hex ? is_hex_digit(s[i]) : is_digit(s[i])))
    ++i;
  return i - start;
}

// A decimal or C99 hex-float number, optionally signed (what strtod reads, minus its extras:
// no leading spaces, no "nan(...)", no "infinity").
bool is_float_syntax(std::string_view s) {
  size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-'))
    ++i;
  bool hex = s.size() >= i + 2 && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X');
  if (hex)
    i += 2;
  size_t mantissa_digits = skip_digits(s, i, hex);
  if (i < s.size() && s[i] == '.') {
    ++i;
    mantissa_digits += skip_digits(s, i, hex);
  }
  if (mantissa_digits == 0)
    return false;
  char exp_char = hex ? 'p' : 'e';
  if (i < s.size() && (s[i] == exp_char || s[i] == exp_char - 32)) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-'))
      ++i;
    if (skip_digits(s, i, false) == 0)
      return false;
  } else if (hex) {
    // C requires the binary exponent only in source code; strtod accepts it missing. Allow it.
  }
  return i == s.size();
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char &c : out)
    if (c >= 'A' && c <= 'Z')
      c = static_cast<char>(c - 'A' + 'a');
  return out;
}

// nan/inf spellings: +1 / -1 infinity, 2 / -2 NaN (sign kept), 0 none.
int special_float(std::string_view s) {
  std::string l = lower(s);
  if (l == "nan" || l == "+nan" || l == ".nan" || l == "+.nan")
    return 2;
  if (l == "-nan" || l == "-.nan")
    return -2;
  if (l == "inf" || l == "+inf" || l == ".inf" || l == "+.inf" || l == "infinity" ||
      l == "+infinity")
    return 1;
  if (l == "-inf" || l == "-.inf" || l == "-infinity")
    return -1;
  return 0;
}

locale_t c_locale() {
  static locale_t loc = newlocale(LC_ALL_MASK, "C", static_cast<locale_t>(0));
  return loc;
}

// Restores the rounding mode on scope exit.
class RoundingMode {
public:
  explicit RoundingMode(int mode) : saved_(std::fegetround()) { std::fesetround(mode); }
  ~RoundingMode() { std::fesetround(saved_); }
  RoundingMode(const RoundingMode &) = delete;
  RoundingMode &operator=(const RoundingMode &) = delete;

private:
  int saved_;
};

double strtod_rounded(const std::string &s, int mode) {
  RoundingMode guard(mode);
  return strtod_l(s.c_str(), nullptr, c_locale()); // glibc honours the rounding mode
}

// The exact decimal (or hex) number `s` rounded once, to nearest-even, into a 16-bit format.
//
// Parsing to double first and then rounding to the format can round twice wrongly: "2049.00001"
// rounds to the double 2049 (exactly halfway between the float16 values 2048 and 2050) and then
// to even, 2048, although the exact value lies above the midpoint (2050). We avoid that by
// reading the number twice, rounded down and rounded up: if both give the same double, it is
// exact and one rounding is all there is. Otherwise the exact value x lies strictly between two
// adjacent doubles lo < hi. Every midpoint between neighbouring values of the 16-bit format (and
// the overflow threshold) has few significant bits and is itself a double, so none lies strictly
// between lo and hi: rounding lo and rounding hi agree unless lo or hi *is* such a midpoint. If
// lo is one, x is above it and the answer is hi's rounding; otherwise (hi is one, x is below it)
// it is lo's.
uint64_t decimal_to_format(const std::string &s, BinaryFormat f) {
  double lo = strtod_rounded(s, FE_DOWNWARD);
  double hi = strtod_rounded(s, FE_UPWARD);
  uint64_t from_lo = pack_float_rne(lo, f);
  if (lo == hi)
    return from_lo;
  uint64_t from_hi = pack_float_rne(hi, f);
  if (from_lo == from_hi)
    return from_lo;
  // Is lo a midpoint of f? Midpoints are exactly the values with one more fraction bit (same
  // exponent range) that f itself cannot hold.
  BinaryFormat finer{f.frac_bits + 1, f.exp_bits};
  bool lo_is_midpoint =
      unpack_float(pack_float_rne(lo, finer), finer) == lo && unpack_float(from_lo, f) != lo;
  return lo_is_midpoint ? from_hi : from_lo;
}

std::optional<uint64_t> fail(std::string *error, std::string message) {
  if (error)
    *error = std::move(message);
  return std::nullopt;
}

std::string quoted(std::string_view s) {
  return "'" + std::string(s) + "'";
}

std::optional<uint64_t> parse_integer_lane(std::string_view s, DataType e, std::string *error) {
  std::string_view body = s;
  bool negative = false;
  if (!body.empty() && (body.front() == '+' || body.front() == '-')) {
    negative = body.front() == '-';
    body.remove_prefix(1);
  }
  int base = 10;
  if (body.size() > 2 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X')) {
    base = 16;
    body.remove_prefix(2);
  }
  uint64_t magnitude = 0;
  auto [end, ec] = std::from_chars(body.data(), body.data() + body.size(), magnitude, base);
  if (body.empty() || end != body.data() + body.size() ||
      (ec != std::errc() && ec != std::errc::result_out_of_range))
    return fail(error, quoted(s) + " is not an integer literal for " + ir::to_string(e));
  std::string range_error = quoted(s) + " is out of range for " + ir::to_string(e);
  if (ec == std::errc::result_out_of_range)
    return fail(error, range_error);
  if (e.code == TypeCode::UInt) {
    uint64_t max = width_mask(e.bits);
    if (negative && magnitude != 0)
      return fail(error, range_error);
    if (magnitude > max)
      return fail(error, range_error);
    return magnitude;
  }
  uint64_t max_positive = width_mask(e.bits - 1); // 2^(bits-1) - 1
  if (negative ? magnitude > max_positive + 1 : magnitude > max_positive)
    return fail(error, range_error);
  uint64_t pattern = negative ? (~magnitude + 1) : magnitude;
  return pattern & width_mask(e.bits);
}

std::optional<uint64_t> parse_float_lane(std::string_view s, DataType e, std::string *error) {
  uint64_t nan_or_inf = 0;
  switch (special_float(s)) {
  case 1:
    nan_or_inf = encode_double(e, INFINITY);
    break;
  case -1:
    nan_or_inf = encode_double(e, -INFINITY);
    break;
  case 2:
    nan_or_inf = encode_double(e, std::numeric_limits<double>::quiet_NaN());
    break;
  case -2:
    nan_or_inf = encode_double(e, -std::numeric_limits<double>::quiet_NaN());
    break;
  default:
    if (!is_float_syntax(s))
      return fail(error, quoted(s) + " is not a number literal for " + ir::to_string(e));
    std::string text(s);
    if (e.code == TypeCode::BFloat)
      return decimal_to_format(text, kBFloat16);
    switch (e.bits) {
    case 16:
      return decimal_to_format(text, kFloat16);
    case 32:
      return Value::bits_of(strtof_l(text.c_str(), nullptr, c_locale()));
    default:
      return Value::bits_of(strtod_l(text.c_str(), nullptr, c_locale()));
    }
  }
  return nan_or_inf;
}

} // namespace

// ---------------------------------------------------------------- Value

uint64_t Value::bits_of(float f) {
  return std::bit_cast<uint32_t>(f);
}
uint64_t Value::bits_of(double d) {
  return std::bit_cast<uint64_t>(d);
}

void Value::init(DataType t) {
  dtype_ = t;
  if (t.lanes > kInline)
    heap_.assign(t.lanes, 0);
}

Value Value::zeros(DataType t) {
  if (t.is_handle() || t.is_void()) {
    Value v;
    v.dtype_ = t;
    return v;
  }
  require_numeric(t, "Value::zeros");
  Value v;
  v.init(t);
  return v;
}

Value Value::from_bits(DataType t, std::span<const uint64_t> lanes) {
  require_numeric(t, "Value::from_bits");
  if (lanes.size() != t.lanes)
    throw std::invalid_argument("Value::from_bits: " + std::to_string(lanes.size()) +
                                " lanes for " + ir::to_string(t));
  Value v;
  v.init(t);
  for (int i = 0; i < t.lanes; ++i)
    v.set_bits(i, lanes[i]);
  return v;
}

Value Value::broadcast_bits(DataType t, uint64_t bits) {
  require_numeric(t, "Value::broadcast_bits");
  Value v;
  v.init(t);
  for (int i = 0; i < t.lanes; ++i)
    v.set_bits(i, bits);
  return v;
}

Value Value::from_int64(DataType t, int64_t x) {
  require_numeric(t, "Value::from_int64");
  if (!t.is_integer())
    throw std::invalid_argument("Value::from_int64: " + ir::to_string(t));
  if (x < 0) {
    if (t.is_uint())
      throw std::out_of_range(std::to_string(x) + " in " + ir::to_string(t));
    if (t.bits < 64 && x < -(int64_t{1} << (t.bits - 1)))
      throw std::out_of_range(std::to_string(x) + " in " + ir::to_string(t));
    return broadcast_bits(t, static_cast<uint64_t>(x) & width_mask(t.bits));
  }
  return from_uint64(t, static_cast<uint64_t>(x));
}

Value Value::from_uint64(DataType t, uint64_t x) {
  require_numeric(t, "Value::from_uint64");
  if (!t.is_integer())
    throw std::invalid_argument("Value::from_uint64: " + ir::to_string(t));
  uint64_t max = t.is_int() ? width_mask(t.bits - 1) : width_mask(t.bits);
  if (x > max)
    throw std::out_of_range(std::to_string(x) + " in " + ir::to_string(t));
  return broadcast_bits(t, x);
}

Value Value::from_double(DataType t, double d) {
  require_numeric(t, "Value::from_double");
  if (!t.is_floating())
    throw std::invalid_argument("Value::from_double: " + ir::to_string(t));
  return broadcast_bits(t, encode_double(t.element_of(), d));
}

Value Value::handle(HandleValue h, int bits) {
  Value v;
  v.dtype_ = DataType(TypeCode::Handle, bits, 1);
  v.handle_ = std::move(h);
  return v;
}

Value Value::string_handle(std::string text) {
  HandleValue h;
  h.kind = HandleValue::Kind::String;
  h.text = std::make_shared<const std::string>(std::move(text));
  return handle(std::move(h));
}

uint64_t Value::bits(int lane) const {
  if (!is_numeric(dtype_) || lane < 0 || lane >= dtype_.lanes)
    throw std::out_of_range("Value::bits: lane " + std::to_string(lane) + " of " +
                            ir::to_string(dtype_));
  return lane_data()[lane];
}

void Value::set_bits(int lane, uint64_t bits) {
  if (!is_numeric(dtype_) || lane < 0 || lane >= dtype_.lanes)
    throw std::out_of_range("Value::set_bits: lane " + std::to_string(lane) + " of " +
                            ir::to_string(dtype_));
  if ((bits & ~width_mask(lane_width(dtype_))) != 0)
    throw std::invalid_argument("Value::set_bits: pattern wider than " + ir::to_string(dtype_));
  lane_data()[lane] = bits;
}

int64_t Value::as_int64(int lane) const {
  if (!dtype_.is_integer())
    throw std::logic_error("as_int64 on " + ir::to_string(dtype_));
  uint64_t b = bits(lane);
  if (dtype_.is_int() && dtype_.bits < 64 && (b >> (dtype_.bits - 1)) & 1)
    b |= ~width_mask(dtype_.bits); // sign-extend
  return static_cast<int64_t>(b);
}

uint64_t Value::as_uint64(int lane) const {
  return static_cast<uint64_t>(as_int64(lane));
}

double Value::as_double(int lane) const {
  if (!dtype_.is_floating())
    throw std::logic_error("as_double on " + ir::to_string(dtype_));
  return float_lane_to_double(element_type(), bits(lane));
}

bool Value::as_bool(int lane) const {
  if (!dtype_.is_bool())
    throw std::logic_error("as_bool on " + ir::to_string(dtype_));
  return bits(lane) != 0;
}

bool Value::is_nan(int lane) const {
  return dtype_.is_floating() && float_lane_is_nan(element_type(), bits(lane));
}

const HandleValue &Value::as_handle() const {
  if (!dtype_.is_handle())
    throw std::logic_error("as_handle on " + ir::to_string(dtype_));
  return handle_;
}

Value Value::lane(int i) const {
  Value v;
  v.init(element_type());
  v.set_bits(0, bits(i));
  return v;
}

bool operator==(const Value &a, const Value &b) {
  if (a.dtype_ != b.dtype_)
    return false;
  if (a.dtype_.is_handle())
    return a.handle_ == b.handle_;
  if (a.dtype_.is_void())
    return true;
  return std::equal(a.lane_data(), a.lane_data() + a.dtype_.lanes, b.lane_data());
}

// ---------------------------------------------------------------- printing

namespace {

std::string chars(double d) {
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, d);
  return std::string(buf, r.ptr);
}

std::string float_lane_string(DataType e, uint64_t bits) {
  double d = float_lane_to_double(e, bits);
  if (std::isnan(d))
    return std::signbit(d) ? "-nan" : "nan";
  if (std::isinf(d))
    return d < 0 ? "-inf" : "inf";
  if (e.bits == 64)
    return chars(d);
  if (e.bits == 32 && e.code == TypeCode::Float) {
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, static_cast<float>(d));
    return std::string(buf, r.ptr);
  }
  // 16-bit formats: the fewest significant digits that read back to the same pattern.
  for (int precision = 1; precision <= 17; ++precision) {
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::general, precision);
    std::string s(buf, r.ptr);
    auto back = parse_lane(s, e);
    if (!back || *back != bits)
      continue;
    // Prefer the plain spelling of the same short decimal ("10000" over "1e+04").
    std::string plain = chars(strtod_l(s.c_str(), nullptr, c_locale()));
    auto plain_back = parse_lane(plain, e);
    return plain_back && *plain_back == bits && plain.size() <= s.size() + 2 ? plain : s;
  }
  return chars(d); // unreachable: 17 digits identify any double
}

} // namespace

std::string lane_to_string(DataType e, uint64_t bits) {
  switch (e.code) {
  case TypeCode::Int: {
    uint64_t b = bits;
    if (e.bits < 64 && (b >> (e.bits - 1)) & 1)
      b |= ~width_mask(e.bits);
    return std::to_string(static_cast<int64_t>(b));
  }
  case TypeCode::UInt:
    return std::to_string(bits);
  case TypeCode::Float:
  case TypeCode::BFloat:
    return float_lane_string(e, bits);
  case TypeCode::Handle:
    break;
  }
  return "?";
}

std::string to_string(const Value &v) {
  DataType t = v.dtype();
  if (t.is_void())
    return "void";
  if (t.is_handle()) {
    const HandleValue &h = v.as_handle();
    switch (h.kind) {
    case HandleValue::Kind::Null:
      return "null";
    case HandleValue::Kind::String:
      return "\"" + (h.text ? *h.text : std::string()) + "\"";
    case HandleValue::Kind::Buffer:
      return "handle(" + std::to_string(h.allocation) + "+" + std::to_string(h.byte_offset) + ")";
    case HandleValue::Kind::Opaque:
      return "handle(opaque " + std::to_string(h.allocation) + ")";
    }
  }
  if (t.lanes == 1)
    return lane_to_string(t, v.bits(0));
  std::string s = "[";
  for (int i = 0; i < t.lanes; ++i) {
    if (i)
      s += ", ";
    s += lane_to_string(t.element_of(), v.bits(i));
  }
  return s + "]";
}

// ---------------------------------------------------------------- parsing

std::optional<uint64_t> parse_lane(std::string_view literal, DataType e, std::string *error) {
  std::string_view s = trim(literal);
  if (e.lanes != 1)
    return fail(error, "parse_lane: vector dtype " + ir::to_string(e));
  switch (e.code) {
  case TypeCode::Int:
  case TypeCode::UInt:
    if (e.is_bool()) {
      std::string l = lower(s);
      if (l == "0" || l == "false")
        return 0;
      if (l == "1" || l == "true")
        return 1;
      return fail(error, quoted(literal) + " is not a bool literal (0, 1, true, false)");
    }
    return parse_integer_lane(s, e, error);
  case TypeCode::Float:
  case TypeCode::BFloat:
    return parse_float_lane(s, e, error);
  case TypeCode::Handle:
    break;
  }
  return fail(error, "no literal syntax for " + ir::to_string(e));
}

ParsedValue parse_lanes(std::span<const std::string> literals, DataType t) {
  ParsedValue out;
  if (!is_numeric(t)) {
    out.error = "no lane literals for " + ir::to_string(t);
    return out;
  }
  if (literals.size() != t.lanes) {
    out.error = std::to_string(literals.size()) + " values for " + ir::to_string(t) + ", need " +
                std::to_string(t.lanes);
    return out;
  }
  Value v = Value::zeros(t);
  for (int i = 0; i < t.lanes; ++i) {
    std::string error;
    auto bits = parse_lane(literals[i], t.element_of(), &error);
    if (!bits) {
      out.error = t.lanes > 1 ? "lane " + std::to_string(i) + ": " + error : error;
      return out;
    }
    v.set_bits(i, *bits);
  }
  out.value = std::move(v);
  return out;
}

ParsedValue parse_value(std::string_view literal, DataType t) {
  std::string_view s = trim(literal);
  if (t.is_void()) {
    if (s == "void")
      return {Value(), {}};
    return {std::nullopt, quoted(literal) + " is not a void literal"};
  }
  if (t.is_handle()) {
    if (s == "null" || s == "None")
      return {Value::handle({}, t.bits), {}};
    return {std::nullopt, quoted(literal) + " is not a handle literal (only null is)"};
  }
  std::vector<std::string> parts;
  if (t.lanes > 1) {
    if (s.size() < 2 || s.front() != '[' || s.back() != ']')
      return {std::nullopt,
              quoted(literal) + " is not a vector literal [l0, l1, ...] for " + ir::to_string(t)};
    std::string_view inner = s.substr(1, s.size() - 2);
    size_t start = 0;
    while (start <= inner.size()) {
      size_t comma = inner.find(',', start);
      if (comma == std::string_view::npos)
        comma = inner.size();
      parts.emplace_back(trim(inner.substr(start, comma - start)));
      start = comma + 1;
    }
    if (parts.size() == 1 && parts[0].empty())
      parts.clear();
  } else {
    parts.emplace_back(s);
  }
  return parse_lanes(parts, t);
}

// ---------------------------------------------------------------- comparison

uint64_t ulp_distance(DataType e, uint64_t a, uint64_t b) {
  if (!e.is_floating())
    throw std::logic_error("ulp_distance on " + ir::to_string(e));
  bool a_nan = float_lane_is_nan(e, a), b_nan = float_lane_is_nan(e, b);
  if (a_nan || b_nan)
    return a_nan && b_nan ? 0 : std::numeric_limits<uint64_t>::max();
  // Map sign-magnitude patterns onto a line where adjacent values are adjacent integers and both
  // zeros meet at 0: the ordinal of +x is its magnitude, of -x minus its magnitude.
  const uint64_t sign = uint64_t{1} << (e.bits - 1);
  auto ordinal = [&](uint64_t p) -> int64_t {
    int64_t magnitude = static_cast<int64_t>(p & (sign - 1));
    return (p & sign) ? -magnitude : magnitude;
  };
  int64_t x = ordinal(a), y = ordinal(b);
  return x >= y ? static_cast<uint64_t>(x) - static_cast<uint64_t>(y)
                : static_cast<uint64_t>(y) - static_cast<uint64_t>(x);
}

bool lanes_match(DataType e, uint64_t expected, uint64_t actual, uint64_t ulp) {
  if (!e.is_floating())
    return expected == actual;
  if (expected == actual)
    return true;
  bool e_nan = float_lane_is_nan(e, expected), a_nan = float_lane_is_nan(e, actual);
  if (e_nan || a_nan)
    return e_nan && a_nan;
  // An infinity matches only itself: being 1 ulp past the largest finite value is an overflow,
  // not a rounding difference.
  if (std::isinf(float_lane_to_double(e, expected)) || std::isinf(float_lane_to_double(e, actual)))
    return false;
  return ulp > 0 && ulp_distance(e, expected, actual) <= ulp;
}

std::optional<ValueMismatch> compare_values(const Value &expected, const Value &actual,
                                            uint64_t ulp) {
  if (expected.dtype() != actual.dtype())
    return ValueMismatch{-1};
  DataType t = expected.dtype();
  if (t.is_void())
    return std::nullopt;
  if (t.is_handle()) {
    if (expected.as_handle() == actual.as_handle())
      return std::nullopt;
    return ValueMismatch{-1};
  }
  for (int i = 0; i < t.lanes; ++i)
    if (!lanes_match(t.element_of(), expected.bits(i), actual.bits(i), ulp))
      return ValueMismatch{i};
  return std::nullopt;
}

} // namespace tirconf::runtime
