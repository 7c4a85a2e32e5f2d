// TVMScript reader: Python source text -> IRModule, without Python. It builds what Apache TVM
// v0.20's parser (python/tvm/script/parser/tir + src/script/ir_builder/tir) builds for the same
// text, except where the builder*.cc files say "Deviation". Pipeline: lexer -> py_parser ->
// builder.
//
// Every failure (syntax, unknown name, unsupported construct) becomes one Diagnostic
// `file:line:col: error: ...` and reading stops; no input crashes, hangs or overflows the stack.
#pragma once

#include <string>
#include <string_view>

#include "ir/diagnostic.h"
#include "ir/module.h"

namespace tirconf::ir {

struct ReadResult {
  IRModule module;         // null on error
  std::string docstring;   // module docstring text (conformance front matter), "" if none
  SourceLoc docstring_loc; // where the docstring's text starts (for YAML error locations)
  Diagnostics diagnostics; // errors: file:line:col (rule left empty for syntax errors)
  bool ok() const { return module && diagnostics.empty(); }
};

ReadResult read_tvmscript(std::string_view source, std::string_view file_name);

} // namespace tirconf::ir
