// IRMutator: rebuilds the tree bottom-up, returning the original node wherever no child changed
// (so unchanged subtrees stay shared). Buffers and Vars at binding sites are kept as they are;
// a pass that renames them overrides the relevant VisitStmt_.
#pragma once

#include "ir/functor.h"

namespace tirconf::ir {

class IRMutator : public ExprFunctor<PrimExpr(const PrimExpr &)>,
                  public StmtFunctor<Stmt(const Stmt &)> {
public:
  using ExprFunctor::VisitExpr;
  using StmtFunctor::VisitStmt;

protected:
  Range VisitRange(const Range &r);
  BufferRegion VisitRegion(const BufferRegion &r);
  std::vector<PrimExpr> VisitExprs(const std::vector<PrimExpr> &es, bool *changed);

#define TIR_EXPR_KIND(Name) PrimExpr VisitExpr_(const Name##Node *op) override;
#define TIR_STMT_KIND(Name) Stmt VisitStmt_(const Name##Node *op) override;
#include "ir/node_kinds.def"
};

} // namespace tirconf::ir
