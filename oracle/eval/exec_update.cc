// The reduction update `B[i, j] = B[i, j] + x` (or `*`) as one node: a superinstruction for the
// statement every reduction block runs, doing exactly what BufferStore of a Binary of a
// BufferLoad does, in the same order, with the same checks and counts:
//   [sem.stmt.bufferstore] the value first: [sem.expr.binary] a, the load [sem.expr.bufferload]
//   (its indices, then the element), then b = x, then the operation; then the store's indices
//   and the store.
// It applies only where that order cannot be told from computing the element's slot once: the
// indices are bare Vars or constants (reading them again gives the same tuple), and x calls no
// PrimFunc (so nothing can write memory, free it, or start a parallel construct between the
// load and the store). In the common case (plain view, in bounds, outside parallel constructs,
// initialized) the store needs no check of its own; otherwise each half takes the checked path.
#include "ir/visitor.h"
#include "oracle/eval/exec_stmt.h"
#include "oracle/eval/plan.h"
#include "oracle/eval/wrap_arith.h"

namespace tirconf::oracle::eval {

namespace {

using ir::DataType;
using ir::ExprKind;

template <size_t N, ExprKind K, int Bits, bool Float> class UpdateScalar final : public CStmt {
public:
  UpdateScalar(Compiler &c, const ir::BufferStoreNode *op, const ir::BinaryNode *binary)
      : CStmt(op), buffer_(c.buffer(op->buffer.get())), idx_(c, op->indices),
        arith_hits_(c.counter(wrap_rules<K, Float>())),
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
    const View &v = f.view(buffer_, loc);
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
    const uint64_t old = f.m.load_n<N, Bits / 8>(v, at, loc);
    const uint64_t x = scalar_bits(*x_, f);
    const uint64_t result = wrap_arith<K, Bits, Float>(old, x);
    idx_.fetch(f, at);
    bump(store_hits_);
    f.m.store_n<N, Bits / 8>(f.view(buffer_, loc), at, result, loc);
  }

  int buffer_;
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

} // namespace

CStmtPtr compile_update(Compiler &c, const ir::BufferStoreNode *op) {
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

} // namespace tirconf::oracle::eval
