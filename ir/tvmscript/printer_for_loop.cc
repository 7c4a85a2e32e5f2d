// Loops (TVM's tir/for_loop.cc): `for i in range(n)`, T.serial / T.parallel / ..., and
// perfectly nested serial loops as one T.grid.
#include "ir/tvmscript/printer_internal.h"
#include "ir/tvmscript/printer_literals.h"

namespace tirconf::ir::printer {

StmtDocs Printer::VisitStmt_(const ForNode *op) {
  // Perfectly nested serial loops from 0 without annotations, whose extents do not use the
  // outer loop variables, print as one T.grid.
  std::vector<const ForNode *> grid;
  std::unordered_set<const VarNode *> grid_vars;
  for (const ForNode *l = op; l; l = as<ForNode>(l->body)) {
    if (l->for_kind != ForKind::Serial || !zero_min_implied(l->min, l->extent) ||
        !l->annotations.empty() ||
        uses_var(l->extent, [&](const VarNode *v) { return grid_vars.count(v) != 0; }))
      break;
    grid.push_back(l);
    grid_vars.insert(l->loop_var.get());
  }
  FrameScope f(this, op, op);
  f->header = true;
  if (grid.size() > 1) {
    std::vector<std::string> lhs, extents;
    for (const ForNode *l : grid) {
      lhs.push_back(define_var(l->loop_var.get(), *f));
      extents.push_back(expr(l->extent));
    }
    f->header = false;
    as_doc_body(grid.back()->body, *f);
    return {scope("for " + join(lhs) + " in " + call_text("T.grid", extents), std::move(f->stmts))};
  }
  std::string lhs = define_var(op->loop_var.get(), *f);
  std::vector<std::string> args;
  if (zero_min_implied(op->min, op->extent)) {
    args.push_back(expr(op->extent));
  } else {
    args.push_back(expr(op->min));
    args.push_back(expr(range_end(op->min, op->extent)));
  }
  Kwargs kw;
  std::string prefix;
  switch (op->for_kind) {
  case ForKind::Serial:
    prefix = op->annotations.empty() ? "range" : "T.serial";
    break;
  case ForKind::Parallel:
    prefix = "T.parallel";
    break;
  case ForKind::Vectorized:
    prefix = "T.vectorized";
    break;
  case ForKind::Unrolled:
    prefix = "T.unroll";
    break;
  case ForKind::ThreadBinding:
    prefix = "T.thread_binding";
    kw.push_back(
        {"thread", python_str_literal(op->thread_binding ? op->thread_binding->thread_tag : "")});
    break;
  }
  if (!op->annotations.empty()) {
    KwargScope k(this);
    kw.push_back({"annotations", dict_doc(op->annotations)});
  }
  std::string rhs = call_text(prefix, args, kw);
  f->header = false;
  as_doc_body(op->body, *f);
  return {scope("for " + lhs + " in " + rhs, std::move(f->stmts))};
}

} // namespace tirconf::ir::printer
