#include "ir/mutator.h"

namespace tirconf::ir {

namespace {
PrimExpr self(const ExprNode *op) {
  return op->shared_from_this();
}
Stmt self(const StmtNode *op) {
  return op->shared_from_this();
}
} // namespace

std::vector<PrimExpr> IRMutator::VisitExprs(const std::vector<PrimExpr> &es, bool *changed) {
  std::vector<PrimExpr> out;
  out.reserve(es.size());
  for (const auto &e : es) {
    out.push_back(VisitExpr(e));
    if (out.back() != e)
      *changed = true;
  }
  return out;
}

Range IRMutator::VisitRange(const Range &r) {
  return Range{r.min ? VisitExpr(r.min) : nullptr, r.extent ? VisitExpr(r.extent) : nullptr, r.loc};
}

BufferRegion IRMutator::VisitRegion(const BufferRegion &r) {
  BufferRegion out{r.buffer, {}, r.loc};
  for (const auto &range : r.region)
    out.region.push_back(VisitRange(range));
  return out;
}

PrimExpr IRMutator::VisitExpr_(const VarNode *op) {
  return self(op);
}
PrimExpr IRMutator::VisitExpr_(const IntImmNode *op) {
  return self(op);
}
PrimExpr IRMutator::VisitExpr_(const FloatImmNode *op) {
  return self(op);
}
PrimExpr IRMutator::VisitExpr_(const StringImmNode *op) {
  return self(op);
}
PrimExpr IRMutator::VisitExpr_(const CastNode *op) {
  auto v = VisitExpr(op->value);
  if (v == op->value)
    return self(op);
  return std::make_shared<CastNode>(op->dtype, v, op->loc);
}
PrimExpr IRMutator::VisitExpr_(const SelectNode *op) {
  auto c = VisitExpr(op->condition), t = VisitExpr(op->true_value), f = VisitExpr(op->false_value);
  if (c == op->condition && t == op->true_value && f == op->false_value)
    return self(op);
  return std::make_shared<SelectNode>(c, t, f, op->loc);
}
PrimExpr IRMutator::VisitExpr_(const BufferLoadNode *op) {
  bool changed = false;
  auto idx = VisitExprs(op->indices, &changed);
  PrimExpr pred = op->predicate ? VisitExpr(op->predicate) : op->predicate;
  if (!changed && pred == op->predicate)
    return self(op);
  return make_buffer_load(op->buffer, std::move(idx), op->loc, pred);
}
PrimExpr IRMutator::VisitExpr_(const RampNode *op) {
  auto b = VisitExpr(op->base), s = VisitExpr(op->stride);
  if (b == op->base && s == op->stride)
    return self(op);
  return std::make_shared<RampNode>(b, s, op->lanes, op->loc);
}
PrimExpr IRMutator::VisitExpr_(const BroadcastNode *op) {
  auto v = VisitExpr(op->value);
  if (v == op->value)
    return self(op);
  return std::make_shared<BroadcastNode>(v, op->lanes, op->loc);
}
PrimExpr IRMutator::VisitExpr_(const LetNode *op) {
  auto v = VisitExpr(op->value), b = VisitExpr(op->body);
  if (v == op->value && b == op->body)
    return self(op);
  return std::make_shared<LetNode>(op->var, v, b, op->loc);
}
PrimExpr IRMutator::VisitExpr_(const CallNode *op) {
  bool changed = false;
  auto args = VisitExprs(op->args, &changed);
  if (!changed)
    return self(op);
  return std::make_shared<CallNode>(op->dtype, op->op, op->callee, std::move(args), op->loc);
}
PrimExpr IRMutator::VisitExpr_(const ShuffleNode *op) {
  bool changed = false;
  auto v = VisitExprs(op->vectors, &changed);
  auto i = VisitExprs(op->indices, &changed);
  if (!changed)
    return self(op);
  return std::make_shared<ShuffleNode>(op->dtype, std::move(v), std::move(i), op->loc);
}
#define TIR_BINARY_KIND(Name, op_)                                                                 \
  PrimExpr IRMutator::VisitExpr_(const Name##Node *op) {                                           \
    auto a = VisitExpr(op->a), b = VisitExpr(op->b);                                               \
    if (a == op->a && b == op->b)                                                                  \
      return self(op);                                                                             \
    return std::make_shared<Name##Node>(op->dtype, a, b, op->loc);                                 \
  }
#include "ir/node_kinds.def"
PrimExpr IRMutator::VisitExpr_(const NotNode *op) {
  auto a = VisitExpr(op->a);
  if (a == op->a)
    return self(op);
  return std::make_shared<NotNode>(a, op->loc);
}

Stmt IRMutator::VisitStmt_(const LetStmtNode *op) {
  auto v = VisitExpr(op->value);
  auto b = VisitStmt(op->body);
  if (v == op->value && b == op->body)
    return self(op);
  return std::make_shared<LetStmtNode>(op->var, v, b, op->loc);
}
Stmt IRMutator::VisitStmt_(const AttrStmtNode *op) {
  auto v = VisitExpr(op->value);
  auto b = VisitStmt(op->body);
  if (v == op->value && b == op->body)
    return self(op);
  return std::make_shared<AttrStmtNode>(op->node, op->attr_key, v, b, op->loc);
}
Stmt IRMutator::VisitStmt_(const AssertStmtNode *op) {
  auto c = VisitExpr(op->condition), m = VisitExpr(op->message);
  auto b = VisitStmt(op->body);
  if (c == op->condition && m == op->message && b == op->body)
    return self(op);
  return std::make_shared<AssertStmtNode>(c, m, b, op->loc);
}
Stmt IRMutator::VisitStmt_(const BufferStoreNode *op) {
  auto v = VisitExpr(op->value);
  bool changed = v != op->value;
  auto idx = VisitExprs(op->indices, &changed);
  PrimExpr pred = op->predicate ? VisitExpr(op->predicate) : op->predicate;
  if (!changed && pred == op->predicate)
    return self(op);
  return std::make_shared<BufferStoreNode>(op->buffer, v, std::move(idx), op->loc, pred);
}
Stmt IRMutator::VisitStmt_(const BufferRealizeNode *op) {
  std::vector<Range> bounds;
  bool changed = false;
  for (const auto &r : op->bounds) {
    bounds.push_back(VisitRange(r));
    changed |= bounds.back().min != r.min || bounds.back().extent != r.extent;
  }
  auto c = VisitExpr(op->condition);
  auto b = VisitStmt(op->body);
  if (!changed && c == op->condition && b == op->body)
    return self(op);
  return std::make_shared<BufferRealizeNode>(op->buffer, std::move(bounds), c, b, op->loc);
}
Stmt IRMutator::VisitStmt_(const AllocateNode *op) {
  bool changed = false;
  auto ext = VisitExprs(op->extents, &changed);
  auto c = VisitExpr(op->condition);
  auto b = VisitStmt(op->body);
  if (!changed && c == op->condition && b == op->body)
    return self(op);
  return std::make_shared<AllocateNode>(op->buffer_var, op->dtype, std::move(ext), c, b,
                                        op->annotations, op->loc, op->const_data);
}
Stmt IRMutator::VisitStmt_(const DeclBufferNode *op) {
  auto b = VisitStmt(op->body);
  if (b == op->body)
    return self(op);
  return std::make_shared<DeclBufferNode>(op->buffer, b, op->loc);
}
Stmt IRMutator::VisitStmt_(const SeqStmtNode *op) {
  std::vector<Stmt> seq;
  bool changed = false;
  for (const auto &s : op->seq) {
    seq.push_back(VisitStmt(s));
    changed |= seq.back() != s;
  }
  if (!changed)
    return self(op);
  return std::make_shared<SeqStmtNode>(std::move(seq), op->loc);
}
Stmt IRMutator::VisitStmt_(const IfThenElseNode *op) {
  auto c = VisitExpr(op->condition);
  auto t = VisitStmt(op->then_case);
  auto e = op->else_case ? VisitStmt(op->else_case) : nullptr;
  if (c == op->condition && t == op->then_case && e == op->else_case)
    return self(op);
  return std::make_shared<IfThenElseNode>(c, t, e, op->loc);
}
Stmt IRMutator::VisitStmt_(const EvaluateNode *op) {
  auto v = VisitExpr(op->value);
  if (v == op->value)
    return self(op);
  return std::make_shared<EvaluateNode>(v, op->loc);
}
Stmt IRMutator::VisitStmt_(const ForNode *op) {
  auto mn = VisitExpr(op->min), ext = VisitExpr(op->extent);
  auto b = VisitStmt(op->body);
  if (mn == op->min && ext == op->extent && b == op->body)
    return self(op);
  return std::make_shared<ForNode>(op->loop_var, mn, ext, op->for_kind, b, op->thread_binding,
                                   op->annotations, op->loc);
}
Stmt IRMutator::VisitStmt_(const WhileNode *op) {
  auto c = VisitExpr(op->condition);
  auto b = VisitStmt(op->body);
  if (c == op->condition && b == op->body)
    return self(op);
  return std::make_shared<WhileNode>(c, b, op->loc);
}
Stmt IRMutator::VisitStmt_(const BlockNode *op) {
  auto init = op->init ? VisitStmt(op->init) : nullptr;
  auto body = VisitStmt(op->body);
  if (init == op->init && body == op->body)
    return self(op);
  return std::make_shared<BlockNode>(op->iter_vars, op->reads, op->writes, op->name_hint, body,
                                     init, op->alloc_buffers, op->match_buffers, op->annotations,
                                     op->loc);
}
Stmt IRMutator::VisitStmt_(const BlockRealizeNode *op) {
  bool changed = false;
  auto values = VisitExprs(op->iter_values, &changed);
  auto pred = VisitExpr(op->predicate);
  auto block = VisitStmt(op->block);
  if (!changed && pred == op->predicate && block == op->block)
    return self(op);
  return std::make_shared<BlockRealizeNode>(
      std::move(values), pred, std::static_pointer_cast<const BlockNode>(block), op->loc);
}

} // namespace tirconf::ir
