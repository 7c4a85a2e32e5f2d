// Recursive-descent parser from tokens to the Python syntax tree of py_ast.h, following Python's
// grammar for the statements and expressions TVMScript uses. Anything else (lambda,
// comprehensions, try, ...) is rejected with a ReaderError that names the construct. Nesting is
// depth-limited (kMaxNesting, kMaxSyntaxNesting, kMaxExprDepth) so no input can overflow the stack.
#pragma once

#include "ir/tvmscript/lexer.h"
#include "ir/tvmscript/py_ast.h"

namespace tirconf::ir::script {

// Throws ReaderError on the first syntax error.
PyModule parse_python(const LexResult &lex, PyArena &arena);

} // namespace tirconf::ir::script
