// ExprFunctor / StmtFunctor: dispatch on node kind, generated from ir/node_kinds.def. Every
// VisitExpr_/VisitStmt_ is pure virtual here, so a functor that forgets a kind cannot be built.
#pragma once

#include "ir/stmt.h"

namespace tirconf::ir {

template <class F> class ExprFunctor;

template <class R, class... Args> class ExprFunctor<R(const PrimExpr &, Args...)> {
public:
  virtual ~ExprFunctor() = default;
  virtual R VisitExpr(const PrimExpr &e, Args... args) {
    switch (e->kind) {
#define TIR_EXPR_KIND(Name)                                                                        \
  case ExprKind::Name:                                                                             \
    return VisitExpr_(static_cast<const Name##Node *>(e.get()), args...);
#include "ir/node_kinds.def"
    }
    __builtin_unreachable();
  }

protected:
#define TIR_EXPR_KIND(Name) virtual R VisitExpr_(const Name##Node *op, Args... args) = 0;
#include "ir/node_kinds.def"
};

template <class F> class StmtFunctor;

template <class R, class... Args> class StmtFunctor<R(const Stmt &, Args...)> {
public:
  virtual ~StmtFunctor() = default;
  virtual R VisitStmt(const Stmt &s, Args... args) {
    switch (s->kind) {
#define TIR_STMT_KIND(Name)                                                                        \
  case StmtKind::Name:                                                                             \
    return VisitStmt_(static_cast<const Name##Node *>(s.get()), args...);
#include "ir/node_kinds.def"
    }
    __builtin_unreachable();
  }

protected:
#define TIR_STMT_KIND(Name) virtual R VisitStmt_(const Name##Node *op, Args... args) = 0;
#include "ir/node_kinds.def"
};

} // namespace tirconf::ir
