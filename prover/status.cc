#include "prover/status.h"

namespace tirconf::prover {

namespace {

// a || (guard && b), folding the constant cases so fault-free terms stay small.
smt::Expr or_guarded(const smt::Expr &a, const smt::Expr &guard, const smt::Expr &b) {
  if (b.is_false() || guard.is_false())
    return a;
  smt::Expr gb = guard.is_true() ? b : guard && b;
  return a.is_false() ? gb : a || gb;
}

} // namespace

Status then(const Status &first, const Status &second) {
  if (first.never_faults())
    return second;
  if (second.never_faults())
    return first;
  smt::Expr ok = first.ok();
  return {or_guarded(first.err, ok, second.err), or_guarded(first.unspec, ok, second.unspec)};
}

Status then_if(const Status &first, const smt::Expr &guard, const Status &second) {
  if (second.never_faults())
    return first;
  smt::Expr go = first.never_faults() ? guard : first.ok() && guard;
  return {or_guarded(first.err, go, second.err), or_guarded(first.unspec, go, second.unspec)};
}

Status then_op(const Status &operands, const smt::Expr &op_err, const smt::Expr &op_unspec) {
  Status op{op_err, op_unspec};
  return then(operands, op);
}

smt::Expr refines(const Status &source, const Status &target, const smt::Expr &equal) {
  if (source.never_faults() && target.never_faults())
    return equal;
  return source.unspec || (source.err && target.err) || (source.ok() && target.ok() && equal);
}

} // namespace tirconf::prover
