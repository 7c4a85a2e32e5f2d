// The typing pass: one walk over a PrimFunc that checks the spec's typing rules at every node.
// Its parts follow the spec's sections, one file each:
//   datatypes.cc    "Types / Datatypes"                         (dtype.*)
//   expr_rules.cc   "Rules for Assigning Datatypes to PrimExprs" (type.expr.*)
//   builtin_rules.cc "Builtin Calls"                            (builtin.*)
//   stmt_rules.cc   "Typing Rules for Statements"               (type.stmt.*)
//   other_rules.cc  "Typing Rules for Other Language Constructs" (type.other.*)
// Scoping is a separate walk (scoping.h). Every node is checked once even when shared.
#pragma once

#include <string_view>
#include <unordered_set>

#include "ir/functor.h"
#include "oracle/readings.h"
#include "oracle/typecheck/context.h"

namespace tirconf::oracle::typecheck {

// Definitions of "Types / Datatypes" the rules are phrased in.
// [dtype.scalar] Int, UInt, Float or BFloat with one lane.
inline bool is_scalar(ir::DataType t) {
  return t.is_scalar();
}
// [dtype.bool] Bool is UInt with 1 bit, scalar or vector.
inline bool is_bool(ir::DataType t) {
  return t.is_bool();
}
inline bool is_bool_scalar(ir::DataType t) {
  return t.is_bool() && t.lanes == 1;
}
// "Int or UInt" in the rules; Bool is a UInt, so it counts.
inline bool is_int_or_uint(ir::DataType t) {
  return t.is_integer();
}
inline bool is_int_or_uint_scalar(ir::DataType t) {
  return t.is_integer() && t.lanes == 1;
}

class Typer : public ir::ExprFunctor<void(const ir::PrimExpr &)>,
              public ir::StmtFunctor<void(const ir::Stmt &)> {
public:
  Typer(Context &ctx, const Readings &readings) : ctx_(ctx), readings_(readings) {}

  // other_rules.cc: a whole PrimFunc (params, buffer_map, body, ret_type).
  void check_func(const ir::PrimFunc &f);

  // Checks e (and everything below it) once; null is allowed (optional fields).
  void expr(const ir::PrimExpr &e);
  void stmt(const ir::Stmt &s);

  // datatypes.cc: the dtype.* rules on one DataType / on the DataTypes inside a Type. `kind` and
  // `name` say where it occurs ("Var", "x"), for the message. Returns whether it is well-formed.
  bool check_dtype(ir::DataType t, ir::SourceLoc loc, std::string_view kind,
                   std::string_view name = {});
  void check_type(const ir::Type &t, ir::SourceLoc loc, std::string_view kind,
                  std::string_view name = {});

  // expr_rules.cc
  void check_var(const ir::VarNode *v);
  // builtin_rules.cc
  void check_builtin(const ir::CallNode *op);
  // other_rules.cc
  void check_itervar(const ir::IterVar &iv);
  void check_range(const ir::Range &r);
  void check_buffer(const ir::Buffer &b);
  // The index rules BufferLoad and BufferStore share, each node with its own rule IDs.
  struct IndexRules {
    const char *node;    // "BufferLoad" / "BufferStore"
    const char *scalar;  // every index but the last is a scalar
    const char *integer; // every index is Int or UInt
    const char *same;    // indices agree in bit width (and code, when same_code)
    const char *arity;   // one index per dimension
    bool same_code;
  };
  void check_indices(const ir::Buffer &b, const std::vector<ir::PrimExpr> &idx,
                     const IndexRules &rules, ir::SourceLoc loc);
  void check_region(const ir::BufferRegion &r);
  void check_match_buffer(const ir::MatchBufferRegion &m);
  void check_annotations(const ir::Annotations &a);
  void check_ret(const ir::PrimFunc &f);

protected:
#define TIR_EXPR_KIND(Name) void VisitExpr_(const ir::Name##Node *op) override;
#define TIR_STMT_KIND(Name) void VisitStmt_(const ir::Name##Node *op) override;
#include "ir/node_kinds.def"

private:
  // Shared by the binary-op kinds (expr_rules.cc).
  void arith(const ir::BinaryNode *op, bool is_mod);
  void compare(const ir::BinaryNode *op);
  void logical(const ir::BinaryNode *op);
  // The index rules BufferLoad and BufferStore share (expr_rules.cc / stmt_rules.cc).
  void check_block(const ir::BlockNode *op);

  Context &ctx_;
  const Readings &readings_;
  std::unordered_set<const ir::ExprNode *> done_exprs_;
  std::unordered_set<const ir::StmtNode *> done_stmts_;
  std::unordered_set<const ir::VarNode *> done_vars_;
  std::unordered_set<const ir::BufferNode *> done_buffers_;
  std::unordered_set<const ir::IterVarNode *> done_itervars_;
};

} // namespace tirconf::oracle::typecheck
