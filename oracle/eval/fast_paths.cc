// Which node kinds have a fast path, and which maker tries it (fast_paths.h). Every kind is
// listed, so a new one is a compile error here until someone decides.
#include "oracle/eval/fast_paths.h"

#include "oracle/eval/fast_nodes.h"

namespace tirconf::oracle::eval {

CExprPtr fast_path(Compiler &c, const ir::PrimExpr &e) {
  const ir::ExprNode *n = e.get();
  switch (n->kind) {
  case ir::ExprKind::Var:
    return fast_var(c, static_cast<const ir::VarNode *>(n));
  case ir::ExprKind::IntImm:
    return fast_int_imm(c, static_cast<const ir::IntImmNode *>(n));
  case ir::ExprKind::FloatImm:
    return fast_float_imm(c, static_cast<const ir::FloatImmNode *>(n));
  case ir::ExprKind::Cast:
    return fast_cast(c, static_cast<const ir::CastNode *>(n));
  case ir::ExprKind::Select:
    return fast_select(c, static_cast<const ir::SelectNode *>(n));
  case ir::ExprKind::BufferLoad:
    if (static_cast<const ir::BufferLoadNode *>(n)->predicate)
      return nullptr;
    return fast_load(c, static_cast<const ir::BufferLoadNode *>(n));
  case ir::ExprKind::Let:
    return fast_let(c, static_cast<const ir::LetNode *>(n));
  case ir::ExprKind::Add:
  case ir::ExprKind::Sub:
  case ir::ExprKind::Mul:
  case ir::ExprKind::Div:
  case ir::ExprKind::Mod:
  case ir::ExprKind::FloorDiv:
  case ir::ExprKind::FloorMod:
  case ir::ExprKind::Min:
  case ir::ExprKind::Max:
  case ir::ExprKind::EQ:
  case ir::ExprKind::NE:
  case ir::ExprKind::LT:
  case ir::ExprKind::LE:
  case ir::ExprKind::GE:
  case ir::ExprKind::GT:
    return fast_binary(c, static_cast<const ir::BinaryNode *>(n));
  case ir::ExprKind::And:
    return fast_logical(c, static_cast<const ir::BinaryNode *>(n), true);
  case ir::ExprKind::Or:
    return fast_logical(c, static_cast<const ir::BinaryNode *>(n), false);
  case ir::ExprKind::Not:
    return fast_not(c, static_cast<const ir::NotNode *>(n));
  // Values that are never one scalar lane, and calls (their cost is the callee's).
  case ir::ExprKind::StringImm:
  case ir::ExprKind::Ramp:
  case ir::ExprKind::Broadcast:
  case ir::ExprKind::Call:
  case ir::ExprKind::Shuffle:
    return nullptr;
  }
  return nullptr;
}

CStmtPtr fast_path(Compiler &c, const ir::Stmt &s) {
  const ir::StmtNode *n = s.get();
  switch (n->kind) {
  case ir::StmtKind::LetStmt:
    return fast_let_stmt(c, static_cast<const ir::LetStmtNode *>(n));
  case ir::StmtKind::BufferStore:
    if (static_cast<const ir::BufferStoreNode *>(n)->predicate)
      return nullptr;
    return fast_store(c, static_cast<const ir::BufferStoreNode *>(n));
  case ir::StmtKind::Evaluate:
    return fast_evaluate(c, static_cast<const ir::EvaluateNode *>(n));
  case ir::StmtKind::BlockRealize:
  case ir::StmtKind::Block:
    // Under block-instances=independent every block is wrapped (block_instances.cc), and its
    // accesses are tracked: the plain nodes.
    if (c.m.options.readings.block_instances == BlockInstances::Independent)
      return nullptr;
    if (n->kind == ir::StmtKind::Block)
      return fast_block(c, static_cast<const ir::BlockNode *>(n));
    return fast_block_realize(c, static_cast<const ir::BlockRealizeNode *>(n));
  // Statements whose own work is small next to their body's, or that allocate.
  case ir::StmtKind::AttrStmt:
  case ir::StmtKind::AssertStmt:
  case ir::StmtKind::BufferRealize:
  case ir::StmtKind::Allocate:
  case ir::StmtKind::DeclBuffer:
  case ir::StmtKind::SeqStmt:
  case ir::StmtKind::IfThenElse:
  case ir::StmtKind::For:
  case ir::StmtKind::While:
    return nullptr;
  }
  return nullptr;
}

} // namespace tirconf::oracle::eval
