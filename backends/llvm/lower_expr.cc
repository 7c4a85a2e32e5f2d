// PrimExprs, in the order of the spec's "Evaluating PrimExprs" (1 Var .. 16 Comparisons).
#include <llvm/IR/MDBuilder.h>

#include "backends/llvm/lowering.h"

namespace tirconf::backends::llvm_jit {

using ir::DataType;
using ir::ExprKind;
using runtime::ErrorClass;

namespace {
// A comparison of two floats (SelectArmsSwapped plants on Selects with such a condition).
bool compares_floats(const ir::PrimExpr &c) {
  return ir::is_comparison(c->kind) &&
         static_cast<const ir::BinaryNode *>(c.get())->a->dtype.is_floating();
}
} // namespace

llvm::Value *FunctionLowering::undef(DataType t) {
  return llvm::UndefValue::get(ml_.ty(t));
}

llvm::Value *FunctionLowering::lane(llvm::Value *v, int i) {
  if (!v->getType()->isVectorTy())
    return v;
  return b_.CreateExtractElement(v, b_.getInt64(static_cast<uint64_t>(i)));
}

llvm::Value *FunctionLowering::broadcast(llvm::Value *scalar, int lanes) {
  if (lanes == 1)
    return scalar;
  return b_.CreateVectorSplat(static_cast<unsigned>(lanes), scalar);
}

// [sem.expr.var]
llvm::Value *FunctionLowering::VisitExpr_(const ir::VarNode *op) {
  return var(op, op->loc);
}

// [sem.expr.intimm] (a uint64 above INT64_MAX is stored as its two's-complement int64)
llvm::Value *FunctionLowering::VisitExpr_(const ir::IntImmNode *op) {
  return llvm::ConstantInt::get(ml_.ty(op->dtype), static_cast<uint64_t>(op->value));
}

// [sem.expr.floatimm] the literal rounded once, to nearest-even, into its format. IRBuilder folds
// the rounding of a constant, so this is a constant.
llvm::Value *FunctionLowering::VisitExpr_(const ir::FloatImmNode *op) {
  llvm::Value *d = llvm::ConstantFP::get(b_.getDoubleTy(), op->value);
  return num_.from_f64(op->dtype.element_of(), d);
}

// [sem.expr.stringimm] a NUL-terminated constant that lives for the whole run.
llvm::Value *FunctionLowering::VisitExpr_(const ir::StringImmNode *op) {
  return b_.CreateGlobalStringPtr(op->value);
}

// [sem.expr.cast]
llvm::Value *FunctionLowering::VisitExpr_(const ir::CastNode *op) {
  llvm::Value *v = VisitExpr(op->value);
  DataType from = op->value->dtype;
  if (planted(Plant::CastFloatToIntRounds) && from.is_floating() && op->dtype.is_integer() &&
      !op->dtype.is_bool()) {
    v = b_.CreateUnaryIntrinsic(llvm::Intrinsic::round, num_.to_f64(from.element_of(), v));
    from = DataType::Float(64, from.lanes);
  }
  return num_.cast(from, op->dtype, v);
}

// [sem.expr.select] [sem.expr.select.vector] all three evaluated, then picked per lane.
llvm::Value *FunctionLowering::VisitExpr_(const ir::SelectNode *op) {
  llvm::Value *c = VisitExpr(op->condition);
  llvm::Value *t = VisitExpr(op->true_value);
  llvm::Value *f = VisitExpr(op->false_value);
  if (planted(Plant::SelectArmsSwapped) && compares_floats(op->condition))
    std::swap(t, f);
  return b_.CreateSelect(c, t, f);
}

// [sem.expr.bufferload]
llvm::Value *FunctionLowering::VisitExpr_(const ir::BufferLoadNode *op) {
  Ungrouped u(*this);
  return load(op->buffer, op->indices, op->dtype, op->loc);
}

// [sem.expr.ramp] base + i * stride per lane, integers wrapping; floats (outside the spec's
// typing, which TVM allows) with each operation rounded.
llvm::Value *FunctionLowering::VisitExpr_(const ir::RampNode *op) {
  llvm::Value *base = VisitExpr(op->base);
  llvm::Value *stride = VisitExpr(op->stride);
  const DataType e = op->base->dtype.element_of();
  const int n = op->lanes;
  llvm::Value *vb = broadcast(base, n);
  llvm::Value *vs = broadcast(stride, n);
  std::vector<llvm::Constant *> steps;
  for (int i = 0; i < n; ++i) {
    if (e.is_integer())
      steps.push_back(llvm::ConstantInt::get(ml_.ty(e), static_cast<uint64_t>(i)));
    else
      steps.push_back(
          llvm::cast<llvm::Constant>(num_.from_f64(e, llvm::ConstantFP::get(b_.getDoubleTy(), i))));
  }
  llvm::Value *idx = llvm::ConstantVector::get(steps);
  if (e.is_integer())
    return b_.CreateAdd(vb, b_.CreateMul(idx, vs));
  return num_.float_binary(ExprKind::Add, e, vb, num_.float_binary(ExprKind::Mul, e, idx, vs));
}

// [sem.expr.broadcast]
llvm::Value *FunctionLowering::VisitExpr_(const ir::BroadcastNode *op) {
  return broadcast(VisitExpr(op->value), op->lanes);
}

// [sem.expr.let]
llvm::Value *FunctionLowering::VisitExpr_(const ir::LetNode *op) {
  bind(op->var, VisitExpr(op->value));
  return VisitExpr(op->body);
}

// [sem.expr.call.builtin] [sem.expr.call.primfunc]
llvm::Value *FunctionLowering::VisitExpr_(const ir::CallNode *op) {
  Ungrouped u(*this);
  if (op->callee)
    return call_primfunc(op);
  return builtin(op);
}

// [sem.expr.shuffle] lane i is lane indices[i] of the vectors concatenated; an index outside
// them is unspecified (unspec.shuffle_index_range), here lane 0.
llvm::Value *FunctionLowering::VisitExpr_(const ir::ShuffleNode *op) {
  std::vector<llvm::Value *> lanes;
  for (const auto &v : op->vectors) {
    llvm::Value *x = VisitExpr(v);
    for (int i = 0; i < v->dtype.lanes; ++i)
      lanes.push_back(lane(x, i));
  }
  const int total = static_cast<int>(lanes.size());
  std::vector<llvm::Value *> picked;
  for (const auto &idx : op->indices) {
    if (auto *imm = ir::as<ir::IntImmNode>(idx)) {
      int64_t k = imm->value;
      if (planted(Plant::ShuffleWrongLane) && picked.empty() && total > 1)
        k = (k + 1) % total;
      picked.push_back(k >= 0 && k < total ? lanes[static_cast<size_t>(k)] : lanes[0]);
      continue;
    }
    // A run-time index: materialize the concatenation once and extract from it.
    llvm::Value *all = llvm::UndefValue::get(
        llvm::FixedVectorType::get(lanes[0]->getType(), static_cast<unsigned>(total)));
    for (int i = 0; i < total; ++i)
      all = b_.CreateInsertElement(all, lanes[static_cast<size_t>(i)],
                                   b_.getInt64(static_cast<uint64_t>(i)));
    llvm::Value *k = index(idx);
    llvm::Value *in = b_.CreateICmpULT(k, i64(total));
    picked.push_back(b_.CreateExtractElement(all, b_.CreateSelect(in, k, i64(0))));
  }
  if (picked.size() == 1)
    return picked[0];
  llvm::Value *r = undef(op->dtype);
  for (size_t i = 0; i < picked.size(); ++i)
    r = b_.CreateInsertElement(r, picked[i], b_.getInt64(i));
  return r;
}

// [sem.expr.not]
llvm::Value *FunctionLowering::VisitExpr_(const ir::NotNode *op) {
  return b_.CreateNot(VisitExpr(op->a));
}

// Every binary kind shares one lowering.
#define TIR_BINARY_KIND(Name, symbol)                                                              \
  llvm::Value *FunctionLowering::VisitExpr_(const ir::Name##Node *node) {                          \
    return binary(node);                                                                           \
  }
#define TIR_EXPR_KIND(Name)
#include "ir/node_kinds.def"

// [sem.expr.binary] a then b, then the operator lane by lane; [sem.expr.cmp] comparisons.
llvm::Value *FunctionLowering::binary(const ir::BinaryNode *op) {
  const ExprKind k = op->kind;
  if (k == ExprKind::And || k == ExprKind::Or)
    return logical(op, k == ExprKind::And);
  llvm::Value *a = VisitExpr(op->a);
  llvm::Value *b = VisitExpr(op->b);
  const DataType t = op->a->dtype;
  const DataType e = t.element_of();
  if (!e.is_integer() && !e.is_floating())
    throw LoweringError(std::string("operator on ") + ir::to_string(t) + " operands");
  if (ir::is_comparison(k))
    return num_.compare(k, e, a, b);
  if (e.is_floating()) {
    if (k == ExprKind::Mod)
      throw LoweringError("Mod of float operands");
    return num_.float_binary(k, e, a, b);
  }
  switch (k) {
  // [sem.expr.int_wrap] two's complement, wrapping: no nsw/nuw flags.
  case ExprKind::Add:
    return b_.CreateAdd(a, b);
  case ExprKind::Sub:
    return b_.CreateSub(a, b);
  case ExprKind::Mul:
    return b_.CreateMul(a, b);
  case ExprKind::Div:
  case ExprKind::Mod:
  case ExprKind::FloorDiv:
  case ExprKind::FloorMod:
    return int_division(k, t, a, b, op->loc);
  case ExprKind::Min:
  case ExprKind::Max:
    if (planted(Plant::SignedMinMaxAsUnsigned) && e.is_int())
      return b_.CreateSelect(k == ExprKind::Min ? b_.CreateICmpULT(a, b) : b_.CreateICmpUGT(a, b),
                             a, b);
    return num_.int_minmax(k, e, a, b);
  default:
    throw LoweringError("unexpected binary operator");
  }
}

// [sem.expr.div] [sem.expr.mod] [sem.expr.floordiv] [sem.expr.floormod] on integers: a zero
// divisor in any lane raises divide-by-zero. INT_MIN / -1 is unspecified (unspec.int_min_div):
// the divisor becomes 1 there, because LLVM's sdiv is undefined (x86 traps) on it.
llvm::Value *FunctionLowering::int_division(ExprKind k, DataType t, llvm::Value *a, llvm::Value *b,
                                            ir::SourceLoc loc) {
  Ungrouped u(*this); // the zero check must branch before the division runs
  const DataType e = t.element_of();
  const char *rule = k == ExprKind::Div        ? "sem.expr.div"
                     : k == ExprKind::Mod      ? "sem.expr.mod"
                     : k == ExprKind::FloorDiv ? "sem.expr.floordiv"
                                               : "sem.expr.floormod";
  llvm::Type *type = a->getType();
  auto K = [&](uint64_t x) { return num_.int_const(type, x); };
  fail_if(any_lane(b_.CreateICmpEQ(b, K(0))),
          site(ErrorClass::DivideByZero, rule, loc, "integer divide by zero"));
  if (!e.is_int()) {
    // Unsigned (and Bool): truncation and floor agree.
    if (k == ExprKind::Div || k == ExprKind::FloorDiv)
      return b_.CreateUDiv(a, b);
    return b_.CreateURem(a, b);
  }
  const uint64_t min = uint64_t{1} << (e.bits - 1);
  llvm::Value *overflow =
      b_.CreateAnd(b_.CreateICmpEQ(a, K(min)), b_.CreateICmpEQ(b, K(~uint64_t{0})));
  llvm::Value *d = b_.CreateSelect(overflow, K(1), b);
  llvm::Value *q = b_.CreateSDiv(a, d);
  llvm::Value *r = b_.CreateSRem(a, d);
  if (k == ExprKind::Div)
    return q;
  if (k == ExprKind::Mod || (k == ExprKind::FloorMod && planted(Plant::FloorModAsTruncMod)))
    return r;
  // Floor: where the remainder is nonzero and its sign differs from the divisor's, the
  // truncated quotient is one too large and the remainder one divisor short.
  llvm::Value *adjust =
      b_.CreateAnd(b_.CreateICmpNE(r, K(0)), b_.CreateICmpSLT(b_.CreateXor(r, d), K(0)));
  if (k == ExprKind::FloorDiv)
    return b_.CreateSub(q, b_.CreateZExt(adjust, type));
  return b_.CreateAdd(r, b_.CreateSelect(adjust, d, K(0)));
}

// [sem.expr.and] [sem.expr.or] short-circuit on scalars; [sem.expr.and.vector]
// [sem.expr.or.vector] both operands evaluated on vectors.
llvm::Value *FunctionLowering::logical(const ir::BinaryNode *op, bool is_and) {
  llvm::Value *a = VisitExpr(op->a);
  if (op->dtype.lanes > 1) {
    llvm::Value *b = VisitExpr(op->b);
    return is_and ? b_.CreateAnd(a, b) : b_.CreateOr(a, b);
  }
  llvm::BasicBlock *from = b_.GetInsertBlock();
  auto *rhs = llvm::BasicBlock::Create(ml_.ctx, is_and ? "and.rhs" : "or.rhs", fn_);
  auto *merge = llvm::BasicBlock::Create(ml_.ctx, is_and ? "and.end" : "or.end", fn_);
  if (is_and)
    b_.CreateCondBr(a, rhs, merge);
  else
    b_.CreateCondBr(a, merge, rhs);
  b_.SetInsertPoint(rhs);
  llvm::Value *b = VisitExpr(op->b);
  llvm::BasicBlock *rhs_end = b_.GetInsertBlock();
  b_.CreateBr(merge);
  b_.SetInsertPoint(merge);
  llvm::PHINode *phi = b_.CreatePHI(b_.getInt1Ty(), 2);
  phi->addIncoming(b_.getInt1(!is_and), from);
  phi->addIncoming(b, rhs_end);
  return phi;
}

} // namespace tirconf::backends::llvm_jit
