// IRVisitor: a read-only walk over every expression and statement, children in field order.
// Override the VisitExpr_/VisitStmt_ you care about and call the base to keep walking.
#pragma once

#include "ir/functor.h"

namespace tirconf::ir {

class IRVisitor : public ExprFunctor<void(const PrimExpr &)>,
                  public StmtFunctor<void(const Stmt &)> {
public:
  using ExprFunctor::VisitExpr;
  using StmtFunctor::VisitStmt;

protected:
  // Called where a buffer is declared (alloc_buffers, match_buffers, DeclBuffer, BufferRealize)
  // and where one is accessed (BufferLoad, BufferStore, regions). Defaults do nothing.
  virtual void VisitBufferDef(const Buffer &) {}
  virtual void VisitBufferUse(const Buffer &) {}
  void VisitRange(const Range &r);
  void VisitRegion(const BufferRegion &r);
  void VisitIterVar(const IterVar &iv);
  void VisitAnnotations(const Annotations &a);

#define TIR_EXPR_KIND(Name) void VisitExpr_(const Name##Node *op) override;
#define TIR_STMT_KIND(Name) void VisitStmt_(const Name##Node *op) override;
#include "ir/node_kinds.def"
};

} // namespace tirconf::ir
