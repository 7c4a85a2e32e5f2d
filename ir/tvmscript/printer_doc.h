// The printer's docs (TVM's doc.h and doc_printer/python_doc_printer.cc, in small): an
// expression is its text plus its Python precedence, a statement a small tree rendered with
// four-space indentation. Internal to the printer_*.cc files.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tirconf::ir::printer {

// Python operator precedence, as python_doc_printer.cc numbers it.
enum Prec : int {
  kPrecOr = 3,
  kPrecAnd = 4,
  kPrecNot = 5,
  kPrecCmp = 6,
  kPrecAdd = 11,
  kPrecMult = 12,
  kPrecAtom = 15, // literals, names, calls, indexing, attribute access, tuples, lists, dicts
};

struct ExprDoc {
  std::string text;
  int prec = kPrecAtom;
};

ExprDoc atom(std::string s);
std::string parens_if(const ExprDoc &d, bool p);
// `a op b` at precedence `prec`, parenthesizing the operands that need it.
ExprDoc binary(const ExprDoc &a, std::string_view op, const ExprDoc &b, int prec);

std::string join(const std::vector<std::string> &v, std::string_view sep = ", ");

using Kwargs = std::vector<std::pair<std::string, std::string>>;
std::string call_text(std::string_view callee, const std::vector<std::string> &args,
                      const Kwargs &kwargs = {});
std::string tuple_text(const std::vector<std::string> &e);
std::string list_text(const std::vector<std::string> &e);

struct StmtDoc {
  enum class Kind : uint8_t { Line, Scope, If, Comment };
  Kind kind = Kind::Line;
  std::string text;            // Line: the statement; Scope: header without ':'; If: condition
  std::vector<StmtDoc> body;   // Scope, If
  std::vector<StmtDoc> orelse; // If
};
using StmtDocs = std::vector<StmtDoc>;

StmtDoc line(std::string t);
StmtDoc comment(std::string t);
StmtDoc scope(std::string head, StmtDocs body);

// Appends the statements at `indent` spaces; an empty body renders as `pass`.
void render_block(const StmtDocs &body, int indent, std::string &out);

} // namespace tirconf::ir::printer
