// The module and the file (TVM's ir/ir.cc and the script() header): import lines, `@I.ir_module
// class ...:` around the functions, and the public entry points of printer.h.
#include "ir/tvmscript/printer.h"

#include "ir/tvmscript/printer_internal.h"

namespace tirconf::ir {

namespace {

// TVM's header is comment lines and one blank line. With real imports the file is a Python
// module of its own, laid out as the conformance files are (PEP 8: two blank lines around
// top-level definitions).
std::string top_level_gap(const PrintOptions &opts) {
  return opts.import_comments ? "\n" : "\n\n";
}

std::string header(bool module, const PrintOptions &opts) {
  std::string out;
  if (!opts.docstring.empty())
    out += "\"\"\"" + opts.docstring + "\"\"\"\n";
  std::string c = opts.import_comments ? "# " : "";
  if (module)
    out += c + "from tvm.script import ir as I\n";
  out += c + "from tvm.script import tir as T\n";
  return out + top_level_gap(opts);
}

std::string indent_lines(const std::string &text, int n) {
  std::string pad(n, ' '), out;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos)
      end = text.size();
    if (end > start)
      out += pad + text.substr(start, end - start);
    out += "\n";
    start = end + 1;
  }
  return out;
}

} // namespace

std::string print_tvmscript(const IRModule &m, const PrintOptions &opts) {
  std::string out = header(m->is_module, opts);
  printer::ModuleContext ctx;
  for (const auto &[g, f] : m->functions)
    ctx.functions.insert(g->name_hint);
  if (m->is_module) {
    // Deviation: TVM sorts the functions (by name, "main" last) because its module is a hash
    // map; ours is ordered, and the order is kept so that it reads back the same.
    ctx.name = m->name.empty() ? "Module" : m->name;
    out += "@I.ir_module\nclass " + ctx.name + ":\n";
    for (size_t i = 0; i < m->functions.size(); ++i) {
      if (i)
        out += "\n";
      printer::Printer p(&ctx, false);
      out += indent_lines(
          p.print_function(m->functions[i].second, m->functions[i].first->name_hint), 4);
    }
    if (m->functions.empty())
      out += "    pass\n";
    return out;
  }
  for (size_t i = 0; i < m->functions.size(); ++i) {
    if (i)
      out += top_level_gap(opts);
    printer::Printer p(&ctx, false);
    out += p.print_function(m->functions[i].second, m->functions[i].first->name_hint);
  }
  return out;
}

std::string print_tvmscript(const PrimFunc &f, std::string_view name, const PrintOptions &opts) {
  printer::ModuleContext ctx;
  printer::Printer p(&ctx, false);
  return header(false, opts) + p.print_function(f, name);
}

std::string print_expr(const PrimExpr &e) {
  if (!e)
    return "None";
  printer::Printer p(nullptr, true);
  return p.VisitExpr(e).text;
}

} // namespace tirconf::ir
