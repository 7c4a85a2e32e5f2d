// Builtin calls ("Builtin Calls"; spec/rules/builtins.yaml): dispatch only. [builtin.args] every
// listed builtin evaluates all its arguments left to right before acting, except if_then_else
// (condition, then the chosen arm) and assume (nothing). Lane arithmetic is oracle/numeric's
// (bitwise, shifts) or math_builtins' (float math).
#include <bit>
#include <optional>

#include "ir/visitor.h"

#include "oracle/eval/eval_expr.h"
#include "oracle/eval/math_builtins.h"
#include "oracle/eval/trap.h"
#include "oracle/numeric/float_ops.h"
#include "oracle/numeric/integer.h"
#include "oracle/numeric/lane.h"

namespace tirconf::oracle::eval {

namespace num = oracle::numeric;
using ir::DataType;
using runtime::Value;

namespace {

[[noreturn]] void bad_call(Machine& m, const ir::CallNode* op, const char* rule, const std::string& why) {
  trap_invalid(rule, m.where(op->loc), op->op + ": " + why);
}

// The lane of `v` that goes with lane i of a result of `lanes` lanes (a scalar broadcasts).
uint64_t lane_for(const Value& v, int i) { return v.bits(v.lanes() == 1 ? 0 : i); }

}  // namespace

Value Evaluator::eval_builtin(const ir::CallNode* op) {
  const std::string& name = op->op;
  const auto& args = op->args;
  auto arity = [&](size_t n, const char* rule) {
    if (args.size() != n) bad_call(m, op, rule, "takes " + std::to_string(n) + " arguments");
  };

  // [builtin.ret] evaluate v, then end the current PrimFunc with it.
  if (name == "tir.ret") {
    m.hit("builtin.ret");
    arity(1, "builtin.ret");
    throw ReturnSignal{eval(args[0])};
  }
  // [builtin.if_then_else] the condition, then only the chosen arm.
  if (name == "tir.if_then_else") {
    m.hit("builtin.if_then_else");
    arity(3, "builtin.if_then_else");
    Value c = eval(args[0]);
    if (!c.dtype().is_bool() || c.lanes() != 1) bad_call(m, op, "builtin.if_then_else", "condition is not a bool scalar");
    return eval(c.bits(0) ? args[1] : args[2]);
  }
  // [builtin.assume] no run-time effect; the condition is not evaluated. [unspec.assume_false]
  // is decided only when the condition can be checked without effects: it is evaluated on the
  // side (no calls, no conflict bookkeeping) and a clean 0 makes the run unspecified.
  if (name == "tir.assume") {
    m.hit("builtin.assume");
    if (args.size() == 1) {
      bool has_call = false;
      struct CallFinder : ir::IRVisitor {
        bool* found;
        void VisitExpr_(const ir::CallNode* c) override { *found = true; }
      } finder;
      finder.found = &has_call;
      finder.VisitExpr(args[0]);
      if (!has_call && !m.conflicts.active()) {
        std::optional<Value> c;
        uint64_t steps = m.steps;
        try {
          c = eval(args[0]);
        } catch (const Trap&) {
        }
        m.steps = steps;
        if (c && c->dtype().is_bool() && c->lanes() == 1 && c->bits(0) == 0) {
          m.hit("unspec.assume_false");
          trap_unspecified(runtime::UnspecifiedClass::Any, "unspec.assume_false", m.where(op->loc),
                           "tir.assume of a false condition");
        }
      }
    }
    return op->dtype.is_void() || op->dtype.is_handle() ? Value() : Value::zeros(op->dtype);
  }

  // Every other builtin evaluates all its arguments first.
  m.hit("builtin.args");
  std::vector<Value> v;
  v.reserve(args.size());
  for (const auto& a : args) v.push_back(eval(a));

  // [builtin.likely] the argument, unchanged.
  if (name == "tir.likely") {
    m.hit("builtin.likely");
    arity(1, "builtin.likely");
    return v[0];
  }
  // [builtin.reinterpret] the same bits, read as the call's dtype (same total width).
  if (name == "tir.reinterpret") {
    m.hit("builtin.reinterpret");
    arity(1, "builtin.reinterpret");
    const DataType to = op->dtype;
    const DataType from = v[0].dtype();
    if (v[0].is_handle() || v[0].is_void() || to.is_handle() || to.is_void() ||
        from.bits * from.lanes != to.bits * to.lanes || (from.bits * from.lanes) % to.bits != 0)
      bad_call(m, op, "builtin.reinterpret", "from " + ir::to_string(from) + " to " + ir::to_string(to));
    // [unspec.nan_payload] the bits of a NaN are unspecified, so reinterpreting one is too.
    if (from.is_floating())
      for (int i = 0; i < v[0].lanes(); ++i)
        if (v[0].is_nan(i)) {
          m.hit("unspec.nan_payload");
          trap_unspecified(runtime::UnspecifiedClass::Any, "unspec.nan_payload", m.where(op->loc),
                           "reinterpret of a NaN, whose sign and payload are unspecified");
        }
    // Lanes concatenated little-endian (lane 0 lowest), then cut into the target's lanes.
    Value r = Value::zeros(to);
    for (int j = 0; j < to.lanes; ++j) {
      uint64_t out = 0;
      for (int b = 0; b < to.bits; ++b) {
        int64_t bit = static_cast<int64_t>(j) * to.bits + b;
        int lane = static_cast<int>(bit / from.bits), pos = static_cast<int>(bit % from.bits);
        out |= ((v[0].bits(lane) >> pos) & 1u) << b;
      }
      r.set_bits(j, out);
    }
    return r;
  }

  // Bitwise builtins and popcount on Int/UInt lanes.
  auto int_unary = [&](const char* rule, auto fn) {
    m.hit(rule);
    arity(1, rule);
    if (!v[0].dtype().is_integer()) bad_call(m, op, rule, "operand is not Int or UInt");
    Value r = v[0];
    for (int i = 0; i < r.lanes(); ++i) r.set_bits(i, fn(r.element_type(), r.bits(i)));
    return r;
  };
  auto int_binary = [&](const char* rule, auto fn) {
    m.hit(rule);
    arity(2, rule);
    if (v[0].dtype() != v[1].dtype() || !v[0].dtype().is_integer()) bad_call(m, op, rule, "operands differ or are not Int/UInt");
    Value r = v[0];
    for (int i = 0; i < r.lanes(); ++i) r.set_bits(i, fn(r.element_type(), v[0].bits(i), v[1].bits(i)));
    return r;
  };
  // [builtin.bitwise_and] [builtin.bitwise_or] [builtin.bitwise_xor] [builtin.bitwise_not]
  if (name == "tir.bitwise_and") return int_binary("builtin.bitwise_and", num::bitwise_and);
  if (name == "tir.bitwise_or") return int_binary("builtin.bitwise_or", num::bitwise_or);
  if (name == "tir.bitwise_xor") return int_binary("builtin.bitwise_xor", num::bitwise_xor);
  if (name == "tir.bitwise_not") return int_unary("builtin.bitwise_not", num::bitwise_not);
  // [builtin.popcount] the number of 1 bits, in x's datatype.
  if (name == "tir.popcount")
    return int_unary("builtin.popcount", [](DataType, uint64_t x) { return static_cast<uint64_t>(std::popcount(x)); });
  // [builtin.shift_left] [builtin.shift_right]; an amount outside [0, bits) is
  // [unspec.shift_amount].
  if (name == "tir.shift_left" || name == "tir.shift_right") {
    const bool left = name == "tir.shift_left";
    const char* rule = left ? "builtin.shift_left" : "builtin.shift_right";
    m.hit(rule);
    arity(2, rule);
    if (!v[0].dtype().is_integer() || !v[1].dtype().is_integer() ||
        (v[1].lanes() != 1 && v[1].lanes() != v[0].lanes()))
      bad_call(m, op, rule, "operands are not Int/UInt of matching lanes");
    Value r = v[0];
    for (int i = 0; i < r.lanes(); ++i) {
      num::LaneResult lr = left ? num::shift_left(r.element_type(), v[0].bits(i), v[1].element_type(), lane_for(v[1], i))
                                : num::shift_right(r.element_type(), v[0].bits(i), v[1].element_type(), lane_for(v[1], i));
      if (!lr.ok()) {
        m.hit(lr.rule.data());
        throw Trap{num::to_outcome(lr, m.where(op->loc),
                                   "shift of " + ir::to_string(r.element_type()) + " by " +
                                       runtime::lane_to_string(v[1].element_type(), lane_for(v[1], i)))};
      }
      r.set_bits(i, lr.bits);
    }
    return r;
  }

  // [builtin.isnan] [builtin.isinf] [builtin.isfinite] Bool lane-wise.
  if (name == "tir.isnan" || name == "tir.isinf" || name == "tir.isfinite") {
    const char* rule = name == "tir.isnan" ? "builtin.isnan" : name == "tir.isinf" ? "builtin.isinf" : "builtin.isfinite";
    m.hit(rule);
    arity(1, rule);
    if (v[0].is_handle() || v[0].is_void()) bad_call(m, op, rule, "operand is a handle");
    Value r = Value::zeros(DataType::Bool(v[0].lanes()));
    const DataType e = v[0].element_type();
    for (int i = 0; i < r.lanes(); ++i) {
      bool nan = false, inf = false;
      if (e.is_floating()) {
        double x = num::float_value(e, v[0].bits(i));
        nan = x != x;
        inf = !nan && (x - x) != (x - x);
      }
      r.set_bits(i, name == "tir.isnan" ? nan : name == "tir.isinf" ? inf : !(nan || inf));
    }
    return r;
  }

  // [builtin.ldexp] x * 2^n rounded once.
  if (name == "tir.ldexp") {
    m.hit("builtin.ldexp");
    arity(2, "builtin.ldexp");
    if (!v[0].dtype().is_floating() || !v[1].dtype().is_integer() || (v[1].lanes() != 1 && v[1].lanes() != v[0].lanes()))
      bad_call(m, op, "builtin.ldexp", "takes a float and an integer exponent");
    Value r = v[0];
    for (int i = 0; i < r.lanes(); ++i) {
      int64_t n = v[1].lanes() == 1 ? index_value(v[1], 0) : index_value(v[1], i);
      r.set_bits(i, ldexp_lane(r.element_type(), v[0].bits(i), n));
    }
    return r;
  }

  // The float math builtins: [builtin.math.typing] [builtin.math.lanes] and each one's rule
  // (math_builtins.h).
  if (auto info = find_math(name)) {
    m.hit(info->rule);
    m.hit("builtin.math.lanes");
    arity(static_cast<size_t>(info->arity), info->rule);
    for (const auto& a : v)
      if (!a.dtype().is_floating() || a.dtype() != v[0].dtype())
        bad_call(m, op, "builtin.math.typing", "arguments must be floats of one datatype");
    if (info->fn == MathFn::Copysign)
      for (int i = 0; i < v[1].lanes(); ++i)
        if (v[1].is_nan(i)) {
          // [unspec.nan_payload] copysign reads the sign of a NaN, which is unspecified.
          m.hit("unspec.nan_payload");
          trap_unspecified(runtime::UnspecifiedClass::Any, "unspec.nan_payload", m.where(op->loc),
                           "copysign from a NaN, whose sign is unspecified");
        }
    Value r = v[0];
    for (int i = 0; i < r.lanes(); ++i)
      r.set_bits(i, math_lane(info->fn, r.element_type(), v[0].bits(i), info->arity == 2 ? v[1].bits(i) : 0));
    return r;
  }

  // [unspec.builtin_unlisted] anything else (extern calls, packed functions, intrinsics).
  m.hit("unspec.builtin_unlisted");
  trap_unspecified(runtime::UnspecifiedClass::Any, "unspec.builtin_unlisted", m.where(op->loc),
                   "call of the unlisted builtin " + name);
}

}  // namespace tirconf::oracle::eval
