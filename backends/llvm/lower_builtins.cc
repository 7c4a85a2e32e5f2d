// Builtin calls (spec/rules/builtins.yaml). Precision policy ([builtin.math.lanes]):
//   exact functions (fabs, floor, ceil, round, trunc, nearbyint, copysign, fmod) and sqrt are
//   computed natively for float32/float64 (LLVM's intrinsics and frem are IEEE-exact) and in
//   double for float16/bfloat16, then rounded once, which is exact (or, for sqrt, correctly
//   rounded since double has more than 2p + 2 bits);
//   approximate functions (exp ... erf) are computed in double by the C library and rounded once
//   to the lane's format: the closest we can get to "the exact result rounded", which is what
//   the catalog asks of 16-bit formats and is within the ULP bounds for float32/float64.
#include <llvm/IR/MDBuilder.h>

#include <cmath>
#include <limits>

#include "backends/llvm/lowering.h"

namespace tirconf::backends::llvm_jit {

using ir::DataType;
using ir::ExprKind;

namespace {

bool native_float(DataType e) {
  return e.is_float() && (e.bits == 32 || e.bits == 64);
}

} // namespace

llvm::Value *FunctionLowering::builtin(const ir::CallNode *op) {
  const std::string &name = op->op;
  const auto &args = op->args;
  auto need = [&](size_t n) {
    if (args.size() != n)
      throw LoweringError(name + " takes " + std::to_string(n) + " arguments");
  };
  // [builtin.ret] ends the PrimFunc with the value.
  if (name == "tir.ret") {
    need(1);
    llvm::Value *v = VisitExpr(args[0]);
    emit_return(v, args[0]->dtype);
    return op->dtype.is_void() ? nullptr : undef(op->dtype);
  }
  // [builtin.if_then_else] the condition, then only the chosen arm.
  if (name == "tir.if_then_else") {
    need(3);
    llvm::Value *c = VisitExpr(args[0]);
    auto *then_bb = llvm::BasicBlock::Create(ml_.ctx, "ite.then", fn_);
    auto *else_bb = llvm::BasicBlock::Create(ml_.ctx, "ite.else", fn_);
    auto *end = llvm::BasicBlock::Create(ml_.ctx, "ite.end", fn_);
    b_.CreateCondBr(c, then_bb, else_bb);
    b_.SetInsertPoint(then_bb);
    llvm::Value *t = VisitExpr(args[1]);
    llvm::BasicBlock *then_end = b_.GetInsertBlock();
    b_.CreateBr(end);
    b_.SetInsertPoint(else_bb);
    llvm::Value *f = VisitExpr(args[2]);
    llvm::BasicBlock *else_end = b_.GetInsertBlock();
    b_.CreateBr(end);
    b_.SetInsertPoint(end);
    if (!t || !f)
      return nullptr;
    llvm::PHINode *phi = b_.CreatePHI(t->getType(), 2);
    phi->addIncoming(t, then_end);
    phi->addIncoming(f, else_end);
    return phi;
  }
  // [builtin.likely] a hint: the argument unchanged.
  if (name == "tir.likely") {
    need(1);
    return VisitExpr(args[0]);
  }
  // [builtin.assume] no effect, argument not evaluated.
  if (name == "tir.assume")
    return llvm::Constant::getNullValue(ml_.ty(op->dtype));

  // Every other listed builtin evaluates its arguments left to right first ([builtin.args]).
  std::vector<llvm::Value *> v;
  for (const auto &a : args)
    v.push_back(VisitExpr(a));
  const DataType t0 = args.empty() ? DataType::Void() : args[0]->dtype;
  const DataType e0 = t0.element_of();

  // [builtin.reinterpret] the same bits as another dtype (lanes packed little-endian, which is
  // LLVM's bitcast on x86-64).
  if (name == "tir.reinterpret") {
    need(1);
    if (t0.is_handle() || op->dtype.is_handle())
      throw UnsupportedError("tir.reinterpret of a handle", op->loc);
    if (t0.bits * t0.lanes != op->dtype.bits * op->dtype.lanes)
      throw LoweringError("tir.reinterpret between sizes");
    return b_.CreateBitCast(v[0], ml_.ty(op->dtype));
  }
  // [builtin.bitwise_and] .. [builtin.bitwise_not] on two's-complement patterns.
  if (name == "tir.bitwise_and")
    return need(2), b_.CreateAnd(v[0], v[1]);
  if (name == "tir.bitwise_or")
    return need(2), b_.CreateOr(v[0], v[1]);
  if (name == "tir.bitwise_xor")
    return need(2), b_.CreateXor(v[0], v[1]);
  if (name == "tir.bitwise_not")
    return need(1), b_.CreateNot(v[0]);
  // [builtin.popcount]
  if (name == "tir.popcount")
    return need(1), b_.CreateUnaryIntrinsic(llvm::Intrinsic::ctpop, v[0]);
  // [builtin.shift_left] [builtin.shift_right]: an amount outside [0, bits) is unspecified
  // (unspec.shift_amount); LLVM's shifts are poison there, so such lanes give 0 instead.
  if (name == "tir.shift_left" || name == "tir.shift_right") {
    need(2);
    const DataType tn = args[1]->dtype;
    llvm::Value *n = num_.to_i64(tn.element_of(), v[1]);
    if (t0.lanes > 1 && tn.lanes == 1)
      n = broadcast(n, t0.lanes);
    llvm::Value *in =
        b_.CreateICmpULT(n, num_.int_const(n->getType(), static_cast<uint64_t>(e0.bits)));
    llvm::Value *amount = b_.CreateSelect(in, n, num_.int_const(n->getType(), 0));
    amount = b_.CreateTrunc(amount, v[0]->getType());
    llvm::Value *r = name == "tir.shift_left" ? b_.CreateShl(v[0], amount)
                     : e0.is_int() && !planted(Plant::ShiftRightSignedAsLogical)
                         ? b_.CreateAShr(v[0], amount)
                         : b_.CreateLShr(v[0], amount);
    return b_.CreateSelect(in, r, llvm::Constant::getNullValue(r->getType()));
  }
  // [builtin.isnan] [builtin.isinf] [builtin.isfinite]: integers are never NaN or infinite.
  if (name == "tir.isnan" || name == "tir.isinf" || name == "tir.isfinite") {
    need(1);
    llvm::Type *result = ml_.ty(DataType::Bool(t0.lanes));
    if (!e0.is_floating())
      return llvm::ConstantInt::get(result, name == "tir.isfinite" ? 1 : 0);
    llvm::Value *d = native_float(e0) ? v[0] : num_.to_f64(e0, v[0]);
    if (name == "tir.isnan")
      return b_.CreateFCmpUNO(d, d);
    llvm::Value *mag = b_.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, d);
    llvm::Value *inf = llvm::ConstantFP::getInfinity(d->getType());
    return name == "tir.isinf" ? b_.CreateFCmpOEQ(mag, inf) : b_.CreateFCmpONE(mag, inf);
  }
  // [builtin.ldexp] x * 2^n rounded once. The exponent is clamped to +-4000: beyond that every
  // nonzero finite value of every format overflows or underflows the same way, and double holds
  // the intermediate exactly for every value a narrower format's result could take.
  if (name == "tir.ldexp") {
    need(2);
    if (!e0.is_floating())
      throw LoweringError("tir.ldexp of a non-float");
    const DataType tn = args[1]->dtype;
    llvm::Value *r = t0.lanes > 1 ? undef(t0) : nullptr;
    for (int i = 0; i < t0.lanes; ++i) {
      llvm::Value *x = num_.to_f64(e0, lane(v[0], i));
      llvm::Value *n = num_.to_i64(tn.element_of(), lane(v[1], tn.lanes > 1 ? i : 0));
      n = b_.CreateSelect(b_.CreateICmpSGT(n, i64(4000)), i64(4000), n);
      n = b_.CreateSelect(b_.CreateICmpSLT(n, i64(-4000)), i64(-4000), n);
      llvm::Value *y = num_.from_f64(
          e0, b_.CreateCall(ml_.host_ldexp(), {x, b_.CreateTrunc(n, b_.getInt32Ty())}));
      if (!r)
        return y;
      r = b_.CreateInsertElement(r, y, b_.getInt64(static_cast<uint64_t>(i)));
    }
    return r;
  }
  // [builtin.nextafter] on the bit pattern: the patterns of values of one sign are ordered like
  // their magnitudes.
  if (name == "tir.nextafter") {
    need(2);
    if (!e0.is_floating())
      throw LoweringError("tir.nextafter of a non-float");
    llvm::Type *it = num_.same_shape(v[0]->getType(), b_.getIntNTy(e0.bits));
    auto K = [&](uint64_t x) { return num_.int_const(it, x); };
    llvm::Value *xb = native_float(e0) ? b_.CreateBitCast(v[0], it) : v[0];
    llvm::Value *yb = native_float(e0) ? b_.CreateBitCast(v[1], it) : v[1];
    llvm::Value *xd = num_.to_f64(e0, v[0]);
    llvm::Value *yd = num_.to_f64(e0, v[1]);
    llvm::Type *dt = xd->getType();
    const uint64_t sign = uint64_t{1} << (e0.bits - 1);
    llvm::Value *zero = num_.fp_const(dt, 0.0);
    // From zero: the smallest subnormal toward y.
    llvm::Value *from_zero = b_.CreateSelect(b_.CreateFCmpOGT(yd, zero), K(1), K(sign | 1));
    llvm::Value *away = b_.CreateICmpEQ(b_.CreateFCmpOLT(xd, yd), b_.CreateFCmpOGT(xd, zero));
    llvm::Value *mag = b_.CreateAnd(xb, K(sign - 1));
    llvm::Value *step = b_.CreateSelect(away, b_.CreateAdd(mag, K(1)), b_.CreateSub(mag, K(1)));
    llvm::Value *moved = b_.CreateOr(b_.CreateAnd(xb, K(sign)), b_.CreateAnd(step, K(sign - 1)));
    llvm::Value *r = b_.CreateSelect(b_.CreateFCmpOEQ(xd, zero), from_zero, moved);
    r = b_.CreateSelect(b_.CreateFCmpOEQ(xd, yd), yb, r);
    r = b_.CreateSelect(b_.CreateFCmpUNO(yd, yd), yb, r);
    r = b_.CreateSelect(b_.CreateFCmpUNO(xd, xd), xb, r);
    return native_float(e0) ? b_.CreateBitCast(r, v[0]->getType()) : r;
  }
  if (name.rfind("tir.", 0) == 0) {
    std::string fn = name.substr(4);
    if (fn == "call_extern" || fn == "call_pure_extern")
      throw UnsupportedError(
          name + ": extern calls have no semantics in the catalog (unspec.builtin_unlisted)",
          op->loc);
    return math(op, fn, std::move(v));
  }
  throw UnsupportedError("builtin " + name, op->loc);
}

llvm::Value *FunctionLowering::math(const ir::CallNode *op, const std::string &fn,
                                    std::vector<llvm::Value *> v) {
  static const char *const kUnary[] = {
      "exp",  "exp2",  "exp10", "log",   "log2",  "log10",     "log1p", "sqrt",    "rsqrt",
      "fabs", "floor", "ceil",  "round", "trunc", "nearbyint", "tanh",  "sigmoid", "erf",
      "sin",  "cos",   "tan",   "asin",  "acos",  "atan",      "sinh",  "cosh"};
  static const char *const kBinary[] = {"pow", "fmod", "copysign", "hypot", "atan2"};
  int arity = 0;
  for (const char *u : kUnary)
    if (fn == u)
      arity = 1;
  for (const char *u : kBinary)
    if (fn == u)
      arity = 2;
  if (arity == 0)
    throw UnsupportedError("builtin tir." + fn, op->loc);
  if (v.size() != static_cast<size_t>(arity))
    throw LoweringError("tir." + fn + " takes " + std::to_string(arity) + " arguments");
  const DataType t = op->args[0]->dtype;
  const DataType e = t.element_of();
  if (!e.is_floating())
    throw LoweringError("tir." + fn + " of " + ir::to_string(t) + " (builtin.math.typing)");
  const bool native = native_float(e);

  // Exact in the format: LLVM intrinsics on float32/float64, on double for 16-bit formats.
  auto intrinsic = [&](llvm::Intrinsic::ID id) -> llvm::Value * {
    if (native)
      return b_.CreateUnaryIntrinsic(id, v[0]);
    return num_.from_f64(e, b_.CreateUnaryIntrinsic(id, num_.to_f64(e, v[0])));
  };
  if (fn == "sqrt")
    return intrinsic(llvm::Intrinsic::sqrt);
  if (fn == "fabs")
    return intrinsic(llvm::Intrinsic::fabs);
  if (fn == "floor")
    return intrinsic(llvm::Intrinsic::floor);
  if (fn == "ceil")
    return intrinsic(llvm::Intrinsic::ceil);
  if (fn == "round")
    return intrinsic(llvm::Intrinsic::round); // halfway away from zero
  if (fn == "trunc")
    return intrinsic(llvm::Intrinsic::trunc);
  if (fn == "nearbyint")
    return intrinsic(llvm::Intrinsic::nearbyint); // halfway to even
  if (fn == "copysign") {
    if (native)
      return b_.CreateBinaryIntrinsic(llvm::Intrinsic::copysign, v[0], v[1]);
    llvm::Type *it = v[0]->getType();
    return b_.CreateOr(b_.CreateAnd(v[0], num_.int_const(it, 0x7fff)),
                       b_.CreateAnd(v[1], num_.int_const(it, 0x8000)));
  }
  if (fn == "fmod") {
    // frem is C's fmod, exact.
    if (native)
      return b_.CreateFRem(v[0], v[1]);
    return num_.from_f64(e, b_.CreateFRem(num_.to_f64(e, v[0]), num_.to_f64(e, v[1])));
  }
  // In double, rounded once.
  std::vector<llvm::Value *> d;
  for (llvm::Value *x : v)
    d.push_back(num_.to_f64(e, x));
  llvm::Type *dt = d[0]->getType();
  llvm::Value *one = num_.fp_const(dt, 1.0);
  if (fn == "rsqrt")
    return num_.from_f64(e,
                         b_.CreateFDiv(one, b_.CreateUnaryIntrinsic(llvm::Intrinsic::sqrt, d[0])));
  // Library calls, one lane at a time.
  auto lanes = [&](auto &&f) -> llvm::Value * {
    if (!dt->isVectorTy())
      return f(d[0], arity > 1 ? d[1] : nullptr);
    const int n = static_cast<int>(llvm::cast<llvm::FixedVectorType>(dt)->getNumElements());
    llvm::Value *r = llvm::UndefValue::get(dt);
    for (int i = 0; i < n; ++i) {
      llvm::Value *y = f(lane(d[0], i), arity > 1 ? lane(d[1], i) : nullptr);
      r = b_.CreateInsertElement(r, y, b_.getInt64(static_cast<uint64_t>(i)));
    }
    return r;
  };
  llvm::Value *r;
  if (fn == "sigmoid") {
    // 1 / (1 + e^-x), TVM's formula.
    r = lanes([&](llvm::Value *x, llvm::Value *) {
      llvm::Value *ex = b_.CreateCall(ml_.host_math("exp", 1), {b_.CreateFNeg(x)});
      return b_.CreateFDiv(num_.fp_const(x->getType(), 1.0),
                           b_.CreateFAdd(num_.fp_const(x->getType(), 1.0), ex));
    });
  } else if (fn == "exp10") {
    // 10^x as pow(10, x), as TVM lowers it.
    r = lanes([&](llvm::Value *x, llvm::Value *) {
      return b_.CreateCall(ml_.host_math("pow", 2), {num_.fp_const(x->getType(), 10.0), x});
    });
  } else {
    r = lanes([&](llvm::Value *x, llvm::Value *y) -> llvm::Value * {
      if (y)
        return b_.CreateCall(ml_.host_math(fn, 2), {x, y});
      return b_.CreateCall(ml_.host_math(fn, 1), {x});
    });
  }
  return num_.from_f64(e, r);
}

} // namespace tirconf::backends::llvm_jit
