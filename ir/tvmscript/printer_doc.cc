// Docs and their rendering as Python text (python_doc_printer.cc).
#include "ir/tvmscript/printer_doc.h"

namespace tirconf::ir::printer {

ExprDoc atom(std::string s) {
  return {std::move(s), kPrecAtom};
}

std::string parens_if(const ExprDoc &d, bool p) {
  return p ? "(" + d.text + ")" : d.text;
}

// Left operand in parentheses when it binds less tightly, right operand also when it binds
// equally (a - (b - c)). Deviation: TVM leaves `(a < b) == c` unparenthesized, which Python reads
// as the chain `a < b and b == c`; comparisons inside comparisons get parentheses here.
ExprDoc binary(const ExprDoc &a, std::string_view op, const ExprDoc &b, int prec) {
  bool chain = prec == kPrecCmp && a.prec == kPrecCmp;
  return {parens_if(a, a.prec < prec || chain) + " " + std::string(op) + " " +
              parens_if(b, b.prec <= prec),
          prec};
}

std::string join(const std::vector<std::string> &v, std::string_view sep) {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i) {
    if (i)
      out += sep;
    out += v[i];
  }
  return out;
}

std::string call_text(std::string_view callee, const std::vector<std::string> &args,
                      const Kwargs &kwargs) {
  std::vector<std::string> all = args;
  for (const auto &[k, v] : kwargs)
    all.push_back(k + "=" + v);
  return std::string(callee) + "(" + join(all) + ")";
}

std::string tuple_text(const std::vector<std::string> &e) {
  return e.size() == 1 ? "(" + e[0] + ",)" : "(" + join(e) + ")";
}
std::string list_text(const std::vector<std::string> &e) {
  return "[" + join(e) + "]";
}

StmtDoc line(std::string t) {
  return {StmtDoc::Kind::Line, std::move(t), {}, {}};
}
StmtDoc comment(std::string t) {
  return {StmtDoc::Kind::Comment, std::move(t), {}, {}};
}
StmtDoc scope(std::string head, StmtDocs body) {
  return {StmtDoc::Kind::Scope, std::move(head), std::move(body), {}};
}

namespace {

void render(const StmtDocs &docs, int indent, std::string &out);

} // namespace

void render_block(const StmtDocs &body, int indent, std::string &out) {
  if (body.empty()) {
    out += std::string(indent, ' ') + "pass\n";
    return;
  }
  render(body, indent, out);
}

namespace {

void render(const StmtDocs &docs, int indent, std::string &out) {
  std::string pad(indent, ' ');
  for (const StmtDoc &d : docs) {
    switch (d.kind) {
    case StmtDoc::Kind::Line:
      out += pad + d.text + "\n";
      break;
    case StmtDoc::Kind::Comment:
      out += pad + "# " + d.text + "\n";
      break;
    case StmtDoc::Kind::Scope:
      out += pad + d.text + ":\n";
      render_block(d.body, indent + 4, out);
      break;
    case StmtDoc::Kind::If:
      out += pad + "if " + d.text + ":\n";
      render_block(d.body, indent + 4, out);
      if (!d.orelse.empty()) {
        out += pad + "else:\n";
        render_block(d.orelse, indent + 4, out);
      }
      break;
    }
  }
}

} // namespace

} // namespace tirconf::ir::printer
