// Statements, in the order of the spec's "Semantics of Statements" (2 LetStmt .. 15
// BlockRealize; 1 PrimFunc is lower_module.cc). Parallel, vectorized, unrolled and thread-bound
// loops and thread_extent run their iterations serially in increasing order: every interleaving
// is permitted for the parallel ones, and vectorized ones must behave as if run in order.
#include "backends/llvm/lowering.h"

namespace tirconf::backends::llvm_jit {

using ir::DataType;
using runtime::ErrorClass;

namespace {
bool is_zero(llvm::Value *v) {
  auto *c = llvm::dyn_cast<llvm::ConstantInt>(v);
  return c && c->isZero();
}
} // namespace

template <class Body>
void FunctionLowering::counted_loop(DataType var_type, llvm::Value *min, llvm::Value *count,
                                    Body &&body) {
  llvm::BasicBlock *pre = b_.GetInsertBlock();
  auto *header = llvm::BasicBlock::Create(ml_.ctx, "loop", fn_);
  auto *body_bb = llvm::BasicBlock::Create(ml_.ctx, "loop.body", fn_);
  auto *exit = llvm::BasicBlock::Create(ml_.ctx, "loop.end", fn_);
  b_.CreateBr(header);
  b_.SetInsertPoint(header);
  llvm::PHINode *k = b_.CreatePHI(b_.getInt64Ty(), 2);
  k->addIncoming(i64(0), pre);
  b_.CreateCondBr(b_.CreateICmpSLT(k, count), body_bb, exit);
  b_.SetInsertPoint(body_bb);
  // The loop variable stays within its type: a range passing its largest value is unspecified
  // (unspec.loop_range_overflow). So min + k does not overflow 64 bits for types narrower than
  // 64, and k, which counts up to count <= 2^63 - 1, never does.
  llvm::Value *wide = is_zero(min)         ? k
                      : var_type.bits < 64 ? b_.CreateNSWAdd(min, k)
                                           : b_.CreateAdd(min, k);
  body(b_.CreateTrunc(wide, ml_.ty(var_type)), wide);
  llvm::Value *next = b_.CreateNUWAdd(k, i64(1));
  k->addIncoming(next, b_.GetInsertBlock());
  b_.CreateBr(header);
  b_.SetInsertPoint(exit);
}

// [sem.stmt.letstmt] [sem.stmt.letstmt.pointer] (a handle is bound unchanged)
void FunctionLowering::VisitStmt_(const ir::LetStmtNode *op) {
  bind(op->var, VisitExpr(op->value));
  VisitStmt(op->body);
}

// [sem.stmt.attrstmt]; [sem.stmt.attr.thread_extent] [sem.stmt.attr.virtual_thread] run body
// `value` times with node bound to 0 .. value-1.
void FunctionLowering::VisitStmt_(const ir::AttrStmtNode *op) {
  ir::Var v = op->bound_var();
  if (!v) {
    VisitStmt(op->body);
    return;
  }
  llvm::Value *n = index(op->value);
  llvm::Value *count = b_.CreateSelect(b_.CreateICmpSGT(n, i64(0)), n, i64(0));
  counted_loop(v->dtype, i64(0), count, [&](llvm::Value *x, llvm::Value *wide) {
    bind(v, x);
    wide_[v.get()] = wide;
    VisitStmt(op->body);
  });
}

// [sem.stmt.assert] the message is evaluated only when the condition fails.
void FunctionLowering::VisitStmt_(const ir::AssertStmtNode *op) {
  llvm::Value *c = VisitExpr(op->condition);
  if (c->getType()->isVectorTy())
    throw LoweringError("assert condition is not a scalar");
  if (!c->getType()->isIntegerTy(1))
    c = b_.CreateICmpNE(c, num_.int_const(c->getType(), 0));
  auto *fail = llvm::BasicBlock::Create(ml_.ctx, "assert.fail", fn_);
  auto *cont = llvm::BasicBlock::Create(ml_.ctx, "assert.ok", fn_);
  b_.CreateCondBr(c, cont, fail);
  b_.SetInsertPoint(fail);
  if (auto *s = ir::as<ir::StringImmNode>(op->message)) {
    emit_fail(site(ErrorClass::Assert, "sem.stmt.assert", op->loc, s->value), nullptr, nullptr);
  } else {
    llvm::Value *m = index(op->message);
    emit_fail(site(ErrorClass::Assert, "sem.stmt.assert", op->loc, "{a}"), m, nullptr);
  }
  b_.SetInsertPoint(cont);
  VisitStmt(op->body);
}

// [sem.stmt.bufferstore] value first, then the indices.
void FunctionLowering::VisitStmt_(const ir::BufferStoreNode *op) {
  llvm::Value *v = VisitExpr(op->value);
  if (planted(Plant::LostStoreInVectorizedLoop) && op == lost_store_)
    return;
  store(op->buffer, op->indices, v, op->value->dtype);
}

// [sem.stmt.bufferrealize] a fresh compact buffer for body; a shape Var not yet bound takes the
// extent of the matching bound.
void FunctionLowering::VisitStmt_(const ir::BufferRealizeNode *op) {
  const ir::Buffer &b = op->buffer;
  for (size_t k = 0; k < b->shape.size(); ++k) {
    auto *v = ir::as<ir::VarNode>(b->shape[k]);
    if (v && !bound(v) && k < op->bounds.size() && op->bounds[k].extent)
      bind(ir::cast<ir::VarNode>(b->shape[k]),
           b_.CreateTrunc(index(op->bounds[k].extent), ml_.ty(v->dtype)));
  }
  alloc_buffer(b, op->loc);
  VisitStmt(op->body);
  free_top();
}

// [sem.stmt.allocate.condition] [sem.stmt.allocate]
void FunctionLowering::VisitStmt_(const ir::AllocateNode *op) {
  llvm::Value *c = VisitExpr(op->condition);
  auto *run = llvm::BasicBlock::Create(ml_.ctx, "alloc", fn_);
  auto *end = llvm::BasicBlock::Create(ml_.ctx, "alloc.end", fn_);
  b_.CreateCondBr(c, run, end);
  b_.SetInsertPoint(run);
  std::vector<llvm::Value *> extents;
  for (const auto &e : op->extents)
    extents.push_back(index(e));
  llvm::Value *n = i64(1);
  llvm::Value *bad = b_.getFalse();
  for (llvm::Value *e : extents) {
    bad = b_.CreateOr(bad, b_.CreateICmpSLT(e, i64(0)));
    llvm::Value *prod = b_.CreateBinaryIntrinsic(llvm::Intrinsic::smul_with_overflow, n, e);
    n = b_.CreateExtractValue(prod, 0);
    bad = b_.CreateOr(bad, b_.CreateExtractValue(prod, 1));
  }
  n = b_.CreateSelect(bad, i64(-1), n);
  bind(op->buffer_var, allocate(n, op->dtype, op->loc, "sem.stmt.allocate"));
  VisitStmt(op->body);
  free_top();
  b_.CreateBr(end);
  b_.SetInsertPoint(end);
}

// [sem.stmt.declbuffer] no run-time effect. When the buffer's fields are constants or bound Vars,
// its layout is computed here once (evaluating them cannot fail or differ later).
void FunctionLowering::VisitStmt_(const ir::DeclBufferNode *op) {
  const ir::Buffer &b = op->buffer;
  auto simple = [&](const ir::PrimExpr &e) {
    if (!e || ir::as<ir::IntImmNode>(e))
      return true;
    auto *v = ir::as<ir::VarNode>(e);
    return v && bound(v);
  };
  bool ready = b->data && bound(b->data.get()) && simple(b->elem_offset);
  for (const auto &d : b->strides.empty() ? b->shape : b->strides)
    ready = ready && simple(d);
  if (ready)
    register_layout(b);
  VisitStmt(op->body);
}

// [sem.stmt.seqstmt]
void FunctionLowering::VisitStmt_(const ir::SeqStmtNode *op) {
  for (const auto &s : op->seq)
    VisitStmt(s);
}

// [sem.stmt.ifthenelse]
void FunctionLowering::VisitStmt_(const ir::IfThenElseNode *op) {
  llvm::Value *c = VisitExpr(op->condition);
  auto *then_bb = llvm::BasicBlock::Create(ml_.ctx, "then", fn_);
  auto *else_bb = op->else_case ? llvm::BasicBlock::Create(ml_.ctx, "else", fn_) : nullptr;
  auto *end = llvm::BasicBlock::Create(ml_.ctx, "if.end", fn_);
  b_.CreateCondBr(c, then_bb, else_bb ? else_bb : end);
  b_.SetInsertPoint(then_bb);
  VisitStmt(op->then_case);
  b_.CreateBr(end);
  if (else_bb) {
    b_.SetInsertPoint(else_bb);
    VisitStmt(op->else_case);
    b_.CreateBr(end);
  }
  b_.SetInsertPoint(end);
}

// [sem.stmt.evaluate] evaluated for its effects and errors; the value is dropped.
void FunctionLowering::VisitStmt_(const ir::EvaluateNode *op) {
  VisitExpr(op->value);
}

// [sem.stmt.for.range] min then extent, once, in the loop_var's type; [min, min + extent).
// [sem.stmt.for.serial] [sem.stmt.for.unrolled] [sem.stmt.for.parallel]
// [sem.stmt.for.vectorized] [sem.stmt.for.thread_binding]: every kind runs in increasing order.
void FunctionLowering::VisitStmt_(const ir::ForNode *op) {
  const DataType t = op->loop_var->dtype;
  if (!t.is_integer() || t.lanes != 1)
    throw LoweringError("loop variable is not an integer scalar");
  // Both bounds converted to the loop variable's type, then widened by its signedness.
  auto in_var_type = [&](const ir::PrimExpr &e) {
    llvm::Value *v = num_.cast(e->dtype, t, VisitExpr(e));
    return num_.to_i64(t, v);
  };
  llvm::Value *min = in_var_type(op->min);
  llvm::Value *extent = in_var_type(op->extent);
  if (planted(Plant::LoopExtentOffByOne) && op->for_kind == ir::ForKind::Serial)
    if (auto *c = ir::as<ir::IntImmNode>(op->extent); c && c->value >= 3)
      extent = b_.CreateSub(extent, i64(1));
  llvm::Value *count = b_.CreateSelect(b_.CreateICmpSGT(extent, i64(0)), extent, i64(0));
  const ir::BufferStoreNode *outer_lost = lost_store_;
  if (planted(Plant::LostStoreInVectorizedLoop) && op->for_kind == ir::ForKind::Vectorized)
    lost_store_ = store_to_lose(*func_, op->body);
  counted_loop(t, min, count, [&](llvm::Value *x, llvm::Value *wide) {
    bind(op->loop_var, x);
    wide_[op->loop_var.get()] = wide;
    VisitStmt(op->body);
  });
  lost_store_ = outer_lost;
}

// [sem.stmt.while] any nonzero condition continues; each iteration is a step of the budget.
void FunctionLowering::VisitStmt_(const ir::WhileNode *op) {
  auto *header = llvm::BasicBlock::Create(ml_.ctx, "while", fn_);
  auto *body = llvm::BasicBlock::Create(ml_.ctx, "while.body", fn_);
  auto *exit = llvm::BasicBlock::Create(ml_.ctx, "while.end", fn_);
  b_.CreateBr(header);
  b_.SetInsertPoint(header);
  llvm::Value *c = VisitExpr(op->condition);
  if (!c->getType()->isIntegerTy(1))
    c = b_.CreateICmpNE(c, num_.int_const(c->getType(), 0));
  b_.CreateCondBr(c, body, exit);
  b_.SetInsertPoint(body);
  // [sem.stmt.limit] the step budget.
  llvm::Value *steps = b_.CreateAdd(b_.CreateLoad(b_.getInt64Ty(), ctx_field(kCtxSteps)), i64(1));
  b_.CreateStore(steps, ctx_field(kCtxSteps));
  fail_if(b_.CreateICmpUGT(steps, b_.CreateLoad(b_.getInt64Ty(), ctx_field(kCtxStepLimit))),
          site(ErrorClass::Limit, "sem.stmt.limit", op->loc, "step budget exhausted"));
  VisitStmt(op->body);
  b_.CreateBr(header);
  b_.SetInsertPoint(exit);
}

// [sem.stmt.block] alloc_buffers, match_buffers, init when due, body; then the buffers are freed.
void FunctionLowering::VisitStmt_(const ir::BlockNode *op) {
  const size_t allocs = op->alloc_buffers.size();
  for (const auto &b : op->alloc_buffers)
    alloc_buffer(b, b->loc.known() ? b->loc : op->loc);
  for (const auto &mb : op->match_buffers)
    match_buffer(mb);
  if (op->init) {
    // [sem.stmt.block.init] a reduction block runs init where every kCommReduce iter var is at
    // its domain's min; any other block runs it every time.
    llvm::Value *due = b_.getTrue();
    for (const auto &iv : op->iter_vars) {
      if (iv->iter_type != ir::IterVarType::CommReduce)
        continue;
      if (!iv->dom)
        throw LoweringError("reduction iter var without a domain");
      llvm::Value *at = num_.to_i64(iv->var->dtype, var(iv->var.get(), iv->loc));
      due = b_.CreateAnd(due, b_.CreateICmpEQ(at, index(iv->dom->min)));
    }
    auto *init = llvm::BasicBlock::Create(ml_.ctx, "init", fn_);
    auto *body = llvm::BasicBlock::Create(ml_.ctx, "block.body", fn_);
    b_.CreateCondBr(due, init, body);
    b_.SetInsertPoint(init);
    VisitStmt(op->init);
    b_.CreateBr(body);
    b_.SetInsertPoint(body);
  }
  VisitStmt(op->body);
  for (size_t i = 0; i < allocs; ++i)
    free_top();
}

// [sem.stmt.blockrealize] values in order bound to the iter vars. A false predicate is
// unspecified (unspec.block_predicate_false); this skips the block there, as TVM does.
void FunctionLowering::VisitStmt_(const ir::BlockRealizeNode *op) {
  const auto &ivs = op->block->iter_vars;
  if (ivs.size() != op->iter_values.size())
    throw LoweringError("block realize with the wrong number of values");
  std::vector<llvm::Value *> values;
  for (const auto &v : op->iter_values)
    values.push_back(VisitExpr(v));
  for (size_t i = 0; i < ivs.size(); ++i) {
    llvm::Value *v = values[i];
    if (op->iter_values[i]->dtype != ivs[i]->var->dtype)
      v = num_.cast(op->iter_values[i]->dtype, ivs[i]->var->dtype, v);
    bind(ivs[i]->var, v);
  }
  llvm::Value *p = op->predicate ? VisitExpr(op->predicate) : b_.getTrue();
  if (auto *c = llvm::dyn_cast<llvm::ConstantInt>(p); c && c->isOne()) {
    VisitStmt_(op->block.get());
    return;
  }
  auto *run = llvm::BasicBlock::Create(ml_.ctx, "block", fn_);
  auto *end = llvm::BasicBlock::Create(ml_.ctx, "block.end", fn_);
  b_.CreateCondBr(p, run, end);
  b_.SetInsertPoint(run);
  VisitStmt_(op->block.get());
  b_.CreateBr(end);
  b_.SetInsertPoint(end);
}

} // namespace tirconf::backends::llvm_jit
