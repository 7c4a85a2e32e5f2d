// Conventions: see eval_expr.h. Each case starts with the rule it implements.
#include "oracle/eval/eval_expr.h"

#include <algorithm>
#include <limits>

#include "ir/visitor.h"
#include "oracle/eval/invoke.h"
#include "oracle/eval/lanes.h"
#include "oracle/eval/trap.h"
#include "oracle/numeric/cast.h"
#include "oracle/numeric/float_ops.h"
#include "oracle/numeric/integer.h"
#include "oracle/numeric/lane.h"

namespace tirconf::oracle::eval {

namespace num = oracle::numeric;
using ir::DataType;
using runtime::Value;

namespace {

class VarCollector : public ir::IRVisitor {
 public:
  explicit VarCollector(std::vector<const ir::VarNode*>& out) : out_(out) {}
  void VisitExpr_(const ir::VarNode* op) override {
    if (std::find(out_.begin(), out_.end(), op) == out_.end()) out_.push_back(op);
  }

 private:
  std::vector<const ir::VarNode*>& out_;
};

}  // namespace

void collect_vars(const ir::PrimExpr& e, std::vector<const ir::VarNode*>& out) {
  if (!e) return;
  VarCollector c(out);
  c.VisitExpr(e);
}

bool Evaluator::evaluable(const ir::PrimExpr& e) const {
  std::vector<const ir::VarNode*> vars;
  collect_vars(e, vars);
  for (const auto* v : vars)
    if (!f.env.bound(v)) return false;
  return true;
}

int64_t Evaluator::index_value(const Value& v, int lane) {
  if (v.element_type().is_uint()) {
    uint64_t u = v.as_uint64(lane);
    return u > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())
               ? std::numeric_limits<int64_t>::max()
               : static_cast<int64_t>(u);
  }
  return v.as_int64(lane);
}

int64_t Evaluator::eval_int(const ir::PrimExpr& e) {
  Value v = eval(e);
  if (!v.dtype().is_integer() || v.lanes() != 1)
    trap_invalid("type.stmt.for.int", m.where(e->loc), "expected an integer scalar, got " + ir::to_string(v.dtype()));
  return index_value(v, 0);
}

bool Evaluator::eval_cond(const ir::PrimExpr& e) {
  Value v = eval(e);
  if (v.lanes() != 1 || !(v.dtype().is_integer() || v.dtype().is_floating()))
    trap_invalid("type.stmt.ifthenelse.cond", m.where(e->loc),
                 "expected a scalar condition, got " + ir::to_string(v.dtype()));
  return v.bits(0) != 0 && !(v.dtype().is_floating() && num::float_value(v.element_type(), v.bits(0)) == 0);
}

// ---------------------------------------------------------------- 1-4. leaves

Value Evaluator::VisitExpr_(const ir::VarNode* op) {
  // [sem.expr.var] the value currently bound.
  m.hit("sem.expr.var");
  if (!f.layout_vars.empty() && f.layout_vars.count(op)) {
    // [unspec.match_buffer_layout] the value a match_buffer bound to its data, elem_offset or
    // stride Var is an implementation detail.
    m.hit("unspec.match_buffer_layout");
    trap_unspecified(runtime::UnspecifiedClass::Any, "unspec.match_buffer_layout", m.where(op->loc),
                     "use of " + op->name_hint + ", a layout variable bound by a match_buffer");
  }
  if (const Value* v = f.env.find(op)) return *v;
  trap_invalid("scope.unbound", m.where(op->loc), "variable " + op->name_hint + " is not bound at run time");
}

Value Evaluator::VisitExpr_(const ir::IntImmNode* op) {
  // [sem.expr.intimm] the value in its dtype.
  m.hit("sem.expr.intimm");
  if (!op->dtype.is_integer()) trap_invalid("type.expr.intimm.code", m.where(op->loc), "IntImm of " + ir::to_string(op->dtype));
  return Value::broadcast_bits(op->dtype, num::wrap(static_cast<uint64_t>(op->value), op->dtype.bits));
}

Value Evaluator::VisitExpr_(const ir::FloatImmNode* op) {
  // [sem.expr.floatimm] rounded once, to nearest-even, into the dtype.
  m.hit("sem.expr.floatimm");
  if (!op->dtype.is_floating()) trap_invalid("type.expr.floatimm.code", m.where(op->loc), "FloatImm of " + ir::to_string(op->dtype));
  return Value::from_double(op->dtype, op->value);
}

Value Evaluator::VisitExpr_(const ir::StringImmNode* op) {
  // [sem.expr.stringimm] a handle to the characters, alive for the whole run.
  m.hit("sem.expr.stringimm");
  return Value::string_handle(op->value);
}

// ---------------------------------------------------------------- 5. Cast

Value Evaluator::VisitExpr_(const ir::CastNode* op) {
  // [sem.expr.cast] lane by lane, as C++ static_cast (numeric/cast.h refines it per
  // [sem.expr.cast.int_to_int] [sem.expr.cast.to_bool] [sem.expr.cast.float_to_int]
  // [sem.expr.cast.to_float] [sem.expr.cast.handle]).
  m.hit("sem.expr.cast");
  Value v = eval(op->value);
  if (op->dtype.is_void()) return Value();  // a cast to Void (TupleType([])) yields the Void value
  if (v.is_void() || (v.is_handle() != op->dtype.is_handle() && !v.dtype().is_integer()) ||
      (!v.is_handle() && !op->dtype.is_handle() && v.lanes() != op->dtype.lanes))
    trap_invalid("type.expr.cast.lanes", m.where(op->loc),
                 "cast of " + ir::to_string(v.dtype()) + " to " + ir::to_string(op->dtype));
  if (m.coverage.enabled()) {
    DataType from = v.element_type(), to = op->dtype.element_of();
    if (v.is_handle() || to.is_handle()) m.hit("sem.expr.cast.handle");
    else if (to.is_bool()) m.hit("sem.expr.cast.to_bool");
    else if (to.is_floating()) m.hit("sem.expr.cast.to_float");
    else if (from.is_floating()) m.hit("sem.expr.cast.float_to_int");
    else m.hit("sem.expr.cast.int_to_int");
  }
  num::CastResult r = num::cast(v, op->dtype);
  if (r.value) return std::move(*r.value);
  // [unspec.float_to_int_range] [unspec.cast_to_handle]
  m.hit(r.fault.rule.data());
  std::string detail = ir::to_string(v.element_type()) + " " +
                       (v.is_handle() ? std::string("handle")
                                      : runtime::lane_to_string(v.element_type(), v.bits(std::max(r.lane, 0)))) +
                       " to " + ir::to_string(op->dtype.element_of());
  throw Trap{num::to_outcome(r.fault, m.where(op->loc), detail)};
}

// ---------------------------------------------------------------- 6. Select

Value Evaluator::VisitExpr_(const ir::SelectNode* op) {
  // [sem.expr.select] condition, true_value and false_value are all evaluated.
  Value c = eval(op->condition);
  Value t = eval(op->true_value);
  Value fv = eval(op->false_value);
  if (c.lanes() == 1) {
    m.hit("sem.expr.select");
    return c.bits(0) ? t : fv;
  }
  // [sem.expr.select.vector] lane i from true_value where condition lane i is 1.
  m.hit("sem.expr.select.vector");
  if (c.lanes() != t.lanes() || t.dtype() != fv.dtype())
    trap_invalid("type.expr.select.cond_lanes", m.where(op->loc), "select lanes differ");
  Value r = t;
  for (int i = 0; i < c.lanes(); ++i)
    if (!c.bits(i)) r.set_bits(i, fv.bits(i));
  return r;
}

// ---------------------------------------------------------------- 7. BufferLoad

Value Evaluator::load_elements(const ir::BufferNode* b, const std::vector<Value>& idx, ir::SourceLoc l) {
  const size_t n = idx.size();
  const int bl = b->dtype.lanes;
  std::vector<int64_t> at(n);
  for (size_t k = 0; k + 1 < n; ++k) at[k] = index_value(idx[k], 0);
  const int il = n == 0 ? 1 : idx[n - 1].lanes();
  Value r = Value::zeros(b->dtype.with_lanes(bl * il));
  uint64_t lanes[Value::kMaxLanes];
  for (int j = 0; j < il; ++j) {
    if (n > 0) at[n - 1] = index_value(idx[n - 1], j);
    const View& view = view_of(b, l);
    if (view.dtype.lanes * il > Value::kMaxLanes)
      trap_invalid("type.expr.bufferload.result", m.where(l), "load of more than 64 lanes");
    m.load(view, at.data(), n, lanes, l);
    for (int k = 0; k < bl; ++k) r.set_bits(j * bl + k, lanes[k]);
  }
  return r;
}

Value Evaluator::VisitExpr_(const ir::BufferLoadNode* op) {
  std::vector<Value> idx;
  idx.reserve(op->indices.size());
  // [sem.expr.bufferload] indices left to right, then the element at that index tuple.
  for (const auto& i : op->indices) {
    idx.push_back(eval(i));
    if (!idx.back().dtype().is_integer())
      trap_invalid("type.expr.bufferload.index_int", m.where(op->loc), "non-integer buffer index");
  }
  for (size_t k = 0; k + 1 < idx.size(); ++k)
    if (idx[k].lanes() != 1) trap_invalid("type.expr.bufferload.index_scalar", m.where(op->loc), "vector index before the last");
  if (idx.empty()) m.hit("sem.expr.bufferload.nullary");  // [sem.expr.bufferload.nullary]
  else if (idx.back().lanes() > 1) m.hit("sem.expr.bufferload.vector");  // [sem.expr.bufferload.vector]
  else m.hit("sem.expr.bufferload");
  return load_elements(op->buffer.get(), idx, op->loc);
}

// ---------------------------------------------------------------- 8-10. Ramp, Broadcast, Let

Value Evaluator::VisitExpr_(const ir::RampNode* op) {
  // [sem.expr.ramp] lane i is base + i * stride, wrapping for integers.
  m.hit("sem.expr.ramp");
  Value b = eval(op->base);
  Value s = eval(op->stride);
  if (b.dtype() != s.dtype() || b.lanes() != 1 || op->lanes < 1 || op->lanes > Value::kMaxLanes)
    trap_invalid("type.expr.ramp.operands", m.where(op->loc), "ramp operands");
  const DataType e = b.dtype();
  Value r = Value::zeros(e.with_lanes(op->lanes));
  for (int i = 0; i < op->lanes; ++i) {
    if (e.is_integer()) {
      uint64_t iv = num::wrap(static_cast<uint64_t>(i), e.bits);
      r.set_bits(i, num::int_add(e, b.bits(0), num::int_mul(e, iv, s.bits(0))));
    } else if (e.is_floating()) {
      uint64_t iv = Value::from_double(e, i).bits(0);
      r.set_bits(i, num::float_add(e, b.bits(0), num::float_mul(e, iv, s.bits(0))));
    } else {
      trap_invalid("type.expr.ramp.int", m.where(op->loc), "ramp of " + ir::to_string(e));
    }
  }
  return r;
}

Value Evaluator::VisitExpr_(const ir::BroadcastNode* op) {
  // [sem.expr.broadcast] value evaluated once, copied to every lane.
  m.hit("sem.expr.broadcast");
  Value v = eval(op->value);
  if (v.lanes() != 1 || v.is_handle() || v.is_void() || op->lanes < 1 || op->lanes > Value::kMaxLanes)
    trap_invalid("type.expr.broadcast.scalar", m.where(op->loc), "broadcast of " + ir::to_string(v.dtype()));
  return Value::broadcast_bits(v.dtype().with_lanes(op->lanes), v.bits(0));
}

Value Evaluator::VisitExpr_(const ir::LetNode* op) {
  // [sem.expr.let] value once, bound to var while body is evaluated.
  m.hit("sem.expr.let");
  Value v = eval(op->value);
  ScopedBind bind(f.env, op->var.get(), std::move(v));
  return eval(op->body);
}

// ---------------------------------------------------------------- 11. Call

Value Evaluator::VisitExpr_(const ir::CallNode* op) {
  if (!op->callee) {
    // [sem.expr.call.builtin] the builtin's own rule decides (builtins.cc).
    m.hit("sem.expr.call.builtin");
    return eval_builtin(op);
  }
  // [sem.expr.call.primfunc] arguments left to right, then the PrimFunc in a fresh frame.
  m.hit("sem.expr.call.primfunc");
  ir::PrimFunc callee = m.module.lookup(op->callee->name_hint);
  if (!callee) {
    // [sem.expr.call.nonprim] read as: rejected before running.
    m.hit("sem.expr.call.nonprim");
    trap_invalid("sem.expr.call.nonprim", m.where(op->loc), op->callee->name_hint + " is not a PrimFunc of the module");
  }
  std::vector<Value> args;
  args.reserve(op->args.size());
  for (const auto& a : op->args) args.push_back(eval(a));
  return call_primfunc(m, *callee, op->callee->name_hint, args, op->loc);
}

// ---------------------------------------------------------------- 12. Shuffle

Value Evaluator::VisitExpr_(const ir::ShuffleNode* op) {
  // [sem.expr.shuffle] vectors, then indices, in order; lane i of the result is lane indices[i]
  // of the vectors concatenated.
  m.hit("sem.expr.shuffle");
  std::vector<uint64_t> all;
  DataType e;
  for (size_t k = 0; k < op->vectors.size(); ++k) {
    Value v = eval(op->vectors[k]);
    if (k == 0) e = v.element_type();
    if (v.element_type() != e || v.is_handle() || v.is_void())
      trap_invalid("type.expr.shuffle.elem_match", m.where(op->loc), "shuffle operands differ");
    for (int i = 0; i < v.lanes(); ++i) all.push_back(v.bits(i));
  }
  std::vector<int64_t> picks;
  for (const auto& i : op->indices) {
    Value iv = eval(i);
    if (!iv.dtype().is_integer() || iv.lanes() != 1)
      trap_invalid("type.expr.shuffle.index_int", m.where(op->loc), "shuffle index not an integer scalar");
    picks.push_back(index_value(iv, 0));
  }
  if (op->vectors.empty() || picks.empty() || picks.size() > static_cast<size_t>(Value::kMaxLanes))
    trap_invalid("type.expr.shuffle.nonempty", m.where(op->loc), "empty shuffle");
  Value r = Value::zeros(e.with_lanes(static_cast<int>(picks.size())));
  for (size_t i = 0; i < picks.size(); ++i) {
    if (picks[i] < 0 || picks[i] >= static_cast<int64_t>(all.size())) {
      // [unspec.shuffle_index_range]
      m.hit("unspec.shuffle_index_range");
      trap_unspecified(runtime::UnspecifiedClass::OutOfBounds, "unspec.shuffle_index_range", m.where(op->loc),
                       "shuffle index " + std::to_string(picks[i]) + " outside " + std::to_string(all.size()) + " lanes");
    }
    r.set_bits(static_cast<int>(i), all[static_cast<size_t>(picks[i])]);
  }
  return r;
}

// ---------------------------------------------------------------- 13. Binary ops

#define TIRCONF_ARITH(Name, rule)                                    \
  Value Evaluator::VisitExpr_(const ir::Name##Node* op) {            \
    m.hit("sem.expr.binary");                                        \
    m.hit(rule);                                                     \
    Value a = eval(op->a);                                           \
    Value b = eval(op->b);                                           \
    return apply_arith(m, ir::ExprKind::Name, a, b, op->loc);        \
  }
// [sem.expr.binary] a then b, f lane by lane; [sem.expr.int_wrap] [sem.expr.float_ieee] in
// oracle/numeric. Integer division by zero is an error, INT_MIN / -1 unspecified
// ([unspec.int_min_div]); float Min/Max of NaN unspecified ([unspec.float_minmax_nan]).
TIRCONF_ARITH(Add, "sem.expr.add")
TIRCONF_ARITH(Sub, "sem.expr.sub")
TIRCONF_ARITH(Mul, "sem.expr.mul")
TIRCONF_ARITH(Div, "sem.expr.div")
TIRCONF_ARITH(Mod, "sem.expr.mod")
TIRCONF_ARITH(FloorDiv, "sem.expr.floordiv")
TIRCONF_ARITH(FloorMod, "sem.expr.floormod")
TIRCONF_ARITH(Min, "sem.expr.min")
TIRCONF_ARITH(Max, "sem.expr.max")
#undef TIRCONF_ARITH

// ---------------------------------------------------------------- 16. Comparisons

#define TIRCONF_CMP(Name, rule)                                                     \
  Value Evaluator::VisitExpr_(const ir::Name##Node* op) {                           \
    m.hit("sem.expr.cmp");                                                          \
    m.hit(rule);                                                                    \
    Value a = eval(op->a);                                                          \
    Value b = eval(op->b);                                                          \
    if (a.dtype().is_floating()) m.hit("sem.expr.cmp.float");                       \
    return apply_compare(m, ir::ExprKind::Name, a, b, op->loc);                     \
  }
// [sem.expr.cmp] a then b; Bool with their lanes. [sem.expr.cmp.float] IEEE for floats.
TIRCONF_CMP(EQ, "sem.expr.eq")
TIRCONF_CMP(NE, "sem.expr.ne")
TIRCONF_CMP(LT, "sem.expr.lt")
TIRCONF_CMP(LE, "sem.expr.le")
TIRCONF_CMP(GE, "sem.expr.ge")
TIRCONF_CMP(GT, "sem.expr.gt")
#undef TIRCONF_CMP

// ---------------------------------------------------------------- 14-15. Logical ops

Value Evaluator::eval_logical(const ir::BinaryNode* op, bool is_and) {
  Value a = eval(op->a);
  if (!a.dtype().is_bool()) trap_invalid("type.expr.logical.bool", m.where(op->loc), "logical operand not bool");
  if (a.lanes() == 1) {
    // [sem.expr.and] [sem.expr.or] scalar: short-circuit.
    m.hit(is_and ? "sem.expr.and" : "sem.expr.or");
    if (a.bits(0) == (is_and ? 0u : 1u)) return a;
    Value b = eval(op->b);
    if (b.dtype() != a.dtype()) trap_invalid("type.expr.logical.lanes", m.where(op->loc), "logical operands differ");
    return b;
  }
  // [sem.expr.and.vector] [sem.expr.or.vector] lane-wise; both operands are evaluated.
  m.hit(is_and ? "sem.expr.and.vector" : "sem.expr.or.vector");
  const uint64_t decided = is_and ? 0 : 1;
  bool some_decided = false;
  for (int i = 0; i < a.lanes(); ++i) some_decided |= a.bits(i) == decided;
  Value b;
  try {
    b = eval(op->b);
  } catch (const Trap& t) {
    // [unspec.vector_logical_side_effects] b failed, but an implementation may skip the lanes
    // of b that a already decides, and with them the failure.
    if (!some_decided) throw;
    m.hit("unspec.vector_logical_side_effects");
    trap_unspecified(runtime::UnspecifiedClass::Any, "unspec.vector_logical_side_effects", m.where(op->loc),
                     "the second operand of a vector " + std::string(is_and ? "and" : "or") +
                         " fails (" + runtime::to_string(t.outcome) + ") where the first decides some lanes");
  }
  if (b.dtype() != a.dtype()) trap_invalid("type.expr.logical.lanes", m.where(op->loc), "logical operands differ");
  Value r = a;
  for (int i = 0; i < a.lanes(); ++i) r.set_bits(i, is_and ? (a.bits(i) & b.bits(i)) : (a.bits(i) | b.bits(i)));
  return r;
}

Value Evaluator::VisitExpr_(const ir::AndNode* op) { return eval_logical(op, true); }
Value Evaluator::VisitExpr_(const ir::OrNode* op) { return eval_logical(op, false); }

Value Evaluator::VisitExpr_(const ir::NotNode* op) {
  // [sem.expr.not] flips each Bool lane.
  m.hit("sem.expr.not");
  Value a = eval(op->a);
  if (!a.dtype().is_bool()) trap_invalid("type.expr.not.bool", m.where(op->loc), "Not of a non-bool");
  for (int i = 0; i < a.lanes(); ++i) a.set_bits(i, a.bits(i) ^ 1u);
  return a;
}

}  // namespace tirconf::oracle::eval
