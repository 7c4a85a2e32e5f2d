#include "reduce/site_walk.h"

namespace tirconf::reduce {

ir::PrimExpr SiteWalk::VisitExpr(const ir::PrimExpr &e) {
  if (applied_)
    return e;
  const size_t n = expr_options(e);
  if (seen_ + n > site_) {
    applied_ = true;
    return expr_option(e, site_ - seen_);
  }
  seen_ += n;
  return IRMutator::VisitExpr(e);
}

ir::Stmt SiteWalk::VisitStmt(const ir::Stmt &s) {
  if (applied_)
    return s;
  // A Block stands only inside its BlockRealize (whose field is typed so): edits apply there.
  const size_t n = s->kind == ir::StmtKind::Block ? 0 : stmt_options(s);
  if (seen_ + n > site_) {
    applied_ = true;
    return stmt_option(s, site_ - seen_);
  }
  seen_ += n;
  return IRMutator::VisitStmt(s);
}

std::optional<Candidate> apply_walk(const Candidate &c, SiteWalk &&walk) {
  for (size_t i = 0; i < c.module->functions.size(); ++i) {
    const ir::PrimFunc &f = c.module->functions[i].second;
    ir::Stmt body = walk.VisitStmt(f->body);
    if (!walk.applied())
      continue;
    auto m = std::make_shared<ir::IRModuleNode>(*c.module);
    m->functions[i].second = with_body(*f, std::move(body));
    return Candidate{tidy(m), c.func, c.args};
  }
  return std::nullopt;
}

} // namespace tirconf::reduce
