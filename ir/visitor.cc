#include "ir/visitor.h"

namespace tirconf::ir {

void IRVisitor::VisitRange(const Range &r) {
  if (r.min)
    VisitExpr(r.min);
  if (r.extent)
    VisitExpr(r.extent);
}
void IRVisitor::VisitRegion(const BufferRegion &r) {
  VisitBufferUse(r.buffer);
  for (const auto &range : r.region)
    VisitRange(range);
}
void IRVisitor::VisitIterVar(const IterVar &iv) {
  if (iv->dom)
    VisitRange(*iv->dom);
}
void IRVisitor::VisitAnnotations(const Annotations &a) {
  for (const auto &[key, value] : a)
    for_each_expr(value, [this](const PrimExpr &e) { VisitExpr(e); });
}

void IRVisitor::VisitExpr_(const VarNode *) {}
void IRVisitor::VisitExpr_(const IntImmNode *) {}
void IRVisitor::VisitExpr_(const FloatImmNode *) {}
void IRVisitor::VisitExpr_(const StringImmNode *) {}
void IRVisitor::VisitExpr_(const CastNode *op) {
  VisitExpr(op->value);
}
void IRVisitor::VisitExpr_(const SelectNode *op) {
  VisitExpr(op->condition);
  VisitExpr(op->true_value);
  VisitExpr(op->false_value);
}
void IRVisitor::VisitExpr_(const BufferLoadNode *op) {
  VisitBufferUse(op->buffer);
  for (const auto &i : op->indices)
    VisitExpr(i);
  if (op->predicate)
    VisitExpr(op->predicate);
}
void IRVisitor::VisitExpr_(const RampNode *op) {
  VisitExpr(op->base);
  VisitExpr(op->stride);
}
void IRVisitor::VisitExpr_(const BroadcastNode *op) {
  VisitExpr(op->value);
}
void IRVisitor::VisitExpr_(const LetNode *op) {
  VisitExpr(op->value);
  VisitExpr(op->var);
  VisitExpr(op->body);
}
void IRVisitor::VisitExpr_(const CallNode *op) {
  for (const auto &a : op->args)
    VisitExpr(a);
}
void IRVisitor::VisitExpr_(const ShuffleNode *op) {
  for (const auto &v : op->vectors)
    VisitExpr(v);
  for (const auto &i : op->indices)
    VisitExpr(i);
}
#define TIR_BINARY_KIND(Name, op_)                                                                 \
  void IRVisitor::VisitExpr_(const Name##Node *op) {                                               \
    VisitExpr(op->a);                                                                              \
    VisitExpr(op->b);                                                                              \
  }
#include "ir/node_kinds.def"
void IRVisitor::VisitExpr_(const NotNode *op) {
  VisitExpr(op->a);
}

void IRVisitor::VisitStmt_(const LetStmtNode *op) {
  VisitExpr(op->value);
  VisitExpr(op->var);
  VisitStmt(op->body);
}
void IRVisitor::VisitStmt_(const AttrStmtNode *op) {
  if (auto *e = std::get_if<PrimExpr>(&op->node))
    VisitExpr(*e);
  if (auto *iv = std::get_if<IterVar>(&op->node))
    VisitIterVar(*iv);
  if (auto *b = std::get_if<Buffer>(&op->node))
    VisitBufferUse(*b);
  if (auto *o = std::get_if<AttrValue>(&op->node))
    for_each_expr(*o, [this](const PrimExpr &e) { VisitExpr(e); });
  VisitExpr(op->value);
  VisitStmt(op->body);
}
void IRVisitor::VisitStmt_(const AssertStmtNode *op) {
  VisitExpr(op->condition);
  VisitExpr(op->message);
  VisitStmt(op->body);
}
void IRVisitor::VisitStmt_(const BufferStoreNode *op) {
  VisitBufferUse(op->buffer);
  VisitExpr(op->value);
  for (const auto &i : op->indices)
    VisitExpr(i);
  if (op->predicate)
    VisitExpr(op->predicate);
}
void IRVisitor::VisitStmt_(const BufferRealizeNode *op) {
  VisitBufferDef(op->buffer);
  for (const auto &r : op->bounds)
    VisitRange(r);
  VisitExpr(op->condition);
  VisitStmt(op->body);
}
void IRVisitor::VisitStmt_(const AllocateNode *op) {
  for (const auto &e : op->extents)
    VisitExpr(e);
  VisitExpr(op->condition);
  VisitAnnotations(op->annotations);
  VisitStmt(op->body);
}
void IRVisitor::VisitStmt_(const DeclBufferNode *op) {
  VisitBufferDef(op->buffer);
  VisitStmt(op->body);
}
void IRVisitor::VisitStmt_(const SeqStmtNode *op) {
  for (const auto &s : op->seq)
    VisitStmt(s);
}
void IRVisitor::VisitStmt_(const IfThenElseNode *op) {
  VisitExpr(op->condition);
  VisitStmt(op->then_case);
  if (op->else_case)
    VisitStmt(op->else_case);
}
void IRVisitor::VisitStmt_(const EvaluateNode *op) {
  VisitExpr(op->value);
}
void IRVisitor::VisitStmt_(const ForNode *op) {
  VisitExpr(op->min);
  VisitExpr(op->extent);
  if (op->thread_binding)
    VisitIterVar(op->thread_binding);
  VisitAnnotations(op->annotations);
  VisitStmt(op->body);
}
void IRVisitor::VisitStmt_(const WhileNode *op) {
  VisitExpr(op->condition);
  VisitStmt(op->body);
}
void IRVisitor::VisitStmt_(const BlockNode *op) {
  for (const auto &iv : op->iter_vars)
    VisitIterVar(iv);
  for (const auto &b : op->alloc_buffers)
    VisitBufferDef(b);
  for (const auto &m : op->match_buffers) {
    VisitRegion(m.source);
    VisitBufferDef(m.buffer);
  }
  for (const auto &r : op->reads)
    VisitRegion(r);
  for (const auto &w : op->writes)
    VisitRegion(w);
  VisitAnnotations(op->annotations);
  if (op->init)
    VisitStmt(op->init);
  VisitStmt(op->body);
}
void IRVisitor::VisitStmt_(const BlockRealizeNode *op) {
  for (const auto &v : op->iter_values)
    VisitExpr(v);
  VisitExpr(op->predicate);
  VisitStmt(op->block);
}

} // namespace tirconf::ir
