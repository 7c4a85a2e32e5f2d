// The one way the TVMScript reader's stages (lexer, parser, builder) report a failure: throw a
// ReaderError, which read_tvmscript turns into a Diagnostic. The reader stops at the first error.
#pragma once

#include <string>

#include "ir/source_loc.h"

namespace tirconf::ir::script {

struct ReaderError {
  SourceLoc loc;
  std::string message;
  std::string rule; // spec rule ID for errors that are spec violations (e.g. scope.unbound)
};

[[noreturn]] inline void fail(SourceLoc loc, std::string message, std::string rule = {}) {
  if (!loc.known())
    loc = {1, 1};
  throw ReaderError{loc, std::move(message), std::move(rule)};
}

// Recursion limits that keep hostile input from overflowing the stack.
inline constexpr int kMaxNesting = 200; // nested brackets: Python's own limit (CPython's MAXLEVEL)
// The diagnostic for more: Python's words. A printed program can need it (a chain of 250 `&`
// prints as 250 nested T.bitwise_and calls, as TVM prints it), and no spelling avoids it.
inline constexpr const char *kTooManyBrackets = "too many nested parentheses";
inline constexpr int kMaxIndentLevels = 100;
// Nested expressions and statements: what the bracket and indentation limits allow, so that any
// text within those limits reads (199 nested calls in a function body), and unary operators,
// conditional expressions and `**` chains up to the same depth.
inline constexpr int kMaxSyntaxNesting = kMaxNesting + kMaxIndentLevels;
inline constexpr int kMaxExprDepth = 500;   // depth of one expression's syntax tree
inline constexpr int kMaxOpenScopes = 1000; // concise scopes (let, assert, allocate, ...) per body

} // namespace tirconf::ir::script
