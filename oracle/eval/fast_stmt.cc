// Fast paths of scalar statements (fast_paths.h): BufferStore of a one-lane element at scalar
// indices, the reduction update `B[i, j] = B[i, j] + x` as one node, and LetStmt and Evaluate of
// a scalar value, each doing what the plain node (exec_stmt.cc) does with the value as raw lane
// bits. Each maker returns null for a shape it does not handle.
#include "ir/visitor.h"
#include "oracle/eval/fast_nodes.h"
#include "oracle/eval/wrap_arith.h"

namespace tirconf::oracle::eval {

namespace {

using ir::DataType;
using ir::ExprKind;

// ---------------------------------------------------------------- 2. LetStmt

// [sem.stmt.letstmt] a scalar value once, bound to var for body.
class LetStmtScalar final : public CStmt {
public:
  LetStmtScalar(Compiler &c, const ir::LetStmtNode *op)
      : CStmt(op), value_(c.expr(op->value)), slot_(c.var(op->var.get())), body_(c.stmt(op->body)),
        hits_(c.counter("sem.stmt.letstmt")) {}
  void exec(Frame &f) const override {
    bump(hits_);
    ScopedSlot bind(f, slot_);
    const uint64_t b = scalar_bits(*value_, f);
    f.regs[static_cast<size_t>(slot_)] = b;
    f.flags[static_cast<size_t>(slot_)] = Frame::kBound;
    body_->run(f);
  }

private:
  CExprPtr value_;
  int slot_;
  CStmtPtr body_;
  uint64_t *hits_;
};

// ---------------------------------------------------------------- 5. BufferStore

// [sem.stmt.bufferstore] [sem.stmt.bufferstore.nullary] value first, then the indices left to
// right: a one-lane element at N scalar indices, its width fixed when compiled.
template <size_t N, int Unit> class StoreScalar final : public CStmt {
public:
  StoreScalar(Compiler &c, const ir::BufferStoreNode *op)
      : CStmt(op), value_(c.expr(op->value)), buffer_(c.buffer(op->buffer.get())),
        idx_(c, op->indices),
        hits_(c.counter(add_folded_reads(
            {N == 0 ? "sem.stmt.bufferstore.nullary" : "sem.stmt.bufferstore"}, idx_.ops))) {}
  void exec(Frame &f) const override {
    const uint64_t v = scalar_bits(*value_, f);
    // The hot case, checked before anything more is counted: every index a loop Var, a
    // registered view, an element that needs no check beyond its shape.
    int64_t slot;
    if (Allocation *a = idx_.hot(f, buffer_, &slot)) {
      bump(hits_);
      a->template put_as<Unit>(slot, v);
      return;
    }
    store(f, v);
  }

private:
  [[gnu::noinline]] void store(Frame &f, uint64_t v) const {
    int64_t at[N + 1];
    idx_.fetch(f, at);
    bump(hits_);
    f.m.store_n<N, Unit>(f.view(buffer_, loc), at, v, loc);
  }

  CExprPtr value_;
  int buffer_;
  ScalarIndices<N> idx_;
  uint64_t *hits_;
};

// [sem.stmt.bufferstore] `B[i, j] = B[i, j] + x` (or `*`) as one node: a superinstruction for
// the statement every reduction block runs, doing exactly what the plain BufferStore of a Binary
// of a BufferLoad does, in the same order, with the same checks and counts: the value first
// ([sem.expr.binary] a, the load [sem.expr.bufferload] (its indices, then the element), then
// b = x, then the operation); then the store's indices and the store.
// It applies only where that order cannot be told from computing the element's slot once: the
// indices are bare Vars or constants (reading them again gives the same tuple: under
// [scope.ssa] nothing in x rebinds a Var), and x calls no PrimFunc (so nothing can write
// memory, free it, or start a parallel construct between the load and the store). In the common
// case (plain view, in bounds, outside parallel constructs, initialized) the store needs no
// check of its own; otherwise each half takes the checked path.
template <size_t N, ExprKind K, int Bits, bool Float> class UpdateScalar final : public CStmt {
public:
  UpdateScalar(Compiler &c, const ir::BufferStoreNode *op, const ir::BinaryNode *binary)
      : CStmt(op), buffer_(c.buffer(op->buffer.get())), load_loc_(binary->a->loc),
        idx_(c, op->indices), arith_hits_(c.counter(wrap_rules<K, Float>())),
        load_hits_(c.counter(add_folded_reads({"sem.expr.bufferload"}, idx_.ops))),
        store_hits_(c.counter(add_folded_reads({"sem.stmt.bufferstore"}, idx_.ops))) {
    for (size_t k = 0; k < N; ++k) {
      // The store reads a Var index a second time (counted like any in-place read of a bound
      // Var: fetch() has just found it bound; a folded one in store_hits_); a constant is
      // evaluated again.
      const CExpr &i = *idx_.code[k];
      reread_hits_[k] = i.var_slot >= 0 && !idx_.ops[k].folded ? i.var_hits : nullptr;
      reread_const_[k] = i.var_slot < 0;
    }
    x_ = c.expr(binary->b);
  }

  // Counted where the general nodes count: the Binary before its operands, the load after its
  // indices, the store after the value and its indices (so a run that traps part-way counts
  // what it would have counted).
  void exec(Frame &f) const override {
    // The hot case, checked before anything is counted: every index a loop Var, a registered
    // view, an element that needs no check beyond its shape.
    int64_t slot;
    if (Allocation *a = idx_.hot(f, buffer_, &slot); a && a->readable(slot)) {
      bump(arith_hits_);
      bump(load_hits_);
      const uint64_t old = a->template get_as<Bits / 8>(slot);
      const uint64_t x = scalar_bits(*x_, f);
      bump(store_hits_);
      a->template put_as<Bits / 8>(slot, wrap_arith<K, Bits, Float>(old, x));
      return;
    }
    general(f);
  }

private:
  [[gnu::noinline]] void general(Frame &f) const {
    bump(arith_hits_);
    int64_t at[N + 1];
    idx_.fetch(f, at);
    bump(load_hits_);
    const View &v = f.view(buffer_, load_loc_);
    int64_t slot;
    if (flat_slot<N>(v.flat, at, &slot) && !f.m.conflicts.active() &&
        v.flat.alloc->readable(slot)) {
      const uint64_t old = v.flat.alloc->template get_as<Bits / 8>(slot);
      const uint64_t x = scalar_bits(*x_, f);
      reread(f);
      bump(store_hits_);
      v.flat.alloc->template put_as<Bits / 8>(slot, wrap_arith<K, Bits, Float>(old, x));
      return;
    }
    const uint64_t old = f.m.load_n<N, Bits / 8>(v, at, load_loc_);
    const uint64_t x = scalar_bits(*x_, f);
    const uint64_t result = wrap_arith<K, Bits, Float>(old, x);
    idx_.fetch(f, at);
    bump(store_hits_);
    f.m.store_n<N, Bits / 8>(f.view(buffer_, loc), at, result, loc);
  }

  int buffer_;
  ir::SourceLoc load_loc_; // where the load half's faults are reported, as the plain load does
  ScalarIndices<N> idx_;
  uint64_t *reread_hits_[N];
  bool reread_const_[N];
  CExprPtr x_;
  uint64_t *arith_hits_, *load_hits_, *store_hits_;

  // The store's indices read again (the same tuple), counted as fetch() counts.
  [[gnu::always_inline]] void reread(Frame &f) const {
    for (size_t k = 0; k < N; ++k) {
      if (reread_hits_[k])
        bump(reread_hits_[k]);
      else if (reread_const_[k])
        idx_.code[k]->bits(f);
    }
  }
};

// Same Var, or the same constant.
bool same_index(const ir::PrimExpr &a, const ir::PrimExpr &b) {
  if (a->dtype != b->dtype)
    return false;
  if (const auto *v = ir::as<ir::VarNode>(a))
    return v == b.get();
  const auto *ia = ir::as<ir::IntImmNode>(a);
  const auto *ib = ir::as<ir::IntImmNode>(b);
  return ia && ib && ia->value == ib->value;
}

bool calls_prim_func(const ir::PrimExpr &e) {
  struct Finder : ir::IRVisitor {
    bool found = false;
    void VisitExpr_(const ir::CallNode *op) override {
      found = found || op->callee;
      ir::IRVisitor::VisitExpr_(op);
    }
  } finder;
  finder.VisitExpr(e);
  return finder.found;
}

template <size_t N, ExprKind K>
CStmtPtr make(Compiler &c, const ir::BufferStoreNode *op, const ir::BinaryNode *b) {
  const DataType t = op->buffer->dtype;
  if (t == DataType::Int(32))
    return std::make_unique<UpdateScalar<N, K, 32, false>>(c, op, b);
  if (t == DataType::Int(64))
    return std::make_unique<UpdateScalar<N, K, 64, false>>(c, op, b);
  if (t == DataType::Float(32))
    return std::make_unique<UpdateScalar<N, K, 32, true>>(c, op, b);
  if (t == DataType::Float(64))
    return std::make_unique<UpdateScalar<N, K, 64, true>>(c, op, b);
  return nullptr;
}

template <ExprKind K>
CStmtPtr make(Compiler &c, const ir::BufferStoreNode *op, const ir::BinaryNode *b) {
  switch (op->indices.size()) {
  case 1:
    return make<1, K>(c, op, b);
  case 2:
    return make<2, K>(c, op, b);
  case 3:
    return make<3, K>(c, op, b);
  case 4:
    return make<4, K>(c, op, b);
  default:
    return nullptr;
  }
}

// ---------------------------------------------------------------- 11. Evaluate

// [sem.stmt.evaluate] a scalar value evaluated fully (errors and effects kept), discarded.
class EvaluateScalar final : public CStmt {
public:
  EvaluateScalar(Compiler &c, const ir::EvaluateNode *op)
      : CStmt(op), value_(c.expr(op->value)), hits_(c.counter("sem.stmt.evaluate")) {}
  void exec(Frame &f) const override {
    bump(hits_);
    value_->bits(f);
  }

private:
  CExprPtr value_;
  uint64_t *hits_;
};

CStmtPtr fast_update(Compiler &c, const ir::BufferStoreNode *op) {
  const ExprKind kind = op->value->kind;
  if (kind != ExprKind::Add && kind != ExprKind::Mul)
    return nullptr;
  const auto *binary = static_cast<const ir::BinaryNode *>(op->value.get());
  const auto *load = ir::as<ir::BufferLoadNode>(binary->a);
  if (!load || load->buffer.get() != op->buffer.get() || load->indices.size() != op->indices.size())
    return nullptr;
  const DataType t = op->buffer->dtype;
  if (t.lanes != 1 || op->value->dtype != t || load->dtype != t || binary->b->dtype != t)
    return nullptr;
  for (size_t k = 0; k < op->indices.size(); ++k) {
    const ir::PrimExpr &i = op->indices[k];
    if (i->dtype.lanes != 1 || !i->dtype.is_integer() || !same_index(i, load->indices[k]))
      return nullptr;
    if (!ir::as<ir::VarNode>(i) && !ir::as<ir::IntImmNode>(i))
      return nullptr;
  }
  if (calls_prim_func(binary->b))
    return nullptr;
  return binary->kind == ExprKind::Add ? make<ExprKind::Add>(c, op, binary)
                                       : make<ExprKind::Mul>(c, op, binary);
}

} // namespace

// ---------------------------------------------------------------- makers (fast_nodes.h)

CStmtPtr fast_let_stmt(Compiler &c, const ir::LetStmtNode *op) {
  const DataType t = op->var->dtype;
  if (!is_scalar(t) || op->value->dtype != t || op->var->type_annotation.is_pointer())
    return nullptr;
  return std::make_unique<LetStmtScalar>(c, op);
}

CStmtPtr fast_store(Compiler &c, const ir::BufferStoreNode *op) {
  for (const auto &i : op->indices)
    if (!i->dtype.is_integer() || i->dtype.lanes != 1)
      return nullptr;
  const DataType t = op->buffer->dtype;
  if (t.lanes != 1 || !is_scalar(t) || op->value->dtype != t)
    return nullptr;
  if (CStmtPtr update = fast_update(c, op))
    return update;
  return dispatch_access<CStmtPtr>(op->indices.size(), slot_unit(t), [&]<size_t N, int Unit>() {
    return std::make_unique<StoreScalar<N, Unit>>(c, op);
  });
}

CStmtPtr fast_evaluate(Compiler &c, const ir::EvaluateNode *op) {
  // A discarded PrimFunc call may yield Void whatever its type ([unspec.call_void_result]): the
  // plain node takes its value, which a Void has, instead of one lane's bits, which it has not.
  const auto *call = ir::as<ir::CallNode>(op->value);
  if (call && call->callee)
    return nullptr;
  return is_scalar(op->value->dtype) ? std::make_unique<EvaluateScalar>(c, op) : nullptr;
}

} // namespace tirconf::oracle::eval
