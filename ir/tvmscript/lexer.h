// Python tokenizer for TVMScript: NAME, NUMBER, STRING and operator tokens with line/column,
// NEWLINE/INDENT/DEDENT as Python's tokenizer makes them (comments and blank lines skipped,
// implicit line joining inside brackets, backslash continuation, tab/space consistency checks).
// Rejects what CPython rejects for these tokens (invalid UTF-8, NUL bytes, unterminated strings,
// unmatched brackets, leading zeros, ...) by throwing ReaderError.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ir/source_loc.h"

namespace tirconf::ir::script {

enum class TokKind : uint8_t { Name, Int, Float, String, Op, Newline, Indent, Dedent, End };

enum class Op : uint8_t {
  None,
  LPar,
  RPar,
  LSqb,
  RSqb,
  LBrace,
  RBrace,
  Colon,
  Comma,
  Semi,
  Dot,
  Ellipsis,
  Arrow,
  ColonEqual,
  Equal,
  Plus,
  Minus,
  Star,
  Slash,
  DoubleSlash,
  Percent,
  DoubleStar,
  At,
  LeftShift,
  RightShift,
  Amper,
  VBar,
  Circumflex,
  Tilde,
  Less,
  Greater,
  LessEqual,
  GreaterEqual,
  EqEqual,
  NotEqual,
  AugAssign, // any of += -= *= /= //= %= **= >>= <<= &= |= ^= @= (text says which)
};

// Python's keywords, recognized once by the lexer (Name tokens only).
enum class Kw : uint8_t {
  None,
  False,
  NoneLit,
  True,
  And,
  As,
  Assert,
  Async,
  Await,
  Break,
  Class,
  Continue,
  Def,
  Del,
  Elif,
  Else,
  Except,
  Finally,
  For,
  From,
  Global,
  If,
  Import,
  In,
  Is,
  Lambda,
  Nonlocal,
  Not,
  Or,
  Pass,
  Raise,
  Return,
  Try,
  While,
  With,
  Yield,
};

struct Token {
  TokKind kind = TokKind::End;
  Op op = Op::None;
  Kw kw = Kw::None;
  SourceLoc loc;
  uint32_t str_index = 0; // String: index into LexResult::strings (decoded value)
  std::string_view text;  // the source text of the token (Name, Op, numbers)
  union {
    unsigned __int128 int_value = 0; // Int (always < 2^127)
    double float_value;              // Float
  };
  SourceLoc content_loc; // String: first character after the opening quotes
};

struct LexResult {
  std::vector<Token> tokens;        // ends with End
  std::vector<std::string> strings; // decoded string literal values
};

// Throws ReaderError on the first lexical error.
LexResult tokenize(std::string_view source);

} // namespace tirconf::ir::script
