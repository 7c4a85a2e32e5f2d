// TVMScript printer: IR -> the text Apache TVM v0.20's `script()` prints for it.
//
// The output follows TVM's printer (src/script/printer/tir/*.cc and the Python doc printer) so
// that print(read(f)) reproduces the files of tests/data/tvm-printed byte for byte, and it is
// chosen so that read(print(p)) is structurally equal to p. Where TVM's own output would not read
// back to the same IR, this printer picks a spelling that does; the printer_*.cc files say where
// (search for "Deviation"). printer_internal.h lists the files and the TVM file each follows.
#pragma once

#include <string>
#include <string_view>

#include "ir/module.h"

namespace tirconf::ir {

struct PrintOptions {
  // If non-empty, printed first as a """ module docstring (conformance front matter), verbatim.
  std::string docstring;
  // true: "# from tvm.script import tir as T" and one blank line (what TVM prints); false: real
  // import lines and PEP 8's two blank lines around top-level definitions (what conformance
  // files use, so that the file is valid Python).
  bool import_comments = true;
};

// is_module: `@I.ir_module class <name>:` with its functions indented; otherwise each function
// as a separate top-level `@T.prim_func`, in order.
std::string print_tvmscript(const IRModule &m, const PrintOptions &opts = {});
std::string print_tvmscript(const PrimFunc &f, std::string_view name,
                            const PrintOptions &opts = {});

// One expression, for diagnostics: Vars and Buffers print as their names, nothing is declared.
std::string print_expr(const PrimExpr &e);

} // namespace tirconf::ir
