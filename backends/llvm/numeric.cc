#include "backends/llvm/numeric.h"

#include <llvm/IR/Intrinsics.h>

#include <stdexcept>

namespace tirconf::backends::llvm_jit {

using ir::DataType;
using ir::ExprKind;

llvm::Type *llvm_type(llvm::LLVMContext &c, DataType t) {
  llvm::Type *e = nullptr;
  switch (t.code) {
  case ir::TypeCode::Int:
  case ir::TypeCode::UInt:
    e = llvm::Type::getIntNTy(c, t.bits);
    break;
  case ir::TypeCode::Float:
    e = t.bits == 16   ? llvm::Type::getInt16Ty(c)
        : t.bits == 32 ? llvm::Type::getFloatTy(c)
                       : llvm::Type::getDoubleTy(c);
    break;
  case ir::TypeCode::BFloat:
    e = llvm::Type::getInt16Ty(c);
    break;
  case ir::TypeCode::Handle:
    return llvm::Type::getInt8PtrTy(c);
  }
  return t.lanes > 1 ? static_cast<llvm::Type *>(llvm::FixedVectorType::get(e, t.lanes)) : e;
}

llvm::Type *memory_type(llvm::LLVMContext &c, DataType t) {
  if (t.is_bool()) {
    llvm::Type *byte = llvm::Type::getInt8Ty(c);
    return t.lanes > 1 ? static_cast<llvm::Type *>(llvm::FixedVectorType::get(byte, t.lanes))
                       : byte;
  }
  return llvm_type(c, t);
}

llvm::Type *NumericEmitter::same_shape(llvm::Type *like, llvm::Type *elem) {
  if (auto *v = llvm::dyn_cast<llvm::FixedVectorType>(like))
    return llvm::FixedVectorType::get(elem, v->getNumElements());
  return elem;
}

llvm::Constant *NumericEmitter::int_const(llvm::Type *like, uint64_t bits) {
  return llvm::ConstantInt::get(like, bits);
}

llvm::Constant *NumericEmitter::fp_const(llvm::Type *like, double d) {
  return llvm::ConstantFP::get(like, d);
}

// ---------------------------------------------------------------- 16-bit formats

llvm::Value *NumericEmitter::small_to_f64(llvm::Value *bits, int mant, int exp) {
  llvm::Type *i64 = same_shape(bits->getType(), b_.getInt64Ty());
  llvm::Type *f64 = same_shape(bits->getType(), b_.getDoubleTy());
  const uint64_t emax = (uint64_t{1} << exp) - 1;
  const int64_t bias = (int64_t{1} << (exp - 1)) - 1;
  auto K = [&](uint64_t x) { return int_const(i64, x); };
  llvm::Value *w = b_.CreateZExt(bits, i64);
  llvm::Value *sign = b_.CreateShl(b_.CreateLShr(w, K(15)), K(63));
  llvm::Value *ex = b_.CreateAnd(b_.CreateLShr(w, K(static_cast<uint64_t>(mant))), K(emax));
  llvm::Value *fr = b_.CreateAnd(w, K((uint64_t{1} << mant) - 1));
  llvm::Value *fr_hi = b_.CreateShl(fr, K(static_cast<uint64_t>(52 - mant)));
  // Normal: rebias the exponent; the fraction moves to the top of double's.
  llvm::Value *normal = b_.CreateOr(
      sign,
      b_.CreateOr(b_.CreateShl(b_.CreateAdd(ex, K(static_cast<uint64_t>(1023 - bias))), K(52)),
                  fr_hi));
  // Infinity and NaN keep the fraction (NaN payload) in the top bits.
  llvm::Value *special = b_.CreateOr(sign, b_.CreateOr(K(uint64_t{0x7ff} << 52), fr_hi));
  // Subnormal (and zero): fraction * 2^(1 - bias - mant), exact in double.
  llvm::Value *scaled = b_.CreateFMul(
      b_.CreateUIToFP(fr, f64), fp_const(f64, std::ldexp(1.0, static_cast<int>(1 - bias - mant))));
  llvm::Value *sub = b_.CreateOr(b_.CreateBitCast(scaled, i64), sign);
  llvm::Value *r = b_.CreateSelect(b_.CreateICmpEQ(ex, K(0)), sub,
                                   b_.CreateSelect(b_.CreateICmpEQ(ex, K(emax)), special, normal));
  return b_.CreateBitCast(r, f64);
}

llvm::Value *NumericEmitter::round_small(llvm::Value *d, int mant, int exp) {
  llvm::Type *i64 = same_shape(d->getType(), b_.getInt64Ty());
  llvm::Type *i16 = same_shape(d->getType(), b_.getInt16Ty());
  const uint64_t emax = (uint64_t{1} << exp) - 1;
  const int64_t bias = (int64_t{1} << (exp - 1)) - 1;
  const int drop = 52 - mant; // fraction bits of a normal double that do not fit
  auto K = [&](uint64_t x) { return int_const(i64, x); };
  // Rounds r (the kept bits) up when the dropped bits `rem` are above half of one unit of r, or
  // exactly half and r is odd (ties to even). A carry out of the fraction correctly moves to the
  // next binade, and from the largest finite value to infinity.
  auto round_up = [&](llvm::Value *r, llvm::Value *rem, llvm::Value *half) {
    llvm::Value *above = b_.CreateICmpUGT(rem, half);
    llvm::Value *tie =
        b_.CreateAnd(b_.CreateICmpEQ(rem, half), b_.CreateICmpNE(b_.CreateAnd(r, K(1)), K(0)));
    return b_.CreateAdd(r, b_.CreateZExt(b_.CreateOr(above, tie), i64));
  };
  llvm::Value *w = b_.CreateBitCast(d, i64);
  llvm::Value *sign = b_.CreateShl(b_.CreateLShr(w, K(63)), K(15));
  llvm::Value *ex = b_.CreateAnd(b_.CreateLShr(w, K(52)), K(0x7ff));
  llvm::Value *fr = b_.CreateAnd(w, K((uint64_t{1} << 52) - 1));
  // NaN: quiet, top payload bits kept; infinity: fraction 0.
  llvm::Value *nan =
      b_.CreateOr(K(uint64_t{1} << (mant - 1)), b_.CreateLShr(fr, K(static_cast<uint64_t>(drop))));
  llvm::Value *special =
      b_.CreateOr(K(emax << mant), b_.CreateSelect(b_.CreateICmpNE(fr, K(0)), nan, K(0)));
  // The target exponent field if the value is normal there (may be <= 0 or >= emax).
  llvm::Value *e = b_.CreateAdd(ex, K(static_cast<uint64_t>(bias - 1023)));
  // Normal in the target.
  llvm::Value *r_n = b_.CreateOr(b_.CreateShl(e, K(static_cast<uint64_t>(mant))),
                                 b_.CreateLShr(fr, K(static_cast<uint64_t>(drop))));
  llvm::Value *normal =
      round_up(r_n, b_.CreateAnd(fr, K((uint64_t{1} << drop) - 1)), K(uint64_t{1} << (drop - 1)));
  // Subnormal in the target (e <= 0): the full significand shifted right by drop + 1 - e. At a
  // shift of 54 or more the value is below half the smallest subnormal and rounds to zero, so the
  // shift is clamped to 63 (LLVM shifts by the width or more are poison). Zeros and double
  // subnormals land here with huge shifts and give zero.
  llvm::Value *full = b_.CreateOr(fr, K(uint64_t{1} << 52));
  llvm::Value *sh = b_.CreateSub(K(static_cast<uint64_t>(drop + 1)), e);
  llvm::Value *sh_c = b_.CreateSelect(b_.CreateICmpSGT(sh, K(63)), K(63), sh);
  llvm::Value *r_s = b_.CreateLShr(full, sh_c);
  llvm::Value *rem_s = b_.CreateAnd(full, b_.CreateSub(b_.CreateShl(K(1), sh_c), K(1)));
  llvm::Value *subnormal = round_up(r_s, rem_s, b_.CreateShl(K(1), b_.CreateSub(sh_c, K(1))));
  llvm::Value *finite =
      b_.CreateSelect(b_.CreateICmpSGE(e, K(emax)), K(emax << mant),
                      b_.CreateSelect(b_.CreateICmpSGT(e, K(0)), normal, subnormal));
  llvm::Value *r = b_.CreateSelect(b_.CreateICmpEQ(ex, K(0x7ff)), special, finite);
  return b_.CreateTrunc(b_.CreateOr(r, sign), i16);
}

llvm::Value *NumericEmitter::to_f64(DataType e, llvm::Value *v) {
  llvm::Type *f64 = same_shape(v->getType(), b_.getDoubleTy());
  if (e.is_bfloat()) {
    // A bfloat16 pattern is the top half of the float32 with the same value.
    llvm::Type *i32 = same_shape(v->getType(), b_.getInt32Ty());
    llvm::Type *f32 = same_shape(v->getType(), b_.getFloatTy());
    llvm::Value *wide = b_.CreateShl(b_.CreateZExt(v, i32), int_const(i32, 16));
    return b_.CreateFPExt(b_.CreateBitCast(wide, f32), f64);
  }
  switch (e.bits) {
  case 16:
    return shared("f16_to_f64", v, f64, [&](llvm::Value *x) { return small_to_f64(x, 10, 5); });
  case 32:
    return b_.CreateFPExt(v, f64);
  default:
    return v;
  }
}

llvm::Value *NumericEmitter::shared(const char *name, llvm::Value *x, llvm::Type *result,
                                    const std::function<llvm::Value *(llvm::Value *)> &emit) {
  if (llvm::isa<llvm::Constant>(x))
    return emit(x);
  llvm::Module *m = b_.GetInsertBlock()->getModule();
  std::string full = std::string("tirconf.") + name;
  if (auto *vt = llvm::dyn_cast<llvm::FixedVectorType>(x->getType()))
    full += ".v" + std::to_string(vt->getNumElements());
  llvm::Function *f = m->getFunction(full);
  if (!f) {
    auto *type = llvm::FunctionType::get(result, {x->getType()}, false);
    f = llvm::Function::Create(type, llvm::Function::InternalLinkage, full, m);
    f->addFnAttr(llvm::Attribute::NoInline);
    f->addFnAttr(llvm::Attribute::NoUnwind);
    f->addFnAttr(llvm::Attribute::ReadNone);
    f->addFnAttr(llvm::Attribute::WillReturn);
    llvm::IRBuilderBase::InsertPointGuard keep(b_);
    b_.SetInsertPoint(llvm::BasicBlock::Create(m->getContext(), "entry", f));
    b_.CreateRet(emit(f->getArg(0)));
  }
  return b_.CreateCall(f, {x});
}

llvm::Value *NumericEmitter::from_f64(DataType e, llvm::Value *d) {
  llvm::Type *i16 = same_shape(d->getType(), b_.getInt16Ty());
  if (e.is_bfloat())
    return shared("f64_to_bf16", d, i16, [&](llvm::Value *x) { return round_small(x, 7, 8); });
  switch (e.bits) {
  case 16:
    return shared("f64_to_f16", d, i16, [&](llvm::Value *x) { return round_small(x, 10, 5); });
  case 32:
    return b_.CreateFPTrunc(d, same_shape(d->getType(), b_.getFloatTy()));
  default:
    return d;
  }
}

// ---------------------------------------------------------------- arithmetic

llvm::Value *NumericEmitter::float_binary(ExprKind k, DataType e, llvm::Value *a, llvm::Value *b) {
  const bool native = e.is_float() && (e.bits == 32 || e.bits == 64);
  // One operation of the format: native for float32/float64, else in double rounded once.
  auto op = [&](ExprKind kind, llvm::Value *x, llvm::Value *y) -> llvm::Value * {
    auto apply = [&](llvm::Value *p, llvm::Value *q) -> llvm::Value * {
      switch (kind) {
      case ExprKind::Add:
        return b_.CreateFAdd(p, q);
      case ExprKind::Sub:
        return b_.CreateFSub(p, q);
      case ExprKind::Mul:
        return b_.CreateFMul(p, q);
      case ExprKind::Div:
        return b_.CreateFDiv(p, q);
      default:
        throw std::logic_error("float_binary: not an IEEE operation");
      }
    };
    if (native)
      return apply(x, y);
    return from_f64(e, apply(to_f64(e, x), to_f64(e, y)));
  };
  // floor is exact in every format: the floor of a representable value is representable.
  auto floor = [&](llvm::Value *x) -> llvm::Value * {
    if (native)
      return b_.CreateUnaryIntrinsic(llvm::Intrinsic::floor, x);
    return from_f64(e, b_.CreateUnaryIntrinsic(llvm::Intrinsic::floor, to_f64(e, x)));
  };
  switch (k) {
  case ExprKind::Add:
  case ExprKind::Sub:
  case ExprKind::Mul:
  case ExprKind::Div:
    return op(k, a, b);
  // [sem.expr.floordiv] floor of the rounded quotient.
  case ExprKind::FloorDiv:
    return floor(op(ExprKind::Div, a, b));
  // [sem.expr.floormod] x - floor(x / y) * y, each operation rounded in the format.
  case ExprKind::FloorMod:
    return op(ExprKind::Sub, a, op(ExprKind::Mul, floor(op(ExprKind::Div, a, b)), b));
  // [sem.expr.min] [sem.expr.max]: NaN operands and +0.0 vs -0.0 are unspecified
  // (unspec.float_minmax_nan), so any choice there conforms; this picks b.
  case ExprKind::Min:
  case ExprKind::Max: {
    llvm::Value *lt =
        k == ExprKind::Min ? compare(ExprKind::LT, e, a, b) : compare(ExprKind::GT, e, a, b);
    return b_.CreateSelect(lt, a, b);
  }
  default:
    throw std::logic_error("float_binary: unexpected operator");
  }
}

llvm::Value *NumericEmitter::compare(ExprKind k, DataType e, llvm::Value *a, llvm::Value *b) {
  if (e.is_floating()) {
    // float16/bfloat16 compare as their exact double values.
    if (!(e.is_float() && (e.bits == 32 || e.bits == 64))) {
      a = to_f64(e, a);
      b = to_f64(e, b);
    }
    // Ordered predicates are false with a NaN; NE is the unordered-or-not-equal one.
    switch (k) {
    case ExprKind::EQ:
      return b_.CreateFCmpOEQ(a, b);
    case ExprKind::NE:
      return b_.CreateFCmpUNE(a, b);
    case ExprKind::LT:
      return b_.CreateFCmpOLT(a, b);
    case ExprKind::LE:
      return b_.CreateFCmpOLE(a, b);
    case ExprKind::GT:
      return b_.CreateFCmpOGT(a, b);
    case ExprKind::GE:
      return b_.CreateFCmpOGE(a, b);
    default:
      break;
    }
  } else {
    const bool s = e.is_int();
    switch (k) {
    case ExprKind::EQ:
      return b_.CreateICmpEQ(a, b);
    case ExprKind::NE:
      return b_.CreateICmpNE(a, b);
    case ExprKind::LT:
      return s ? b_.CreateICmpSLT(a, b) : b_.CreateICmpULT(a, b);
    case ExprKind::LE:
      return s ? b_.CreateICmpSLE(a, b) : b_.CreateICmpULE(a, b);
    case ExprKind::GT:
      return s ? b_.CreateICmpSGT(a, b) : b_.CreateICmpUGT(a, b);
    case ExprKind::GE:
      return s ? b_.CreateICmpSGE(a, b) : b_.CreateICmpUGE(a, b);
    default:
      break;
    }
  }
  throw std::logic_error("compare: not a comparison");
}

llvm::Value *NumericEmitter::int_minmax(ExprKind k, DataType e, llvm::Value *a, llvm::Value *b) {
  llvm::Value *pick_a =
      k == ExprKind::Min ? compare(ExprKind::LT, e, a, b) : compare(ExprKind::GT, e, a, b);
  return b_.CreateSelect(pick_a, a, b);
}

// ---------------------------------------------------------------- casts

llvm::Value *NumericEmitter::to_i64(DataType e, llvm::Value *v) {
  llvm::Type *i64 = same_shape(v->getType(), b_.getInt64Ty());
  if (e.bits == 64)
    return v;
  return e.is_int() ? b_.CreateSExt(v, i64) : b_.CreateZExt(v, i64);
}

llvm::Value *NumericEmitter::i64_to_f64_round_odd(bool is_signed, llvm::Value *v) {
  llvm::Type *i64 = v->getType();
  llvm::Type *f64 = same_shape(i64, b_.getDoubleTy());
  auto K = [&](uint64_t x) { return int_const(i64, x); };
  llvm::Value *neg = is_signed ? b_.CreateICmpSLT(v, K(0)) : nullptr;
  // |v| as an unsigned 64-bit number (INT64_MIN's magnitude 2^63 included).
  llvm::Value *mag = neg ? b_.CreateSelect(neg, b_.CreateNeg(v), v) : v;
  llvm::Value *lz = b_.CreateBinaryIntrinsic(llvm::Intrinsic::ctlz, mag, b_.getInt1(false));
  // Bits beyond the 53 leading ones (at least 1 when mag >= 2^53; clamped to 0..11).
  llvm::Value *shift = b_.CreateSub(K(11), lz);
  llvm::Value *big = b_.CreateICmpUGE(mag, K(uint64_t{1} << 53));
  shift = b_.CreateSelect(big, shift, K(0));
  llvm::Value *dropped = b_.CreateAnd(mag, b_.CreateSub(b_.CreateShl(K(1), shift), K(1)));
  llvm::Value *kept =
      b_.CreateOr(b_.CreateLShr(mag, shift), b_.CreateZExt(b_.CreateICmpNE(dropped, K(0)), i64));
  // kept < 2^53 converts exactly; the power of two 2^shift is built from its exponent field.
  llvm::Value *scale = b_.CreateBitCast(b_.CreateShl(b_.CreateAdd(shift, K(1023)), K(52)), f64);
  llvm::Value *r = b_.CreateFMul(b_.CreateUIToFP(kept, f64), scale);
  return neg ? b_.CreateSelect(neg, b_.CreateFNeg(r), r) : r;
}

llvm::Value *NumericEmitter::int_to_float(DataType from, DataType to, llvm::Value *v) {
  const bool s = from.is_int();
  if (to.is_float() && (to.bits == 32 || to.bits == 64)) {
    // LLVM's sitofp/uitofp are IEEE conversions: rounded once, to nearest-even.
    llvm::Type *t = llvm_type(b_.getContext(), to);
    return s ? b_.CreateSIToFP(v, t) : b_.CreateUIToFP(v, t);
  }
  // float16 / bfloat16 through double: exact for integers of up to 53 bits. A 64-bit integer
  // needs care only for bfloat16: for float16 every value above 2^53 overflows to infinity
  // however double rounds it, but bfloat16 reaches 3.4e38, where rounding to double first could
  // make a tie that the exact value is not (double rounding); rounding to odd first avoids it.
  llvm::Type *f64 = same_shape(v->getType(), b_.getDoubleTy());
  llvm::Value *d;
  if (from.bits == 64 && to.is_bfloat())
    d = i64_to_f64_round_odd(s, v);
  else
    d = s ? b_.CreateSIToFP(v, f64) : b_.CreateUIToFP(v, f64);
  return from_f64(to, d);
}

llvm::Value *NumericEmitter::float_to_int(DataType from, DataType to, llvm::Value *v) {
  // [sem.expr.cast.float_to_int] truncation toward zero. Values that do not fit, NaN and
  // infinities are unspecified (unspec.float_to_int_range); the saturating intrinsics give some
  // value there instead of LLVM's poison, so such a program cannot misbehave beyond its result.
  if (!(from.is_float() && (from.bits == 32 || from.bits == 64)))
    v = to_f64(from, v);
  llvm::Type *t = llvm_type(b_.getContext(), to.element_of());
  t = same_shape(v->getType(), t);
  const auto id = to.is_int() ? llvm::Intrinsic::fptosi_sat : llvm::Intrinsic::fptoui_sat;
  return b_.CreateIntrinsic(id, {t, v->getType()}, {v});
}

llvm::Value *NumericEmitter::cast(DataType from, DataType to, llvm::Value *v) {
  if (from == to)
    return v;
  llvm::LLVMContext &c = b_.getContext();
  // [sem.expr.cast.handle] handle to handle keeps the pointer; an integer becomes a pointer
  // (0 the null pointer; anything else is unspecified, unspec.cast_to_handle).
  if (to.is_handle() || to.is_void()) {
    if (from.is_handle())
      return v;
    if (from.is_integer())
      return b_.CreateIntToPtr(to_i64(from, v), llvm_type(c, to));
    throw std::logic_error("cast to handle from " + ir::to_string(from));
  }
  if (from.is_handle() || from.is_void())
    throw std::logic_error("cast from a handle to " + ir::to_string(to));
  // [sem.expr.cast.to_bool] nonzero (NaN included) is 1; +0.0 and -0.0 are 0.
  if (to.is_bool()) {
    if (from.is_integer())
      return b_.CreateICmpNE(v, int_const(v->getType(), 0));
    if (from.is_float() && (from.bits == 32 || from.bits == 64))
      return b_.CreateFCmpUNE(v, fp_const(v->getType(), 0.0));
    // A 16-bit pattern is zero exactly when all bits but the sign are 0.
    return b_.CreateICmpNE(b_.CreateAnd(v, int_const(v->getType(), 0x7fff)),
                           int_const(v->getType(), 0));
  }
  llvm::Type *t = llvm_type(c, to);
  if (from.is_integer() && to.is_integer()) {
    // [sem.expr.cast.int_to_int] truncation keeps the low bits; extension follows the
    // source's signedness (Bool is unsigned).
    if (to.bits < from.bits)
      return b_.CreateTrunc(v, t);
    if (to.bits > from.bits)
      return from.is_int() ? b_.CreateSExt(v, t) : b_.CreateZExt(v, t);
    return v; // same width, other signedness: same bits
  }
  // [sem.expr.cast.to_float]
  if (from.is_integer())
    return int_to_float(from, to, v);
  if (to.is_integer())
    return float_to_int(from, to, v);
  // Float to float: widening is exact; narrowing rounds once from the exact value.
  if (from.is_float() && from.bits == 32 && to.is_float() && to.bits == 64)
    return b_.CreateFPExt(v, t);
  if (from.is_float() && from.bits == 64 && to.is_float() && to.bits == 32)
    return b_.CreateFPTrunc(v, t);
  return from_f64(to, to_f64(from, v));
}

} // namespace tirconf::backends::llvm_jit
