#include "ir/tvmscript/reader.h"

#include <exception>
#include <new>

#include "ir/tvmscript/builder.h"
#include "ir/tvmscript/lexer.h"
#include "ir/tvmscript/py_parser.h"
#include "ir/tvmscript/reader_error.h"

namespace tirconf::ir {

ReadResult read_tvmscript(std::string_view source, std::string_view file_name) {
  ReadResult r;
  auto error = [&](SourceLoc loc, std::string message, std::string rule) {
    r.module = nullptr;
    r.diagnostics.push_back(Diagnostic{std::string(file_name), loc.known() ? loc : SourceLoc{1, 1},
                                       std::move(rule), std::move(message)});
  };
  script::BuildResult built;
  try {
    script::LexResult lex = script::tokenize(source);
    script::PyArena arena;
    script::PyModule m = script::parse_python(lex, arena);
    script::build_module(m, built);
    r.module = built.module;
  } catch (const script::ReaderError &e) {
    error(e.loc, e.message, e.rule);
  } catch (const std::bad_alloc &) {
    error({1, 1}, "out of memory while reading", "");
  } catch (const std::exception &e) {
    error({1, 1}, std::string("internal reader error: ") + e.what(), "");
  }
  r.docstring = std::move(built.docstring);
  r.docstring_loc = built.docstring_loc;
  return r;
}

} // namespace tirconf::ir
