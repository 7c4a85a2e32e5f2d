#include "runner/signature.h"

#include <cctype>
#include <cstring>

namespace tirconf::runner {

namespace {

uint64_t fnv1a64(std::string_view s) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

// The line of a multi-line message that says what went wrong: the first naming an error or a
// failed check (a traceback's last line names the exception; TVM's "Check failed"), else the
// first that is not blank.
std::string_view meaningful_line(std::string_view m) {
  std::string_view first;
  size_t at = 0;
  while (at <= m.size()) {
    size_t end = m.find('\n', at);
    if (end == std::string_view::npos)
      end = m.size();
    std::string_view line = m.substr(at, end - at);
    const bool blank = line.find_first_not_of(" \t\r") == std::string_view::npos;
    if (!blank && first.empty())
      first = line;
    if (!blank && (line.find("Error") != std::string_view::npos ||
                   line.find("Check failed") != std::string_view::npos))
      return line;
    at = end + 1;
  }
  return first;
}

bool word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// Digits that belong to a dtype's name (int32, float16) say which operation failed; they stay.
bool dtype_bits_at(std::string_view line, size_t i) {
  size_t start = i;
  while (start > 0 && std::isalpha(static_cast<unsigned char>(line[start - 1])))
    --start;
  if (start > 0 && word_char(line[start - 1]))
    return false;
  const std::string_view word = line.substr(start, i - start);
  return word == "int" || word == "uint" || word == "float" || word == "bfloat";
}

std::string outcome_name(const runtime::Outcome &o) {
  std::string s(runtime::to_string(o.kind()));
  if (!o.class_name().empty())
    s += " " + std::string(o.class_name());
  return s;
}

std::string element_dtype(const runtime::Outcome &expected, const runtime::OutcomeMismatch &mm) {
  using What = runtime::OutcomeMismatch::What;
  if (!expected.is_ok())
    return "";
  if (mm.what == What::ReturnValue)
    return expected.ok().ret ? ir::to_string(expected.ok().ret->dtype()) + " return value"
                             : "return value";
  if (const runtime::NDArray *a = expected.ok().find(mm.buffer)) {
    std::string what = "buffer element";
    if (mm.array && mm.array->what == runtime::ArrayMismatch::What::Shape)
      what = "buffer shape";
    else if (mm.array && mm.array->what == runtime::ArrayMismatch::What::Dtype)
      what = "buffer dtype";
    return ir::to_string(a->dtype()) + " " + what;
  }
  return mm.what == What::ExtraBuffer ? "extra buffer" : "missing buffer";
}

} // namespace

std::string normalise_message(std::string_view message) {
  std::string_view line = meaningful_line(message);
  // A failed check's own words say which check; what follows "is false:" prints the operands,
  // which differ from program to program.
  if (const size_t at = line.find(") is false:"); at != std::string_view::npos)
    line = line.substr(0, at + std::string_view(") is false:").size());
  std::string out;
  for (size_t i = 0; i < line.size();) {
    const char c = line[i];
    const bool starts_word = i == 0 || !word_char(line[i - 1]);
    if (c == '0' && i + 1 < line.size() && (line[i + 1] == 'x' || line[i + 1] == 'X') &&
        starts_word) {
      i += 2;
      while (i < line.size() && std::isxdigit(static_cast<unsigned char>(line[i])))
        ++i;
      out += "ADDR";
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(c)) && dtype_bits_at(line, i)) {
      while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i])))
        out += line[i++];
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(c))) {
      while (i < line.size() && (std::isdigit(static_cast<unsigned char>(line[i])) ||
                                 (line[i] == '.' && i + 1 < line.size() &&
                                  std::isdigit(static_cast<unsigned char>(line[i + 1]))) ||
                                 line[i] == 'e'))
        ++i;
      out += 'N';
      continue;
    }
    if (c == '\'' || c == '"') {
      const size_t close = line.find(c, i + 1);
      if (close != std::string_view::npos) {
        out += c;
        out += '_';
        out += c;
        i = close + 1;
        continue;
      }
    }
    if (c == '/' && starts_word && i + 1 < line.size() && word_char(line[i + 1])) {
      while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i])) &&
             line[i] != ':' && line[i] != ')')
        ++i;
      out += "PATH";
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (!out.empty() && out.back() != ' ')
        out += ' ';
      ++i;
      continue;
    }
    out += c;
    ++i;
  }
  while (!out.empty() && out.back() == ' ')
    out.pop_back();
  if (out.size() > 160)
    out.resize(160);
  return out;
}

Signature signature_of(std::string implementation, std::string version,
                       const runtime::Outcome &expected, const runtime::Outcome &actual,
                       const std::optional<runtime::OutcomeMismatch> &mismatch) {
  using K = runtime::OutcomeKind;
  Signature s;
  s.implementation = std::move(implementation);
  s.version = std::move(version);
  if (expected.kind() == K::InternalError) {
    s.kind = "oracle-bug";
    s.description = expected.rule().empty() ? normalise_message(expected.message())
                                            : std::string(expected.rule());
    return s;
  }
  switch (actual.kind()) {
  case K::Crash: {
    s.kind = "crash";
    const auto &c = actual.crash();
    s.description = c.signal ? runtime::signal_name(c.signal)
                             : (c.exit_code ? "exit code " + std::to_string(c.exit_code) : "");
    const std::string m = normalise_message(c.detail);
    if (!m.empty())
      s.description += (s.description.empty() ? "" : ": ") + m;
    return s;
  }
  case K::Timeout:
    s.kind = "timeout";
    return s;
  case K::Rejected:
    s.kind = "rejected";
    s.description = actual.rejected().stage + ": " + normalise_message(actual.rejected().message);
    return s;
  default:
    break;
  }
  if (!mismatch)
    return s;
  if (expected.kind() == K::Invalid) {
    s.kind = "accepted-invalid";
    s.description = "got " + outcome_name(actual);
    return s;
  }
  using What = runtime::OutcomeMismatch::What;
  if (mismatch->what == What::Kind || mismatch->what == What::Class) {
    s.kind = "wrong-error";
    s.description = "expected " + outcome_name(expected) + ", got " + outcome_name(actual);
    return s;
  }
  s.kind = "wrong-value";
  s.description = element_dtype(expected, *mismatch);
  return s;
}

std::string Signature::text() const {
  return kind + " | " + implementation + " | " + description;
}

std::string Signature::slug() const {
  std::string s = kind + "-" + implementation;
  std::string words;
  bool dash = true;
  for (char c : description) {
    if (words.size() >= 48)
      break;
    if (std::isalnum(static_cast<unsigned char>(c))) {
      words += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      dash = false;
    } else if (!dash) {
      words += '-';
      dash = true;
    }
  }
  while (!words.empty() && words.back() == '-')
    words.pop_back();
  if (!words.empty())
    s += "-" + words;
  char hash[9];
  std::snprintf(hash, sizeof hash, "%08llx",
                static_cast<unsigned long long>(fnv1a64(text()) & 0xffffffffull));
  for (char &c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-')
      c = '-';
  return s + "-" + hash;
}

} // namespace tirconf::runner
