#include "reports/json_location.h"

#include <nlohmann/json.hpp>

namespace tirconf::report {

TextLocation location_of_offset(const std::string &text, size_t offset) {
  TextLocation at;
  for (size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++at.line;
      at.column = 1;
    } else {
      ++at.column;
    }
  }
  return at;
}

namespace {

// A walker over well-formed JSON that knows only enough to skip a value and to find an object's
// member or an array's element.
struct Walker {
  const std::string &s;
  size_t i = 0;

  void space() {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t'))
      ++i;
  }
  std::string string() { // at the opening quote; returns the string, its escapes undone
    const size_t start = i++;
    while (i < s.size() && s[i] != '"')
      i += s[i] == '\\' ? 2 : 1;
    ++i;
    try {
      return nlohmann::json::parse(s.substr(start, i - start)).get<std::string>();
    } catch (const nlohmann::json::exception &) {
      return {};
    }
  }
  void skip_value() {
    space();
    if (i >= s.size())
      return;
    if (s[i] == '"') {
      string();
    } else if (s[i] == '{' || s[i] == '[') {
      const char close = s[i] == '{' ? '}' : ']';
      ++i;
      space();
      while (i < s.size() && s[i] != close) {
        if (close == '}') {
          string();
          space();
          ++i; // ':'
        }
        skip_value();
        space();
        if (i < s.size() && s[i] == ',')
          ++i;
        space();
      }
      ++i;
    } else {
      while (i < s.size() && s[i] != ',' && s[i] != '}' && s[i] != ']' && s[i] != ' ' &&
             s[i] != '\n')
        ++i;
    }
  }
  // At a container's opening bracket: moves to the start of member `key` (object) or element
  // `key` (array); false, not moved, when there is none.
  bool enter(const std::string &key) {
    space();
    const size_t start = i;
    if (i >= s.size() || (s[i] != '{' && s[i] != '['))
      return false;
    const bool object = s[i] == '{';
    const char close = object ? '}' : ']';
    long index = 0, wanted = -1;
    if (!object) {
      try {
        wanted = std::stol(key);
      } catch (...) {
        return false;
      }
    }
    ++i;
    space();
    while (i < s.size() && s[i] != close) {
      bool hit;
      if (object) {
        hit = string() == key;
        space();
        ++i; // ':'
      } else {
        hit = index++ == wanted;
      }
      space();
      if (hit)
        return true;
      skip_value();
      space();
      if (i < s.size() && s[i] == ',')
        ++i;
      space();
    }
    i = start;
    return false;
  }
};

} // namespace

TextLocation locate_pointer(const std::string &text, const std::string &pointer) {
  Walker w{text};
  w.space();
  size_t p = 0;
  while (p < pointer.size() && pointer[p] == '/') {
    size_t q = pointer.find('/', p + 1);
    const std::string raw = pointer.substr(p + 1, q == std::string::npos ? q : q - p - 1);
    // RFC 6901 escapes: ~1 is '/', ~0 is '~'.
    std::string token;
    for (size_t k = 0; k < raw.size(); ++k) {
      if (raw[k] == '~' && k + 1 < raw.size()) {
        token += raw[k + 1] == '1' ? '/' : '~';
        ++k;
      } else {
        token += raw[k];
      }
    }
    if (!w.enter(token))
      break;
    p = q == std::string::npos ? pointer.size() : q;
  }
  return location_of_offset(text, w.i);
}

} // namespace tirconf::report
