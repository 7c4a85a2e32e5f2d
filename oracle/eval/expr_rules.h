// What the plain expression nodes (eval_expr.cc, which defines it) share with the fast paths
// (fast_expr.cc): the rule each operator and cast counts, and how a Var read or a Cast fails, so
// both say the same thing.
#pragma once

#include "ir/expr.h"
#include "oracle/eval/plan.h"
#include "oracle/numeric/lane.h"
#include "runtime/value.h"

namespace tirconf::oracle::eval {

// The rule of a Binary operator or comparison: sem.expr.add ... sem.expr.gt.
const char *binary_rule(ir::ExprKind k);
// EQ .. GT.
bool is_compare(ir::ExprKind k);
// The rule an arithmetic operator on element type e rounds or wraps by: sem.expr.float_ieee for
// floats, sem.expr.int_wrap for integer Add/Sub/Mul, null (none) otherwise.
const char *arith_rule(ir::ExprKind k, ir::DataType e);
// The refinement of sem.expr.cast that converts `from` to `to` (sem.expr.cast.int_to_int ...).
const char *cast_rule(ir::DataType from, ir::DataType to, bool handle);

// Reading a Var that is not bound here: unspecified for a match_buffer's layout Var, otherwise
// what the checker promised cannot happen.
[[noreturn]] void var_fault(Frame &f, const ir::VarNode *op, int slot);
// A cast lane with no value: r says why (unspec.float_to_int_range, unspec.cast_to_handle).
[[noreturn]] void cast_fault(Frame &f, const ir::ExprNode *src, const numeric::LaneResult &r,
                             const runtime::Value &v, int lane);

} // namespace tirconf::oracle::eval
