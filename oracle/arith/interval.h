// Constant-interval bounds (TVM's ConstIntBound): for an integer expression, an interval of
// mathematical integers containing every value it can take when its evaluation ends normally,
// sound for TIR's wrapping semantics (a sum whose exact interval leaves the dtype's range may
// wrap anywhere, so it gets the whole range: [sem.expr.int_wrap]). The simplifier decides side
// conditions and whether a sub-expression can fault with these bounds.
//
// Also the evaluation of side conditions (the catalog's `if:` fields, read over the
// mathematical integers) on such intervals: a condition holds only if it is true for every value
// in the intervals and defined (no division by zero) for all of them.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "ir/expr.h"
#include "oracle/arith/pattern.h"

namespace tirconf::oracle::arith {

using Int128 = __int128;

struct Interval {
  Int128 lo = 0, hi = 0; // inclusive; lo <= hi

  static Interval point(Int128 v) { return {v, v}; }
  static Interval of(ir::DataType t); // every value of an Int/UInt dtype (bool: [0, 1])
  bool is_point() const { return lo == hi; }
  bool contains(Int128 v) const { return lo <= v && v <= hi; }
  bool within(const Interval &o) const { return o.lo <= lo && hi <= o.hi; }
};

Interval hull(const Interval &a, const Interval &b);

// Exact interval arithmetic over the integers; nullopt when a bound leaves the 2^100 range that
// this code keeps to (callers then know nothing).
std::optional<Interval> add(const Interval &a, const Interval &b);
std::optional<Interval> sub(const Interval &a, const Interval &b);
std::optional<Interval> mul(const Interval &a, const Interval &b);
// Division and remainder by a divisor interval that excludes zero; floor or truncating.
Interval divide(const Interval &a, const Interval &b, bool floor);
Interval remainder(const Interval &a, const Interval &b, bool floor);

// Bounds of integer scalar expressions (Int or UInt), with caller-supplied bounds for some Vars
// (loop variables, ...); other Vars range over their whole dtype.
class Bounds {
public:
  void set_var(const ir::VarNode *v, Interval i) { vars_[v] = i; }
  Interval of(const ir::PrimExpr &e);
  // True if evaluating e can end in an error (division by zero) or unspecified behaviour
  // (INT_MIN / -1), as far as the bounds can tell.
  bool may_fault(const ir::PrimExpr &e);

private:
  std::map<const ir::VarNode *, Interval> vars_;
  // Keyed by node; the PrimExpr keeps the node alive so that its address is not reused.
  std::map<const ir::ExprNode *, std::pair<ir::PrimExpr, Interval>> memo_;
};

// The value of a side condition on bindings: each name to an interval (a point for constants).
// `dtype` is the rule's dtype, for fits(e); nullopt for the unbounded integers (fits is true).
enum class Truth { False, True, Unknown };
Truth eval_condition(const Pat &cond, const std::map<std::string, Interval> &env,
                     std::optional<ir::DataType> dtype);

} // namespace tirconf::oracle::arith
