// check_module: the typing pass (typer.h) and the scoping pass (scoping.h) over every PrimFunc.
#include "oracle/typecheck/checker.h"

#include <algorithm>

#include "oracle/typecheck/scoping.h"
#include "oracle/typecheck/typer.h"

namespace tirconf::oracle {

ir::Diagnostics check_module(const ir::IRModule &m, std::string_view file,
                             const CheckOptions &options) {
  if (!m)
    return {};
  typecheck::Context ctx(m, file);
  typecheck::Context::LocScope module_loc(ctx, m->loc);
  typecheck::Typer typer(ctx, options.readings);
  for (const auto &[gv, f] : m->functions) {
    typer.check_func(f);
    typecheck::check_scoping(ctx, f);
  }
  ir::Diagnostics out = ctx.take();
  // After the passes, so that the hook changes nothing of how they walk, and costs a valid
  // module nothing.
  if (!options.disabled_rule.empty())
    std::erase_if(out, [&](const ir::Diagnostic &d) { return d.rule == options.disabled_rule; });
  // Report in source order; each pass already reports in walk order.
  std::stable_sort(out.begin(), out.end(), [](const ir::Diagnostic &a, const ir::Diagnostic &b) {
    return std::tie(a.loc.line, a.loc.col) < std::tie(b.loc.line, b.loc.col);
  });
  return out;
}

} // namespace tirconf::oracle
