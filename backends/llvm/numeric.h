// TIR's lane arithmetic as LLVM IR, written from the spec's "Evaluating PrimExprs" rules (13
// Binary ops, 16 Comparisons, 5 Cast) and spec/rules/semantics_expr.yaml, independently of the
// oracle's numeric code. Every function accepts a scalar or a vector (it works lane by lane on
// whatever shape its operand has) and emits no control flow, so vector lanes stay vectors.
//
// Representation of a TIR lane in LLVM (llvm_type()):
//   Int/UInt N -> iN (Bool -> i1); float32 -> float; float64 -> double;
//   float16, bfloat16 -> i16 holding the bit pattern. LLVM's `half` and `bfloat` are not used:
//   their conversions become calls to compiler runtime routines whose presence and rounding we
//   would not control; the conversions below are ours and exact.
//
// Readings (from the catalog): floats are IEEE 754 with round-to-nearest-even per operation, no
// contraction, subnormals kept (sem.expr.float_ieee); float16/bfloat16 operations are computed
// in double and rounded once, which is correctly rounded for + - * / sqrt because double has at
// least 2p + 2 significand bits for both formats (p = 11 and 8), so the double result rounds to
// the same 16-bit value as the exact one.
#pragma once

#include <llvm/IR/IRBuilder.h>

#include <functional>

#include "ir/dtype.h"
#include "ir/node.h"

namespace tirconf::backends::llvm_jit {

// The LLVM type of a value of `t` (a vector type for lanes > 1), and of its storage in memory
// (Bool takes one byte per lane there, as in DLPack/TVM).
llvm::Type *llvm_type(llvm::LLVMContext &c, ir::DataType t);
llvm::Type *memory_type(llvm::LLVMContext &c, ir::DataType t);

class NumericEmitter {
public:
  explicit NumericEmitter(llvm::IRBuilder<> &b) : b_(b) {}

  // A constant of `like`'s type (splat for vectors), from raw bits / a double.
  llvm::Constant *int_const(llvm::Type *like, uint64_t bits);
  llvm::Constant *fp_const(llvm::Type *like, double d);
  // `t` with `like`'s lane count (scalar if like is scalar).
  llvm::Type *same_shape(llvm::Type *like, llvm::Type *elem);

  // The exact double value of Float/BFloat lanes of element type `e`.
  llvm::Value *to_f64(ir::DataType e, llvm::Value *v);
  // Double lanes rounded once, to nearest-even, into element type `e` (float16 / bfloat16 by
  // round_small; float32 by fptrunc, which is IEEE's correctly rounded conversion).
  llvm::Value *from_f64(ir::DataType e, llvm::Value *d);

  // A 16-bit binary format with `mant` fraction bits and `exp` exponent bits (float16: 10, 5;
  // bfloat16: 7, 8): decode to double (exact), and round a double to it (ties to even,
  // subnormals kept, overflow to infinity, NaN stays a quiet NaN with its top payload bits).
  llvm::Value *small_to_f64(llvm::Value *bits, int mant, int exp);
  llvm::Value *round_small(llvm::Value *d, int mant, int exp);

  // [sem.expr.add] .. [sem.expr.floormod], [sem.expr.min], [sem.expr.max] on Float/BFloat lanes.
  llvm::Value *float_binary(ir::ExprKind k, ir::DataType e, llvm::Value *a, llvm::Value *b);
  // [sem.expr.cmp] [sem.expr.cmp.float]: Bool lanes.
  llvm::Value *compare(ir::ExprKind k, ir::DataType e, llvm::Value *a, llvm::Value *b);
  // [sem.expr.min] [sem.expr.max] on Int/UInt lanes.
  llvm::Value *int_minmax(ir::ExprKind k, ir::DataType e, llvm::Value *a, llvm::Value *b);

  // [sem.expr.cast] and its refinements: lanes of `from` converted to `to` (same lane count).
  llvm::Value *cast(ir::DataType from, ir::DataType to, llvm::Value *v);

  // Integer lanes (element type `e`) as i64 lanes: sign-extended for Int, zero-extended for
  // UInt and Bool; how indices and extents become the 64-bit index type.
  llvm::Value *to_i64(ir::DataType e, llvm::Value *v);

private:
  llvm::Value *int_to_float(ir::DataType from, ir::DataType to, llvm::Value *v);
  llvm::Value *float_to_int(ir::DataType from, ir::DataType to, llvm::Value *v);
  // Int lanes of 64 bits to double rounded to odd: exact below 2^53, else the 53 leading bits
  // with the last one set when any dropped bit was, so that a second rounding to a format of at
  // most 51 significand bits gives the correctly rounded result (no double-rounding error).
  llvm::Value *i64_to_f64_round_odd(bool is_signed, llvm::Value *v);

  // `emit(x)` as a call of a function of the module named `name` (and the lane count) that
  // computes it, created on first use and shared by every program of the module; inline when x
  // is a constant (the builder folds it to a constant). For the float16/bfloat16 conversions,
  // dozens of instructions each: inline at every operation they were most of the code of
  // programs using those types. noinline keeps them shared through the -O2 pipeline.
  llvm::Value *shared(const char *name, llvm::Value *x, llvm::Type *result,
                      const std::function<llvm::Value *(llvm::Value *)> &emit);

  llvm::IRBuilder<> &b_;
};

} // namespace tirconf::backends::llvm_jit
