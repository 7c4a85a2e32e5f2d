#include "ir/tvmscript/lexer.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>

#include "ir/tvmscript/reader_error.h"

namespace tirconf::ir::script {

namespace {

// Character classes: 1 = may start a name, 2 = may continue one.
struct CharClasses {
  uint8_t c[256] = {};
  constexpr CharClasses() {
    for (int i = 0; i < 256; ++i) {
      bool start = (i >= 'a' && i <= 'z') || (i >= 'A' && i <= 'Z') || i == '_' || i >= 0x80;
      bool digit = i >= '0' && i <= '9';
      c[i] = static_cast<uint8_t>((start ? 1 : 0) | (start || digit ? 2 : 0));
    }
  }
};
constexpr CharClasses kClasses;
bool is_ident_start(unsigned char c) {
  return kClasses.c[c] & 1;
}
bool is_ident_char(unsigned char c) {
  return kClasses.c[c] & 2;
}
bool is_digit(unsigned char c) {
  return c >= '0' && c <= '9';
}

int digit_value(unsigned char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'z')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z')
    return c - 'A' + 10;
  return 99;
}

// Python source must be UTF-8 without NUL bytes; report the first offending byte.
void validate_encoding(std::string_view s) {
  // Line and column are only worked out when there is an error to report.
  auto loc = [&](size_t at) {
    uint32_t line = 1;
    size_t line_start = 0;
    for (size_t k = 0; k < at; ++k) {
      if (s[k] == '\n' || (s[k] == '\r' && !(k + 1 < s.size() && s[k + 1] == '\n'))) {
        ++line;
        line_start = k + 1;
      }
    }
    return SourceLoc{line, static_cast<uint32_t>(at - line_start + 1)};
  };
  size_t i = 0;
  const unsigned char *p = reinterpret_cast<const unsigned char *>(s.data());
  while (i < s.size()) {
    // Eight plain ASCII bytes at a time: no high bit set and no zero byte.
    while (i + 8 <= s.size()) {
      uint64_t w;
      std::memcpy(&w, p + i, 8);
      bool high = w & 0x8080808080808080ULL;
      bool zero = (w - 0x0101010101010101ULL) & ~w & 0x8080808080808080ULL;
      if (high || zero)
        break;
      i += 8;
    }
    if (i >= s.size())
      break;
    unsigned char c = p[i];
    if (c < 0x80) {
      if (c == 0)
        fail(loc(i), "source code cannot contain null bytes");
      ++i;
      continue;
    }
    int n = 0;
    uint32_t cp = 0;
    if ((c & 0xE0) == 0xC0) {
      n = 1;
      cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
      n = 2;
      cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
      n = 3;
      cp = c & 0x07;
    } else {
      fail(loc(i), "invalid UTF-8 byte in source (Python source must be UTF-8)");
    }
    if (s.size() - i <= static_cast<size_t>(n))
      fail(loc(i), "truncated UTF-8 sequence in source");
    for (int k = 1; k <= n; ++k) {
      unsigned char d = static_cast<unsigned char>(s[i + k]);
      if ((d & 0xC0) != 0x80)
        fail(loc(i), "invalid UTF-8 byte in source (Python source must be UTF-8)");
      cp = (cp << 6) | (d & 0x3F);
    }
    bool overlong = (n == 1 && cp < 0x80) || (n == 2 && cp < 0x800) || (n == 3 && cp < 0x10000);
    if (overlong || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
      fail(loc(i), "invalid UTF-8 sequence in source (Python source must be UTF-8)");
    i += n + 1;
  }
}

Kw classify_keyword(std::string_view w) {
  if (w.size() < 2 || w.size() > 8)
    return Kw::None;
  auto is = [&](std::string_view k, Kw kw) { return w == k ? kw : Kw::None; };
  switch (w[0]) {
  case 'F':
    return is("False", Kw::False);
  case 'N':
    return is("None", Kw::NoneLit);
  case 'T':
    return is("True", Kw::True);
  case 'a':
    if (w.size() == 2)
      return is("as", Kw::As);
    if (w.size() == 3)
      return is("and", Kw::And);
    if (w.size() == 5)
      return w == "async" ? Kw::Async : is("await", Kw::Await);
    return is("assert", Kw::Assert);
  case 'b':
    return is("break", Kw::Break);
  case 'c':
    return w.size() == 5 ? is("class", Kw::Class) : is("continue", Kw::Continue);
  case 'd':
    return w == "def" ? Kw::Def : is("del", Kw::Del);
  case 'e':
    if (w.size() == 6)
      return is("except", Kw::Except);
    return w == "elif" ? Kw::Elif : is("else", Kw::Else);
  case 'f':
    if (w.size() == 3)
      return is("for", Kw::For);
    if (w.size() == 4)
      return is("from", Kw::From);
    return is("finally", Kw::Finally);
  case 'g':
    return is("global", Kw::Global);
  case 'i':
    if (w.size() == 2)
      return w == "if" ? Kw::If : w == "in" ? Kw::In : is("is", Kw::Is);
    return is("import", Kw::Import);
  case 'l':
    return is("lambda", Kw::Lambda);
  case 'n':
    return w.size() == 3 ? is("not", Kw::Not) : is("nonlocal", Kw::Nonlocal);
  case 'o':
    return is("or", Kw::Or);
  case 'p':
    return is("pass", Kw::Pass);
  case 'r':
    return w.size() == 5 ? is("raise", Kw::Raise) : is("return", Kw::Return);
  case 't':
    return is("try", Kw::Try);
  case 'w':
    return w.size() == 5 ? is("while", Kw::While) : is("with", Kw::With);
  case 'y':
    return is("yield", Kw::Yield);
  default:
    return Kw::None;
  }
}

class Lexer {
public:
  explicit Lexer(std::string_view src) : src_(src) {}

  LexResult run() {
    if (src_.substr(0, 3) == "\xEF\xBB\xBF")
      pos_ = line_start_ = 3;
    validate_encoding(src_);
    out_.tokens.reserve(src_.size() / 2 + 16);
    while (true) {
      if (at_line_start_ && brackets_.empty()) {
        if (!handle_indentation())
          break; // end of input
      }
      skip_whitespace();
      if (pos_ >= src_.size())
        break;
      unsigned char c = static_cast<unsigned char>(src_[pos_]);
      if (c == '#') {
        skip_comment();
        continue;
      }
      if (c == '\n' || c == '\r') {
        SourceLoc l = here();
        consume_newline();
        if (brackets_.empty()) {
          emit_simple(TokKind::Newline, l);
          at_line_start_ = true;
        }
        continue;
      }
      if (c == '\\') {
        SourceLoc l = here();
        ++pos_;
        if (pos_ < src_.size() && (src_[pos_] == '\n' || src_[pos_] == '\r')) {
          consume_newline();
          if (pos_ >= src_.size())
            fail(l, "unexpected end of file after line continuation character");
          continue;
        }
        fail(l, "unexpected character after line continuation character");
      }
      if (is_ident_start(c)) {
        lex_name_or_prefixed_string();
        continue;
      }
      if (is_digit(c) || (c == '.' && pos_ + 1 < src_.size() &&
                          is_digit(static_cast<unsigned char>(src_[pos_ + 1])))) {
        lex_number();
        continue;
      }
      if (c == '"' || c == '\'') {
        lex_string(pos_, false);
        continue;
      }
      lex_operator();
    }
    finish();
    return std::move(out_);
  }

private:
  std::string_view src_;
  size_t pos_ = 0;
  uint32_t line_ = 1;
  size_t line_start_ = 0;
  bool at_line_start_ = true;
  std::vector<int> indents_{0};
  std::vector<int> alt_indents_{0};
  struct Bracket {
    char c;
    SourceLoc loc;
  };
  std::vector<Bracket> brackets_;
  LexResult out_;

  SourceLoc here() const { return loc_at(pos_); }
  SourceLoc loc_at(size_t p) const {
    return SourceLoc{line_, static_cast<uint32_t>(p - line_start_ + 1)};
  }

  void consume_newline() {
    if (src_[pos_] == '\r' && pos_ + 1 < src_.size() && src_[pos_ + 1] == '\n')
      ++pos_;
    ++pos_;
    ++line_;
    line_start_ = pos_;
  }

  void emit_simple(TokKind k, SourceLoc l) {
    Token &t = out_.tokens.emplace_back();
    t.kind = k;
    t.loc = l;
  }

  void skip_comment() {
    while (pos_ < src_.size() && src_[pos_] != '\n' && src_[pos_] != '\r')
      ++pos_;
  }

  void skip_whitespace() {
    while (pos_ < src_.size()) {
      char c = src_[pos_];
      if (c == ' ' || c == '\t' || c == '\f') {
        ++pos_;
      } else if (!brackets_.empty() && (c == '\n' || c == '\r')) {
        consume_newline();
      } else {
        break;
      }
    }
  }

  // At the start of a logical line: measure indentation, skip blank and comment-only lines,
  // emit INDENT/DEDENT. Returns false at end of input.
  bool handle_indentation() {
    while (true) {
      int col = 0, alt = 0;
      while (pos_ < src_.size()) {
        char c = src_[pos_];
        if (c == ' ') {
          ++col;
          ++alt;
        } else if (c == '\t') {
          col = (col / 8 + 1) * 8;
          ++alt;
        } else if (c == '\f') {
          col = alt = 0;
        } else {
          break;
        }
        ++pos_;
      }
      if (pos_ >= src_.size())
        return false;
      char c = src_[pos_];
      if (c == '#') {
        skip_comment();
        if (pos_ >= src_.size())
          return false;
      }
      c = src_[pos_];
      if (c == '\n' || c == '\r') {
        consume_newline();
        continue; // blank line: no NEWLINE, no indentation change
      }
      SourceLoc l = here();
      if (col == indents_.back()) {
        if (alt != alt_indents_.back())
          fail(l, "inconsistent use of tabs and spaces in indentation");
      } else if (col > indents_.back()) {
        if (alt <= alt_indents_.back())
          fail(l, "inconsistent use of tabs and spaces in indentation");
        if (static_cast<int>(indents_.size()) > kMaxIndentLevels)
          fail(l, "too many levels of indentation");
        indents_.push_back(col);
        alt_indents_.push_back(alt);
        emit_simple(TokKind::Indent, l);
      } else {
        while (indents_.size() > 1 && col < indents_.back()) {
          indents_.pop_back();
          alt_indents_.pop_back();
          emit_simple(TokKind::Dedent, l);
        }
        if (col != indents_.back())
          fail(l, "unindent does not match any outer indentation level");
        if (alt != alt_indents_.back())
          fail(l, "inconsistent use of tabs and spaces in indentation");
      }
      at_line_start_ = false;
      return true;
    }
  }

  void finish() {
    if (!brackets_.empty()) {
      const Bracket &b = brackets_.back();
      fail(b.loc, std::string("'") + b.c + "' was never closed");
    }
    SourceLoc l = here();
    if (!out_.tokens.empty()) {
      TokKind last = out_.tokens.back().kind;
      if (last != TokKind::Newline && last != TokKind::Dedent && last != TokKind::Indent)
        emit_simple(TokKind::Newline, l);
    }
    for (size_t i = 1; i < indents_.size(); ++i)
      emit_simple(TokKind::Dedent, l);
    emit_simple(TokKind::End, l);
  }

  void lex_name_or_prefixed_string() {
    size_t start = pos_;
    while (pos_ < src_.size() && is_ident_char(static_cast<unsigned char>(src_[pos_])))
      ++pos_;
    std::string_view word = src_.substr(start, pos_ - start);
    if (pos_ < src_.size() && (src_[pos_] == '"' || src_[pos_] == '\'') && word.size() <= 2) {
      bool raw = false, bytes = false, fmt = false, ok = true;
      for (char ch : word) {
        switch (ch) {
        case 'r':
        case 'R':
          raw = true;
          break;
        case 'b':
        case 'B':
          bytes = true;
          break;
        case 'f':
        case 'F':
          fmt = true;
          break;
        case 'u':
        case 'U':
          if (word.size() != 1)
            ok = false;
          break;
        default:
          ok = false;
        }
      }
      if (ok) {
        if (fmt)
          fail(loc_at(start), "f-strings are not supported in TVMScript");
        if (bytes)
          fail(loc_at(start), "bytes literals are not supported in TVMScript");
        lex_string(start, raw);
        return;
      }
    }
    Token &t = out_.tokens.emplace_back();
    t.kind = TokKind::Name;
    t.loc = loc_at(start);
    t.text = word;
    t.kw = classify_keyword(word);
  }

  static void append_utf8(std::string &s, uint32_t cp) {
    if (cp < 0x80) {
      s += static_cast<char>(cp);
    } else if (cp < 0x800) {
      s += static_cast<char>(0xC0 | (cp >> 6));
      s += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      s += static_cast<char>(0xE0 | (cp >> 12));
      s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      s += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      s += static_cast<char>(0xF0 | (cp >> 18));
      s += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      s += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  // pos_ is at the opening quote; `start` is where the token (with its prefix) starts.
  void lex_string(size_t start, bool raw) {
    SourceLoc start_loc = loc_at(start);
    char q = src_[pos_];
    bool triple = pos_ + 2 < src_.size() && src_[pos_ + 1] == q && src_[pos_ + 2] == q;
    pos_ += triple ? 3 : 1;
    Token t;
    t.kind = TokKind::String;
    t.loc = start_loc;
    t.content_loc = here();
    std::string value;
    while (true) {
      if (pos_ >= src_.size())
        fail(start_loc,
             triple ? "unterminated triple-quoted string literal" : "unterminated string literal");
      char c = src_[pos_];
      if (c == q) {
        if (!triple) {
          ++pos_;
          break;
        }
        if (pos_ + 2 < src_.size() && src_[pos_ + 1] == q && src_[pos_ + 2] == q) {
          pos_ += 3;
          break;
        }
        value += c;
        ++pos_;
        continue;
      }
      if (c == '\n' || c == '\r') {
        if (!triple)
          fail(start_loc, "unterminated string literal");
        consume_newline();
        value += '\n';
        continue;
      }
      if (c != '\\') {
        value += c;
        ++pos_;
        continue;
      }
      // Backslash.
      SourceLoc esc_loc = here();
      if (pos_ + 1 >= src_.size())
        fail(start_loc,
             triple ? "unterminated triple-quoted string literal" : "unterminated string literal");
      char e = src_[pos_ + 1];
      if (e == '\n' || e == '\r') {
        ++pos_;
        if (raw)
          value += '\\';
        consume_newline();
        if (raw)
          value += '\n';
        continue;
      }
      if (raw) {
        value += '\\';
        value += e;
        pos_ += 2;
        continue;
      }
      pos_ += 2;
      switch (e) {
      case '\\':
        value += '\\';
        break;
      case '\'':
        value += '\'';
        break;
      case '"':
        value += '"';
        break;
      case 'a':
        value += '\a';
        break;
      case 'b':
        value += '\b';
        break;
      case 'f':
        value += '\f';
        break;
      case 'n':
        value += '\n';
        break;
      case 'r':
        value += '\r';
        break;
      case 't':
        value += '\t';
        break;
      case 'v':
        value += '\v';
        break;
      case '0':
      case '1':
      case '2':
      case '3':
      case '4':
      case '5':
      case '6':
      case '7': {
        uint32_t v = static_cast<uint32_t>(e - '0');
        for (int k = 0; k < 2 && pos_ < src_.size() && src_[pos_] >= '0' && src_[pos_] <= '7'; ++k)
          v = v * 8 + static_cast<uint32_t>(src_[pos_++] - '0');
        append_utf8(value, v);
        break;
      }
      case 'x':
      case 'u':
      case 'U': {
        int n = e == 'x' ? 2 : e == 'u' ? 4 : 8;
        uint32_t v = 0;
        for (int k = 0; k < n; ++k) {
          if (pos_ >= src_.size() || digit_value(static_cast<unsigned char>(src_[pos_])) >= 16)
            fail(esc_loc, std::string("truncated \\") + e + " escape in string literal");
          v = v * 16 + static_cast<uint32_t>(digit_value(static_cast<unsigned char>(src_[pos_++])));
        }
        if (v > 0x10FFFF)
          fail(esc_loc, "illegal Unicode character in string literal");
        append_utf8(value, v);
        break;
      }
      case 'N':
        fail(esc_loc, "\\N{...} escapes are not supported");
      default:
        // Python keeps unknown escapes as written (with a warning).
        value += '\\';
        value += e;
      }
    }
    t.text = src_.substr(start, pos_ - start);
    t.str_index = static_cast<uint32_t>(out_.strings.size());
    out_.strings.push_back(std::move(value));
    out_.tokens.push_back(t);
  }

  // Reads digits of `base` with single underscores between them; returns false if none.
  bool scan_digits(int base, std::string &cleaned) {
    size_t begin = pos_;
    while (pos_ < src_.size()) {
      unsigned char c = static_cast<unsigned char>(src_[pos_]);
      if (c == '_') {
        if (pos_ == begin || pos_ + 1 >= src_.size() ||
            digit_value(static_cast<unsigned char>(src_[pos_ + 1])) >= base)
          fail(here(), "invalid digit separator '_' in number literal");
        ++pos_;
        continue;
      }
      if (digit_value(c) >= base)
        break;
      cleaned += static_cast<char>(c);
      ++pos_;
    }
    return pos_ > begin;
  }

  void lex_number() {
    size_t start = pos_;
    SourceLoc l = here();
    Token t;
    t.loc = l;
    std::string digits;
    int base = 10;
    bool is_float = false;
    if (src_[pos_] == '0' && pos_ + 1 < src_.size()) {
      char p = src_[pos_ + 1];
      if (p == 'x' || p == 'X')
        base = 16;
      if (p == 'o' || p == 'O')
        base = 8;
      if (p == 'b' || p == 'B')
        base = 2;
    }
    if (base != 10) {
      pos_ += 2;
      if (pos_ < src_.size() && src_[pos_] == '_')
        ++pos_;
      if (!scan_digits(base, digits))
        fail(l, base == 16  ? "invalid hexadecimal literal"
                : base == 8 ? "invalid octal literal"
                            : "invalid binary literal");
    } else {
      scan_digits(10, digits);
      if (pos_ < src_.size() && src_[pos_] == '.') {
        is_float = true;
        digits += '.';
        ++pos_;
        scan_digits(10, digits);
      }
      if (pos_ < src_.size() && (src_[pos_] == 'e' || src_[pos_] == 'E')) {
        size_t save = pos_;
        std::string exp = "e";
        ++pos_;
        if (pos_ < src_.size() && (src_[pos_] == '+' || src_[pos_] == '-'))
          exp += src_[pos_++];
        if (scan_digits(10, exp)) {
          is_float = true;
          digits += exp;
        } else {
          pos_ = save;
          fail(l, "invalid decimal literal");
        }
      }
      if (pos_ < src_.size() && (src_[pos_] == 'j' || src_[pos_] == 'J'))
        fail(l, "imaginary literals are not supported in TVMScript");
    }
    if (pos_ < src_.size() && is_ident_char(static_cast<unsigned char>(src_[pos_])))
      fail(l, base == 10 ? "invalid decimal literal" : "invalid digit in number literal");
    t.text = src_.substr(start, pos_ - start);
    if (is_float) {
      t.kind = TokKind::Float;
      double v = 0;
      const char *b = digits.data();
      const char *e = b + digits.size();
      auto [p, ec] = std::from_chars(b, e, v);
      if (ec == std::errc::result_out_of_range) {
        // Python rounds to inf or 0; decide by the exponent's sign.
        size_t epos = digits.find('e');
        bool neg_exp =
            epos != std::string::npos && epos + 1 < digits.size() && digits[epos + 1] == '-';
        v = neg_exp ? 0.0 : std::numeric_limits<double>::infinity();
      } else if (ec != std::errc() || p != e) {
        fail(l, "invalid floating-point literal");
      }
      t.float_value = v;
    } else {
      t.kind = TokKind::Int;
      if (base == 10 && digits.size() > 1 && digits[0] == '0' &&
          digits.find_first_not_of('0') != std::string::npos)
        fail(l, "leading zeros in decimal integer literals are not permitted; use an 0o prefix for "
                "octal integers");
      unsigned __int128 v = 0;
      const unsigned __int128 limit = static_cast<unsigned __int128>(1) << 127;
      for (char ch : digits) {
        v = v * static_cast<unsigned>(base) +
            static_cast<unsigned>(digit_value(static_cast<unsigned char>(ch)));
        if (v >= limit)
          fail(l, "integer literal is too large");
      }
      t.int_value = v;
    }
    out_.tokens.push_back(t);
  }

  void lex_operator() {
    SourceLoc l = here();
    const char *p = src_.data() + pos_;
    size_t avail = src_.size() - pos_;
    char c0 = p[0];
    char c1 = avail > 1 ? p[1] : '\0';
    char c2 = avail > 2 ? p[2] : '\0';
    Op op = Op::None;
    size_t len = 1;
    auto two = [&](Op o) {
      op = o;
      len = 2;
    };
    switch (c0) {
    case '(':
      op = Op::LPar;
      break;
    case ')':
      op = Op::RPar;
      break;
    case '[':
      op = Op::LSqb;
      break;
    case ']':
      op = Op::RSqb;
      break;
    case '{':
      op = Op::LBrace;
      break;
    case '}':
      op = Op::RBrace;
      break;
    case ',':
      op = Op::Comma;
      break;
    case ';':
      op = Op::Semi;
      break;
    case '~':
      op = Op::Tilde;
      break;
    case ':':
      if (c1 == '=')
        two(Op::ColonEqual);
      else
        op = Op::Colon;
      break;
    case '.':
      if (c1 == '.' && c2 == '.') {
        op = Op::Ellipsis;
        len = 3;
      } else {
        op = Op::Dot;
      }
      break;
    case '=':
      if (c1 == '=')
        two(Op::EqEqual);
      else
        op = Op::Equal;
      break;
    case '!':
      if (c1 == '=')
        two(Op::NotEqual);
      break;
    case '+':
      if (c1 == '=')
        two(Op::AugAssign);
      else
        op = Op::Plus;
      break;
    case '-':
      if (c1 == '=')
        two(Op::AugAssign);
      else if (c1 == '>')
        two(Op::Arrow);
      else
        op = Op::Minus;
      break;
    case '%':
      if (c1 == '=')
        two(Op::AugAssign);
      else
        op = Op::Percent;
      break;
    case '@':
      if (c1 == '=')
        two(Op::AugAssign);
      else
        op = Op::At;
      break;
    case '&':
      if (c1 == '=')
        two(Op::AugAssign);
      else
        op = Op::Amper;
      break;
    case '|':
      if (c1 == '=')
        two(Op::AugAssign);
      else
        op = Op::VBar;
      break;
    case '^':
      if (c1 == '=')
        two(Op::AugAssign);
      else
        op = Op::Circumflex;
      break;
    case '*':
    case '/': {
      Op single = c0 == '*' ? Op::Star : Op::Slash;
      Op dbl = c0 == '*' ? Op::DoubleStar : Op::DoubleSlash;
      if (c1 == c0) {
        if (c2 == '=') {
          op = Op::AugAssign;
          len = 3;
        } else {
          two(dbl);
        }
      } else if (c1 == '=') {
        two(Op::AugAssign);
      } else {
        op = single;
      }
      break;
    }
    case '<':
    case '>': {
      Op single = c0 == '<' ? Op::Less : Op::Greater;
      Op shift = c0 == '<' ? Op::LeftShift : Op::RightShift;
      Op cmp_eq = c0 == '<' ? Op::LessEqual : Op::GreaterEqual;
      if (c1 == c0) {
        if (c2 == '=') {
          op = Op::AugAssign;
          len = 3;
        } else {
          two(shift);
        }
      } else if (c1 == '=') {
        two(cmp_eq);
      } else {
        op = single;
      }
      break;
    }
    default:
      break;
    }
    if (op == Op::None) {
      unsigned char c = static_cast<unsigned char>(c0);
      std::string shown =
          c >= 0x20 && c < 0x7F ? std::string("'") + c0 + "'" : "U+" + std::to_string(c);
      fail(l, "invalid character " + shown + " in source");
    }
    std::string_view rest = src_.substr(pos_, len);
    if (op == Op::LPar || op == Op::LSqb || op == Op::LBrace) {
      if (brackets_.size() >= static_cast<size_t>(kMaxNesting))
        fail(l, kTooManyBrackets);
      brackets_.push_back({rest[0], l});
    } else if (op == Op::RPar || op == Op::RSqb || op == Op::RBrace) {
      char open = op == Op::RPar ? '(' : op == Op::RSqb ? '[' : '{';
      if (brackets_.empty())
        fail(l, std::string("unmatched '") + rest[0] + "'");
      if (brackets_.back().c != open)
        fail(l, std::string("closing parenthesis '") + rest[0] +
                    "' does not match opening parenthesis '" + brackets_.back().c + "'");
      brackets_.pop_back();
    }
    Token &t = out_.tokens.emplace_back();
    t.kind = TokKind::Op;
    t.op = op;
    t.loc = l;
    t.text = rest.substr(0, len);
    pos_ += len;
  }
};

} // namespace

LexResult tokenize(std::string_view source) {
  return Lexer(source).run();
}

} // namespace tirconf::ir::script
