// How a TIR expression's evaluation can end, as two SMT conditions: `err` (a run-time error the
// spec defines: integer division by zero, sem.expr.div / sem.expr.mod / sem.expr.floordiv /
// sem.expr.floormod) and `unspec` (behaviour the spec leaves unspecified: INT_MIN / -1,
// unspec.int_min_div). They never both hold; `ok` is neither.
//
// Operands are evaluated left to right (sem.expr.binary, sem.expr.select), so the first operand
// that faults decides how the whole expression ends; And/Or skip their second operand when the
// first decides the result (sem.expr.and, sem.expr.or).
#pragma once

#include "prover/smt.h"

namespace tirconf::prover {

struct Status {
  smt::Expr err, unspec;

  static Status none(z3::context &c) { return {c.bool_val(false), c.bool_val(false)}; }
  smt::Expr ok() const { return !err && !unspec; }
  bool never_faults() const { return err.is_false() && unspec.is_false(); }
};

// `first` is evaluated, then (if it ended normally) `second`.
Status then(const Status &first, const Status &second);
// `s` ended normally when `guard` holds; only then is `second` evaluated (short-circuiting).
Status then_if(const Status &first, const smt::Expr &guard, const Status &second);
// The operands ended normally; the operation itself fails with `op_err` / `op_unspec`.
Status then_op(const Status &operands, const smt::Expr &op_err, const smt::Expr &op_unspec);

// Whether `target` refines `source` (Alive2's refinement for expressions): wherever the source
// is unspecified anything goes; a source error must stay an error; a source value must stay the
// same value. `equal` says the two values are equal.
smt::Expr refines(const Status &source, const Status &target, const smt::Expr &equal);

} // namespace tirconf::prover
