// The machinery every tree edit shares. A walk visits the module in pre-order (a node before its
// children, so that the biggest cuts come first) and asks each node how many replacements it
// offers; the replacements are numbered in that order, and the walk builds the one numbered
// `site`. A pass is tried at sites 0, 1, 2, ... until it offers no more.
#pragma once

#include <optional>

#include "ir/mutator.h"
#include "reduce/candidate.h"

namespace tirconf::reduce {

class SiteWalk : public ir::IRMutator {
public:
  explicit SiteWalk(size_t site) : site_(site) {}
  bool applied() const { return applied_; }

  ir::PrimExpr VisitExpr(const ir::PrimExpr &e) override;
  ir::Stmt VisitStmt(const ir::Stmt &s) override;

protected:
  // How many replacements a node offers, and the i-th of them (i < the count).
  virtual size_t expr_options(const ir::PrimExpr &) { return 0; }
  virtual ir::PrimExpr expr_option(const ir::PrimExpr &e, size_t) { return e; }
  virtual size_t stmt_options(const ir::Stmt &) { return 0; }
  virtual ir::Stmt stmt_option(const ir::Stmt &s, size_t) { return s; }

private:
  size_t site_, seen_ = 0;
  bool applied_ = false;
};

// The candidate with `walk` applied to each function in turn until one of them takes the site;
// nothing when no function has it. The result is tidied (reduce/candidate.h).
std::optional<Candidate> apply_walk(const Candidate &c, SiteWalk &&walk);

} // namespace tirconf::reduce
