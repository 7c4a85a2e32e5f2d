// Add, Sub and Mul on one int32 / int64 / float32 / float64 lane with the kind and type fixed at
// compile time, for the fast paths that specialise them (fast_expr.cc's WrapScalar, fast_stmt.cc's
// reduction update). The arithmetic itself is oracle/numeric's.
#pragma once

#include <array>
#include <cstdint>

#include "ir/expr.h"
#include "oracle/numeric/float_ops.h"
#include "oracle/numeric/integer.h"

namespace tirconf::oracle::eval {

// [sem.expr.binary] [sem.expr.add] / [sem.expr.sub] / [sem.expr.mul], and
// [sem.expr.int_wrap] or [sem.expr.float_ieee]: what one run of such a node counts.
template <ir::ExprKind K, bool Float> constexpr std::array<const char *, 3> wrap_rules() {
  return {"sem.expr.binary",
          K == ir::ExprKind::Add   ? "sem.expr.add"
          : K == ir::ExprKind::Sub ? "sem.expr.sub"
                                   : "sem.expr.mul",
          Float ? "sem.expr.float_ieee" : "sem.expr.int_wrap"};
}

template <ir::ExprKind K, int Bits, bool Float>
[[gnu::always_inline]] inline uint64_t wrap_arith(uint64_t a, uint64_t b) {
  static_assert(K == ir::ExprKind::Add || K == ir::ExprKind::Sub || K == ir::ExprKind::Mul);
  if constexpr (Float) {
    if constexpr (K == ir::ExprKind::Add)
      return numeric::ieee_apply<Bits>(a, b, [](auto x, auto y) { return x + y; });
    if constexpr (K == ir::ExprKind::Sub)
      return numeric::ieee_apply<Bits>(a, b, [](auto x, auto y) { return x - y; });
    return numeric::ieee_apply<Bits>(a, b, [](auto x, auto y) { return x * y; });
  } else {
    constexpr ir::DataType e = ir::DataType::Int(Bits);
    if constexpr (K == ir::ExprKind::Add)
      return numeric::int_add(e, a, b);
    if constexpr (K == ir::ExprKind::Sub)
      return numeric::int_sub(e, a, b);
    return numeric::int_mul(e, a, b);
  }
}

} // namespace tirconf::oracle::eval
