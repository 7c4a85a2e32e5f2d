// TVM's arithmetic on constants (src/tir/op/op.cc, src/arith/const_fold.h), as the printer
// needs it for the ends of ranges and slices. The printer prints `min + extent` for ranges and
// slices; TVM builds those with its folding `+`, and the parser builds `a + b` the same way, so
// `x + 0` and `2 + 3` never come back as Add.
#include <limits>

#include "ir/tvmscript/linear.h"
#include "ir/tvmscript/printer_internal.h"

namespace tirconf::ir::printer {

namespace {

int64_t wrap_to(DataType t, int64_t x) { // GetFoldResultInt64Repr
  if (t.bits < 64)
    x &= (int64_t(1) << t.bits) - 1;
  if (t.is_int()) {
    int64_t m = int64_t(1) << (t.bits - 1);
    x = (x ^ m) - m;
  }
  return x;
}

PrimExpr tvm_cast(DataType t, const PrimExpr &v) {
  if (v->dtype == t)
    return v;
  if (t.lanes == 1) {
    if (auto *i = as<IntImmNode>(v)) {
      if (t.is_floating())
        return std::make_shared<FloatImmNode>(t, double(i->value));
      return make_int(t, i->value);
    }
    if (auto *f = as<FloatImmNode>(v)) {
      if (t.is_floating())
        return std::make_shared<FloatImmNode>(t, f->value);
      return make_int(t, int64_t(f->value));
    }
  }
  return std::make_shared<CastNode>(t, v);
}

// BinaryOpMatchTypes for scalars of different types.
void match_types(PrimExpr &a, PrimExpr &b) {
  DataType ta = a->dtype, tb = b->dtype;
  if (ta == tb || ta.lanes != tb.lanes)
    return;
  if (ta.is_float() && tb.is_float()) {
    if (ta.bits < tb.bits)
      a = tvm_cast(tb, a);
    else
      b = tvm_cast(ta, b);
  } else if (!ta.is_float() && tb.is_float()) {
    a = tvm_cast(tb, a);
  } else if (ta.is_float() && !tb.is_float()) {
    b = tvm_cast(ta, b);
  } else if (!ta.is_bfloat() && tb.is_bfloat()) {
    a = tvm_cast(tb, a);
  } else if (ta.is_bfloat() && !tb.is_bfloat()) {
    b = tvm_cast(ta, b);
  } else if ((ta.is_int() && tb.is_int()) || (ta.is_uint() && tb.is_uint())) {
    if (ta.bits < tb.bits)
      a = tvm_cast(tb, a);
    else
      b = tvm_cast(ta, b);
  } else if (ta.bits < tb.bits) {
    a = tvm_cast(tb, a);
  } else if (ta.bits > tb.bits) {
    b = tvm_cast(ta, b);
  } else if (ta.is_uint()) {
    b = tvm_cast(ta, b);
  } else {
    a = tvm_cast(tb, a);
  }
}

} // namespace

PrimExpr tvm_add(PrimExpr a, PrimExpr b) {
  match_types(a, b);
  auto *pa = as<IntImmNode>(a), *pb = as<IntImmNode>(b);
  auto *fa = as<FloatImmNode>(a), *fb = as<FloatImmNode>(b);
  DataType t = a->dtype;
  if (pa && pb)
    return make_int(t, wrap_to(t, pa->value + pb->value));
  if (pa && pa->value == 0)
    return b;
  if (pb && pb->value == 0)
    return a;
  if (fa && fb && t.bits == 32)
    return std::make_shared<FloatImmNode>(t, double(float(fa->value) + float(fb->value)));
  if (fa && fb && t.bits == 64)
    return std::make_shared<FloatImmNode>(t, fa->value + fb->value);
  if (fa && fa->value == 0)
    return b;
  if (fb && fb->value == 0)
    return a;
  return make_binary(ExprKind::Add, a, b);
}

PrimExpr tvm_mul(PrimExpr a, PrimExpr b) {
  match_types(a, b);
  auto *pa = as<IntImmNode>(a), *pb = as<IntImmNode>(b);
  DataType t = a->dtype;
  if (pa && pb)
    return make_int(t, wrap_to(t, pa->value * pb->value));
  if (pa && (pa->value == 1 || pa->value == 0))
    return pa->value == 1 ? b : a;
  if (pb && (pb->value == 1 || pb->value == 0))
    return pb->value == 1 ? a : b;
  return make_binary(ExprKind::Mul, a, b);
}

namespace {

// What the reader builds for `stop - start` in `range(start, stop)`, `A[start:stop]` and
// `T.axis.spatial((start, stop), v)` when stop and start print as these expressions
// (Builder::difference): two bare int literals subtract as Python ints; integer scalars of
// different widths meet at the wider one (a constant re-typed, anything else Cast), as TVM's
// `stop - start` does; a constant difference folds; `- 0` disappears.
PrimExpr reader_difference(PrimExpr stop, PrimExpr start) {
  auto literal = [](const PrimExpr &e) -> const IntImmNode * { // printed as a bare int
    auto *i = as<IntImmNode>(e);
    return i && e->dtype == DataType::Int(32) && i->value >= std::numeric_limits<int32_t>::min() &&
                   i->value <= std::numeric_limits<int32_t>::max()
               ? i
               : nullptr;
  };
  if (auto *a = literal(stop), *b = literal(start); a && b) {
    int64_t r = a->value - b->value; // both within int32
    bool fits =
        r >= std::numeric_limits<int32_t>::min() && r <= std::numeric_limits<int32_t>::max();
    return make_int(fits ? DataType::Int(32) : DataType::Int(64), r);
  }
  DataType ts = stop->dtype, tb = start->dtype;
  if (ts.is_integer() && tb.is_integer() && ts.is_scalar() && tb.is_scalar() &&
      ts.bits != tb.bits) {
    auto widen = [](PrimExpr &narrow, DataType wide) {
      if (auto *i = as<IntImmNode>(narrow))
        narrow = make_int(wide, i->value);
      else
        narrow = std::make_shared<CastNode>(wide, narrow);
    };
    if (ts.bits < tb.bits)
      widen(stop, tb);
    else
      widen(start, ts);
  }
  if (auto d = script::constant_difference(stop, start))
    return make_int(stop->dtype, *d);
  if (is_zero(start))
    return stop;
  return make_binary(ExprKind::Sub, stop, start);
}

} // namespace

// The end of a range [min, min + extent), as the printer shows it (`range(a, b)`, `A[a:b]`,
// `T.axis.spatial((a, b), v)`). TVM prints min + extent; the parser takes b - a back, which it
// simplifies and this project's reader only folds when constant. Deviation: an extent that is
// the reader's `b - min` prints as b (with TVM, the same Sub, or its simplification), where b
// may be the operand as written before the reader widened it (`range(m, n)` with an int32 m
// and an int64 n has the extent n - T.Cast("int64", m)). The end printed is one from which the
// reader rebuilds this very extent when there is one; TVM's min + extent otherwise.
PrimExpr range_end(const PrimExpr &min, const PrimExpr &extent) {
  if (!extent)
    return min;
  std::vector<PrimExpr> candidates;
  if (auto *sub = as<SubNode>(extent)) {
    if (auto *c = as<CastNode>(sub->a))
      candidates.push_back(c->value);
    candidates.push_back(sub->a);
  }
  PrimExpr sum = tvm_add(min, extent);
  candidates.push_back(sum);
  for (const PrimExpr &end : candidates)
    if (end && deep_equal(reader_difference(end, min), extent))
      return end;
  return sum;
}

// Whether a range from zero may print as its extent alone (`range(n)`, `T.grid(n)`,
// `T.axis.spatial(n, v)`): the reader then makes the start a zero of the extent's dtype.
// Deviation: TVM prints any zero start that way; an int32 zero below a uint32 extent (what
// `range(0, u)` builds) is written out here, `range(0, u)`, and ends a T.grid.
bool zero_min_implied(const PrimExpr &min, const PrimExpr &extent) {
  return is_zero(min) && extent && min->dtype == extent->dtype;
}

} // namespace tirconf::ir::printer
