// Evaluating PrimExprs (spec "Semantics / Evaluating PrimExprs"), one VisitExpr_ per node kind in
// the spec's order; builtins (builtins.cc) and buffer views (views.cc) are members too because
// they evaluate sub-expressions. Conventions: m is the run's Machine, f the current PrimFunc's
// Frame, v a Value, e an element (scalar) type, l a SourceLoc.
#pragma once

#include <cstdint>
#include <vector>

#include "ir/functor.h"
#include "oracle/eval/machine.h"
#include "runtime/value.h"

namespace tirconf::oracle::eval {

class Evaluator : public ir::ExprFunctor<runtime::Value(const ir::PrimExpr&)> {
 public:
  Evaluator(Machine& m, Frame& f) : m(m), f(f) {}

  runtime::Value eval(const ir::PrimExpr& e) { return VisitExpr(e); }
  // A scalar Int/UInt as int64 (UInt above INT64_MAX saturates there: always out of any bounds).
  int64_t eval_int(const ir::PrimExpr& e);
  // A scalar condition: any nonzero lane value counts as true (sem.stmt.while's reading).
  bool eval_cond(const ir::PrimExpr& e);
  // Every Var of e is bound right now.
  bool evaluable(const ir::PrimExpr& e) const;

  // The view through which `b` addresses memory in the current frame (memory.h).
  const View& view_of(const ir::BufferNode* b, ir::SourceLoc l);

  static int64_t index_value(const runtime::Value& v, int lane);

  Machine& m;
  Frame& f;

 protected:
#define TIR_EXPR_KIND(Name) runtime::Value VisitExpr_(const ir::Name##Node* op) override;
#include "ir/node_kinds.def"

 private:
  runtime::Value eval_builtin(const ir::CallNode* op);
  runtime::Value eval_logical(const ir::BinaryNode* op, bool is_and);
  runtime::Value load_elements(const ir::BufferNode* b, const std::vector<runtime::Value>& idx,
                               ir::SourceLoc l);
  View lazy_view(const ir::BufferNode* b, ir::SourceLoc l);
};

// Every Var that occurs in e, in first-occurrence order, without duplicates.
void collect_vars(const ir::PrimExpr& e, std::vector<const ir::VarNode*>& out);

}  // namespace tirconf::oracle::eval
