// Evaluating PrimExprs (spec "Semantics / Evaluating PrimExprs"): the plain node of every rule,
// in the spec's order, and compile_expr choosing among them. Values travel as runtime::Values;
// lane arithmetic is oracle/numeric's (through lanes.h). Each node starts with the rule it
// implements. Faster equivalents for scalar shapes are fast paths (fast_paths.h), not here.
#include <algorithm>

#include "oracle/eval/expr_rules.h"
#include "oracle/eval/invoke.h"
#include "oracle/eval/lanes.h"
#include "oracle/eval/plan.h"
#include "oracle/eval/trap.h"
#include "oracle/numeric/cast.h"
#include "oracle/numeric/float_ops.h"
#include "oracle/numeric/integer.h"
#include "oracle/numeric/lane.h"

namespace tirconf::oracle::eval {

namespace num = oracle::numeric;
using ir::DataType;
using ir::ExprKind;
using runtime::Value;

// ---------------------------------------------------------------- rules and faults (expr_rules.h)

void var_fault(Frame &f, const ir::VarNode *op, int slot) {
  if (f.flags[static_cast<size_t>(slot)] & Frame::kLayout) {
    // [unspec.match_buffer_layout] the value a match_buffer bound to its data, elem_offset or
    // stride Var is an implementation detail.
    f.m.hit("unspec.match_buffer_layout");
    trap_unspecified(runtime::UnspecifiedClass::Any, "unspec.match_buffer_layout",
                     f.m.where(op->loc),
                     "use of " + op->name_hint + ", a layout variable bound by a match_buffer");
  }
  trap_invalid("scope.unbound", f.m.where(op->loc),
               "variable " + op->name_hint + " is not bound at run time");
}

// [sem.expr.cast] lane by lane, as C++ static_cast (numeric/cast.h refines it per
// [sem.expr.cast.int_to_int] [sem.expr.cast.to_bool] [sem.expr.cast.float_to_int]
// [sem.expr.cast.to_float] [sem.expr.cast.handle]).
const char *cast_rule(DataType from, DataType to, bool handle) {
  if (handle)
    return "sem.expr.cast.handle";
  if (to.is_bool())
    return "sem.expr.cast.to_bool";
  if (to.is_floating())
    return "sem.expr.cast.to_float";
  if (from.is_floating())
    return "sem.expr.cast.float_to_int";
  return "sem.expr.cast.int_to_int";
}

void cast_fault(Frame &f, const ir::ExprNode *src, const num::LaneResult &r, const Value &v,
                int lane) {
  // [unspec.float_to_int_range] [unspec.cast_to_handle]
  f.m.hit(r.rule.data());
  std::string detail =
      ir::to_string(v.element_type()) + " " +
      (v.is_handle() ? std::string("handle")
                     : runtime::lane_to_string(v.element_type(), v.bits(std::max(lane, 0)))) +
      " to " + ir::to_string(src->dtype.element_of());
  throw Trap{num::to_outcome(r, f.m.where(src->loc), detail)};
}

namespace {

struct OperatorRule {
  ExprKind kind;
  const char *rule;
};
constexpr OperatorRule kOperatorRules[] = {
    {ExprKind::Add, "sem.expr.add"},
    {ExprKind::Sub, "sem.expr.sub"},
    {ExprKind::Mul, "sem.expr.mul"},
    {ExprKind::Div, "sem.expr.div"},
    {ExprKind::Mod, "sem.expr.mod"},
    {ExprKind::FloorDiv, "sem.expr.floordiv"},
    {ExprKind::FloorMod, "sem.expr.floormod"},
    {ExprKind::Min, "sem.expr.min"},
    {ExprKind::Max, "sem.expr.max"},
    {ExprKind::EQ, "sem.expr.eq"},
    {ExprKind::NE, "sem.expr.ne"},
    {ExprKind::LT, "sem.expr.lt"},
    {ExprKind::LE, "sem.expr.le"},
    {ExprKind::GE, "sem.expr.ge"},
    {ExprKind::GT, "sem.expr.gt"},
};

} // namespace

const char *binary_rule(ExprKind k) {
  for (const OperatorRule &r : kOperatorRules)
    if (r.kind == k)
      return r.rule;
  return "sem.expr.binary";
}

bool is_compare(ExprKind k) {
  return k == ExprKind::EQ || k == ExprKind::NE || k == ExprKind::LT || k == ExprKind::LE ||
         k == ExprKind::GE || k == ExprKind::GT;
}

// [sem.expr.int_wrap] integer Add/Sub/Mul wrap; [sem.expr.float_ieee] every float operation
// rounds its own result. (Division faults and Min/Max have their own rules.)
const char *arith_rule(ExprKind k, DataType e) {
  if (e.is_floating())
    return "sem.expr.float_ieee";
  if (k == ExprKind::Add || k == ExprKind::Sub || k == ExprKind::Mul)
    return "sem.expr.int_wrap";
  return nullptr;
}

namespace {

// What the type checker promised cannot happen: the run ends as invalid when (and only when)
// such a node is reached.
class InvalidExpr final : public CExpr {
public:
  InvalidExpr(const ir::ExprNode *src, const char *rule, std::string message)
      : CExpr(src), rule_(rule), message_(std::move(message)) {}
  uint64_t bits(Frame &f) const override { fail(f); }
  Value value(Frame &f) const override { fail(f); }

private:
  [[noreturn]] void fail(Frame &f) const { trap_invalid(rule_, f.m.where(src->loc), message_); }
  const char *rule_;
  std::string message_;
};

CExprPtr invalid(const ir::ExprNode *src, const char *rule, std::string message) {
  return std::make_unique<InvalidExpr>(src, rule, std::move(message));
}

// [unspec.predicated_access] TVM's masked vector load: outside the spec, so running it ends the
// run as unspecified.
class PredicatedLoad final : public CExpr {
public:
  explicit PredicatedLoad(const ir::ExprNode *src) : CExpr(src) {}
  uint64_t bits(Frame &f) const override { fail(f); }
  Value value(Frame &f) const override { fail(f); }

private:
  [[noreturn]] void fail(Frame &f) const {
    trap_unspecified(runtime::UnspecifiedClass::Any, "unspec.predicated_access",
                     f.m.where(src->loc), "a load with a lane predicate (A.vload)");
  }
};

// ---------------------------------------------------------------- 1-4. leaves

// [sem.expr.var] the value currently bound.
class VarExpr final : public CExpr {
public:
  VarExpr(Compiler &c, const ir::VarNode *op)
      : CExpr(op), slot_(c.var(op)), hits_(c.counter("sem.expr.var")) {}
  Value value(Frame &f) const override {
    bump(hits_);
    if (f.flags[static_cast<size_t>(slot_)] != Frame::kBound)
      var_fault(f, static_cast<const ir::VarNode *>(src), slot_);
    return f.get(slot_);
  }

private:
  int slot_;
  uint64_t *hits_;
};

// [sem.expr.intimm] [sem.expr.floatimm] [sem.expr.stringimm] a constant, computed once here.
class Constant final : public CExpr {
public:
  Constant(const ir::ExprNode *src, Value v, uint64_t *hits)
      : CExpr(src), value_(std::move(v)), hits_(hits) {}
  Value value(Frame &) const override {
    bump(hits_);
    return value_;
  }

private:
  Value value_;
  uint64_t *hits_;
};

// ---------------------------------------------------------------- 5. Cast

// [sem.expr.cast] value, then each lane converted (cast_rule says which refinement applies).
class CastExpr final : public CExpr {
public:
  CastExpr(Compiler &c, const ir::CastNode *op)
      : CExpr(op), a_(c.expr(op->value)), hits_(c.counter("sem.expr.cast")) {}
  Value value(Frame &f) const override {
    bump(hits_);
    Value v = a_->value(f);
    if (type.is_void())
      return Value(); // a cast to Void (TupleType([])) yields the Void value
    if (v.is_void() || (v.is_handle() != type.is_handle() && !v.dtype().is_integer()) ||
        (!v.is_handle() && !type.is_handle() && v.lanes() != type.lanes))
      trap_invalid("type.expr.cast.lanes", f.m.where(src->loc),
                   "cast of " + ir::to_string(v.dtype()) + " to " + ir::to_string(type));
    f.m.hit(cast_rule(v.element_type(), type.element_of(), v.is_handle() || type.is_handle()));
    num::CastResult r = num::cast(v, type);
    if (r.value)
      return std::move(*r.value);
    cast_fault(f, src, r.fault, v, r.lane);
  }

private:
  CExprPtr a_;
  uint64_t *hits_;
};

// ---------------------------------------------------------------- 6. Select

// [sem.expr.select] condition, true_value and false_value are all evaluated.
class SelectExpr final : public CExpr {
public:
  SelectExpr(Compiler &c, const ir::SelectNode *op)
      : CExpr(op), c_(c.expr(op->condition)), t_(c.expr(op->true_value)),
        f_(c.expr(op->false_value)),
        hits_(c.counter(c_->type.lanes == 1 ? "sem.expr.select" : "sem.expr.select.vector")) {}
  Value value(Frame &f) const override {
    bump(hits_);
    Value c = c_->value(f);
    Value t = t_->value(f);
    Value e = f_->value(f);
    if (c.lanes() == 1)
      return c.bits(0) ? t : e;
    // [sem.expr.select.vector] lane i from true_value where condition lane i is 1.
    if (c.lanes() != t.lanes() || t.dtype() != e.dtype())
      trap_invalid("type.expr.select.cond_lanes", f.m.where(src->loc), "select lanes differ");
    for (int i = 0; i < c.lanes(); ++i)
      if (!c.bits(i))
        t.set_bits(i, e.bits(i));
    return t;
  }

private:
  CExprPtr c_, t_, f_;
  uint64_t *hits_;
};

// ---------------------------------------------------------------- 7. BufferLoad

// [sem.expr.bufferload] indices left to right, then the element at that index tuple (lanes
// elements of a vector dtype); [sem.expr.bufferload.nullary] no indices: the one element;
// [sem.expr.bufferload.vector] a vector last index: one element per index lane, concatenated.
class LoadExpr final : public CExpr {
public:
  LoadExpr(Compiler &c, const ir::BufferLoadNode *op)
      : CExpr(op), buffer_(c.buffer(op->buffer.get())) {
    for (const auto &i : op->indices)
      idx_.push_back(c.expr(i));
    const bool vector_index = !idx_.empty() && idx_.back()->type.lanes > 1;
    hits_ = c.counter(idx_.empty()   ? "sem.expr.bufferload.nullary"
                      : vector_index ? "sem.expr.bufferload.vector"
                                     : "sem.expr.bufferload");
  }
  Value value(Frame &f) const override {
    std::vector<Value> idx;
    idx.reserve(idx_.size());
    for (const auto &i : idx_)
      idx.push_back(i->value(f));
    bump(hits_);
    const DataType bt = static_cast<const ir::BufferLoadNode *>(src)->buffer->dtype;
    const size_t n = idx.size();
    const int bl = bt.lanes;
    std::vector<int64_t> at(n);
    for (size_t k = 0; k + 1 < n; ++k)
      at[k] = index_value(idx[k], 0);
    const int il = n == 0 ? 1 : idx[n - 1].lanes();
    if (bl * il > Value::kMaxLanes)
      trap_invalid("type.expr.bufferload.result", f.m.where(src->loc),
                   "load of more than 64 lanes");
    Value r = Value::zeros(bt.with_lanes(bl * il));
    uint64_t lanes[Value::kMaxLanes];
    for (int j = 0; j < il; ++j) {
      if (n > 0)
        at[n - 1] = index_value(idx[n - 1], j);
      f.m.load(f.view(buffer_, src->loc), at.data(), n, lanes, src->loc);
      for (int k = 0; k < bl; ++k)
        r.set_bits(j * bl + k, lanes[k]);
    }
    return r;
  }

private:
  int buffer_;
  std::vector<CExprPtr> idx_;
  uint64_t *hits_;
};

CExprPtr compile_load(Compiler &c, const ir::BufferLoadNode *op) {
  if (op->predicate)
    return std::make_unique<PredicatedLoad>(op);
  for (size_t k = 0; k < op->indices.size(); ++k) {
    const DataType t = op->indices[k]->dtype;
    if (!t.is_integer())
      return invalid(op, "type.expr.bufferload.index_int", "non-integer buffer index");
    if (k + 1 < op->indices.size() && t.lanes != 1)
      return invalid(op, "type.expr.bufferload.index_scalar", "vector index before the last");
  }
  return std::make_unique<LoadExpr>(c, op);
}

// ---------------------------------------------------------------- 8-10. Ramp, Broadcast, Let

// [sem.expr.ramp] lane i is base + i * stride, wrapping for integers.
class RampExpr final : public CExpr {
public:
  RampExpr(Compiler &c, const ir::RampNode *op)
      : CExpr(op), base_(c.expr(op->base)), stride_(c.expr(op->stride)), lanes_(op->lanes),
        hits_(c.counter("sem.expr.ramp")) {}
  Value value(Frame &f) const override {
    bump(hits_);
    const uint64_t b = base_->bits(f);
    const uint64_t s = stride_->bits(f);
    const DataType e = base_->type;
    Value r = Value::zeros(e.with_lanes(lanes_));
    for (int i = 0; i < lanes_; ++i) {
      if (e.is_integer()) {
        uint64_t iv = num::wrap(static_cast<uint64_t>(i), e.bits);
        r.set_bits(i, num::int_add(e, b, num::int_mul(e, iv, s)));
      } else {
        uint64_t iv = Value::from_double(e, i).bits(0);
        r.set_bits(i, num::float_add(e, b, num::float_mul(e, iv, s)));
      }
    }
    return r;
  }

private:
  CExprPtr base_, stride_;
  int lanes_;
  uint64_t *hits_;
};

// [sem.expr.broadcast] value evaluated once, copied to every lane.
class BroadcastExpr final : public CExpr {
public:
  BroadcastExpr(Compiler &c, const ir::BroadcastNode *op)
      : CExpr(op), a_(c.expr(op->value)), lanes_(op->lanes),
        hits_(c.counter("sem.expr.broadcast")) {}
  Value value(Frame &f) const override {
    bump(hits_);
    return Value::broadcast_bits(a_->type.with_lanes(lanes_), a_->bits(f));
  }

private:
  CExprPtr a_;
  int lanes_;
  uint64_t *hits_;
};

// [sem.expr.let] value once, bound to var while body is evaluated.
class LetExpr final : public CExpr {
public:
  LetExpr(Compiler &c, const ir::LetNode *op)
      : CExpr(op), value_(c.expr(op->value)), slot_(c.var(op->var.get())), body_(c.expr(op->body)),
        hits_(c.counter("sem.expr.let")) {}
  Value value(Frame &f) const override {
    bump(hits_);
    Value v = value_->value(f);
    ScopedSlot bind(f, slot_);
    f.set(slot_, v);
    return body_->value(f);
  }

private:
  CExprPtr value_;
  int slot_;
  CExprPtr body_;
  uint64_t *hits_;
};

// ---------------------------------------------------------------- 11. Call

// [sem.expr.call.primfunc] arguments left to right, then the PrimFunc in a fresh frame.
// [unspec.call_void_result] a callee typed to return a value that ended without tir.ret yields
// Void; only an Evaluate may discard that, any other use of it is unspecified.
class CallPrimFunc final : public CExpr {
public:
  CallPrimFunc(Compiler &c, const ir::CallNode *op, const ir::PrimFuncNode *callee)
      : CExpr(op), callee_(callee), name_(op->callee->name_hint),
        value_used_(c.discarded_call != op && !op->dtype.is_void()),
        hits_(c.counter("sem.expr.call.primfunc")) {
    for (const auto &a : op->args)
      args_.push_back(c.expr(a));
  }
  Value value(Frame &f) const override {
    bump(hits_);
    std::vector<Value> args;
    args.reserve(args_.size());
    for (const auto &a : args_)
      args.push_back(a->value(f));
    Value result = call_primfunc(f.m, *callee_, name_, args, src->loc);
    if (value_used_ && result.is_void()) {
      f.m.hit("unspec.call_void_result");
      trap_unspecified(runtime::UnspecifiedClass::Ambiguous, "unspec.call_void_result",
                       f.m.where(src->loc),
                       name_ + " ended without T.ret, so this call yields Void where its type " +
                           ir::to_string(type) + " promises a value");
    }
    return result;
  }

private:
  const ir::PrimFuncNode *callee_;
  std::string name_;
  bool value_used_;
  std::vector<CExprPtr> args_;
  uint64_t *hits_;
};

CExprPtr compile_call(Compiler &c, const ir::CallNode *op) {
  if (!op->callee) {
    // [sem.expr.call.builtin] the builtin's own rule decides (builtins.cc).
    return compile_builtin(c, op);
  }
  ir::PrimFunc callee = c.m.module.lookup(op->callee->name_hint);
  if (!callee) {
    // [sem.expr.call.nonprim] read as: rejected before running.
    class NonPrim final : public CExpr {
    public:
      using CExpr::CExpr;
      Value value(Frame &f) const override {
        f.m.hit("sem.expr.call.primfunc");
        f.m.hit("sem.expr.call.nonprim");
        trap_invalid("sem.expr.call.nonprim", f.m.where(src->loc),
                     static_cast<const ir::CallNode *>(src)->callee->name_hint +
                         " is not a PrimFunc of the module");
      }
    };
    return std::make_unique<NonPrim>(op);
  }
  return std::make_unique<CallPrimFunc>(c, op, callee.get());
}

// ---------------------------------------------------------------- 12. Shuffle

// [sem.expr.shuffle] vectors, then indices, in order; lane i of the result is lane indices[i]
// of the vectors concatenated.
class ShuffleExpr final : public CExpr {
public:
  ShuffleExpr(Compiler &c, const ir::ShuffleNode *op)
      : CExpr(op), hits_(c.counter("sem.expr.shuffle")) {
    for (const auto &v : op->vectors)
      vectors_.push_back(c.expr(v));
    for (const auto &i : op->indices)
      indices_.push_back(c.expr(i));
  }
  Value value(Frame &f) const override {
    bump(hits_);
    std::vector<uint64_t> all;
    DataType e;
    for (size_t k = 0; k < vectors_.size(); ++k) {
      Value v = vectors_[k]->value(f);
      if (k == 0)
        e = v.element_type();
      if (v.element_type() != e || v.is_handle() || v.is_void())
        trap_invalid("type.expr.shuffle.elem_match", f.m.where(src->loc),
                     "shuffle operands differ");
      for (int i = 0; i < v.lanes(); ++i)
        all.push_back(v.bits(i));
    }
    std::vector<int64_t> picks;
    for (const auto &i : indices_) {
      if (!i->scalar || !i->type.is_integer())
        trap_invalid("type.expr.shuffle.index_int", f.m.where(src->loc),
                     "shuffle index not an integer scalar");
      picks.push_back(index_of(i->type, i->bits(f)));
    }
    if (vectors_.empty() || picks.empty() || picks.size() > static_cast<size_t>(Value::kMaxLanes))
      trap_invalid("type.expr.shuffle.nonempty", f.m.where(src->loc), "empty shuffle");
    Value r = Value::zeros(e.with_lanes(static_cast<int>(picks.size())));
    for (size_t i = 0; i < picks.size(); ++i) {
      if (picks[i] < 0 || picks[i] >= static_cast<int64_t>(all.size())) {
        // [unspec.shuffle_index_range]
        f.m.hit("unspec.shuffle_index_range");
        trap_unspecified(runtime::UnspecifiedClass::OutOfBounds, "unspec.shuffle_index_range",
                         f.m.where(src->loc),
                         "shuffle index " + std::to_string(picks[i]) + " outside " +
                             std::to_string(all.size()) + " lanes");
      }
      r.set_bits(static_cast<int>(i), all[static_cast<size_t>(picks[i])]);
    }
    return r;
  }

private:
  std::vector<CExprPtr> vectors_, indices_;
  uint64_t *hits_;
};

// ---------------------------------------------------------------- 13, 16. Binary ops, comparisons

// [sem.expr.binary] a then b, then the operator lane by lane ([sem.expr.add] ... [sem.expr.max],
// binary_rule); [sem.expr.int_wrap] [sem.expr.float_ieee] in oracle/numeric. Integer division
// by zero is an error, INT_MIN / -1 unspecified ([unspec.int_min_div]); float Min/Max of NaN
// unspecified ([unspec.float_minmax_nan]).
// [sem.expr.cmp] a then b; Bool with their lanes ([sem.expr.eq] ... [sem.expr.gt]).
// [sem.expr.cmp.float] IEEE for floats.
class BinaryExpr final : public CExpr {
public:
  BinaryExpr(Compiler &c, const ir::BinaryNode *op)
      : CExpr(op), a_(c.expr(op->a)), b_(c.expr(op->b)), kind_(op->kind),
        compare_(is_compare(op->kind)) {
    const DataType e = a_->type.element_of();
    hits_ = c.counter(
        {compare_ ? "sem.expr.cmp" : "sem.expr.binary", binary_rule(op->kind),
         compare_ ? (e.is_floating() ? "sem.expr.cmp.float" : nullptr) : arith_rule(op->kind, e)});
  }
  Value value(Frame &f) const override {
    bump(hits_);
    Value a = a_->value(f);
    Value b = b_->value(f);
    return compare_ ? apply_compare(f.m, kind_, a, b, src->loc)
                    : apply_arith(f.m, kind_, a, b, src->loc);
  }

private:
  CExprPtr a_, b_;
  ExprKind kind_;
  bool compare_;
  uint64_t *hits_;
};

CExprPtr compile_binary(Compiler &c, const ir::BinaryNode *op) {
  const DataType a = op->a->dtype, b = op->b->dtype;
  if (a != b || !(a.is_integer() || a.is_floating()))
    return invalid(op, "type.expr.binary.match",
                   "operands of " + ir::to_string(a) + " and " + ir::to_string(b));
  if (op->kind == ExprKind::Mod && a.is_floating())
    return invalid(op, "type.expr.mod.int", "Mod of float operands");
  return std::make_unique<BinaryExpr>(c, op);
}

// ---------------------------------------------------------------- 14-15. Logical ops

// [sem.expr.and] [sem.expr.or] scalar: a, and b only when a does not decide.
class Logical final : public CExpr {
public:
  Logical(Compiler &c, const ir::BinaryNode *op, bool is_and)
      : CExpr(op), a_(c.expr(op->a)), b_(c.expr(op->b)), decided_(is_and ? 0 : 1),
        hits_(c.counter(is_and ? "sem.expr.and" : "sem.expr.or")) {}
  Value value(Frame &f) const override {
    bump(hits_);
    Value a = a_->value(f);
    if (a.bits(0) == decided_)
      return a;
    return b_->value(f);
  }

private:
  CExprPtr a_, b_;
  uint64_t decided_;
  uint64_t *hits_;
};

// [sem.expr.and.vector] [sem.expr.or.vector] lane-wise; both operands are evaluated.
class LogicalVector final : public CExpr {
public:
  LogicalVector(Compiler &c, const ir::BinaryNode *op, bool is_and)
      : CExpr(op), a_(c.expr(op->a)), b_(c.expr(op->b)), is_and_(is_and),
        hits_(c.counter(is_and ? "sem.expr.and.vector" : "sem.expr.or.vector")) {}
  Value value(Frame &f) const override {
    bump(hits_);
    Value a = a_->value(f);
    const uint64_t decided = is_and_ ? 0 : 1;
    bool some_decided = false;
    for (int i = 0; i < a.lanes(); ++i)
      some_decided |= a.bits(i) == decided;
    Value b;
    try {
      b = b_->value(f);
    } catch (const Trap &t) {
      // [unspec.vector_logical_side_effects] b failed, but an implementation may skip the lanes
      // of b that a already decides, and with them the failure.
      if (!some_decided)
        throw;
      f.m.hit("unspec.vector_logical_side_effects");
      trap_unspecified(
          runtime::UnspecifiedClass::Any, "unspec.vector_logical_side_effects", f.m.where(src->loc),
          "the second operand of a vector " + std::string(is_and_ ? "and" : "or") + " fails (" +
              runtime::to_string(t.outcome) + ") where the first decides some lanes");
    }
    for (int i = 0; i < a.lanes(); ++i)
      a.set_bits(i, is_and_ ? (a.bits(i) & b.bits(i)) : (a.bits(i) | b.bits(i)));
    return a;
  }

private:
  CExprPtr a_, b_;
  bool is_and_;
  uint64_t *hits_;
};

CExprPtr compile_logical(Compiler &c, const ir::BinaryNode *op, bool is_and) {
  if (!op->a->dtype.is_bool())
    return invalid(op, "type.expr.logical.bool", "logical operand not bool");
  if (op->b->dtype != op->a->dtype)
    return invalid(op, "type.expr.logical.lanes", "logical operands differ");
  if (op->a->dtype.lanes == 1)
    return std::make_unique<Logical>(c, op, is_and);
  return std::make_unique<LogicalVector>(c, op, is_and);
}

// [sem.expr.not] flips each Bool lane.
class NotExpr final : public CExpr {
public:
  NotExpr(Compiler &c, const ir::NotNode *op)
      : CExpr(op), a_(c.expr(op->a)), hits_(c.counter("sem.expr.not")) {}
  Value value(Frame &f) const override {
    bump(hits_);
    Value a = a_->value(f);
    for (int i = 0; i < a.lanes(); ++i)
      a.set_bits(i, a.bits(i) ^ 1u);
    return a;
  }

private:
  CExprPtr a_;
  uint64_t *hits_;
};

} // namespace

CExprPtr compile_expr(Compiler &c, const ir::PrimExpr &e) {
  const ir::ExprNode *n = e.get();
  switch (n->kind) {
  case ExprKind::Var: {
    return std::make_unique<VarExpr>(c, static_cast<const ir::VarNode *>(n));
  }
  case ExprKind::IntImm: {
    // [sem.expr.intimm] the value in its dtype.
    const auto *op = static_cast<const ir::IntImmNode *>(n);
    if (!op->dtype.is_integer())
      return invalid(op, "type.expr.intimm.code", "IntImm of " + ir::to_string(op->dtype));
    return std::make_unique<Constant>(
        op,
        Value::broadcast_bits(op->dtype,
                              num::wrap(static_cast<uint64_t>(op->value), op->dtype.bits)),
        c.counter("sem.expr.intimm"));
  }
  case ExprKind::FloatImm: {
    // [sem.expr.floatimm] rounded once, to nearest-even, into the dtype.
    const auto *op = static_cast<const ir::FloatImmNode *>(n);
    if (!op->dtype.is_floating())
      return invalid(op, "type.expr.floatimm.code", "FloatImm of " + ir::to_string(op->dtype));
    return std::make_unique<Constant>(op, Value::from_double(op->dtype, op->value),
                                      c.counter("sem.expr.floatimm"));
  }
  case ExprKind::StringImm:
    // [sem.expr.stringimm] a handle to the characters, alive for the whole run.
    return std::make_unique<Constant>(
        n, Value::string_handle(static_cast<const ir::StringImmNode *>(n)->value),
        c.counter("sem.expr.stringimm"));
  case ExprKind::Cast:
    return std::make_unique<CastExpr>(c, static_cast<const ir::CastNode *>(n));
  case ExprKind::Select:
    return std::make_unique<SelectExpr>(c, static_cast<const ir::SelectNode *>(n));
  case ExprKind::BufferLoad:
    return compile_load(c, static_cast<const ir::BufferLoadNode *>(n));
  case ExprKind::Ramp: {
    const auto *op = static_cast<const ir::RampNode *>(n);
    const DataType b = op->base->dtype;
    if (b != op->stride->dtype || b.lanes != 1 || op->lanes < 1 || op->lanes > Value::kMaxLanes)
      return invalid(op, "type.expr.ramp.operands", "ramp operands");
    if (!is_scalar(b))
      return invalid(op, "type.expr.ramp.int", "ramp of " + ir::to_string(b));
    return std::make_unique<RampExpr>(c, op);
  }
  case ExprKind::Broadcast: {
    const auto *op = static_cast<const ir::BroadcastNode *>(n);
    if (!is_scalar(op->value->dtype) || op->lanes < 1 || op->lanes > Value::kMaxLanes)
      return invalid(op, "type.expr.broadcast.scalar",
                     "broadcast of " + ir::to_string(op->value->dtype));
    return std::make_unique<BroadcastExpr>(c, op);
  }
  case ExprKind::Let:
    return std::make_unique<LetExpr>(c, static_cast<const ir::LetNode *>(n));
  case ExprKind::Call:
    return compile_call(c, static_cast<const ir::CallNode *>(n));
  case ExprKind::Shuffle:
    return std::make_unique<ShuffleExpr>(c, static_cast<const ir::ShuffleNode *>(n));
  case ExprKind::Add:
  case ExprKind::Sub:
  case ExprKind::Mul:
  case ExprKind::Div:
  case ExprKind::Mod:
  case ExprKind::FloorDiv:
  case ExprKind::FloorMod:
  case ExprKind::Min:
  case ExprKind::Max:
  case ExprKind::EQ:
  case ExprKind::NE:
  case ExprKind::LT:
  case ExprKind::LE:
  case ExprKind::GE:
  case ExprKind::GT:
    return compile_binary(c, static_cast<const ir::BinaryNode *>(n));
  case ExprKind::And:
    return compile_logical(c, static_cast<const ir::BinaryNode *>(n), true);
  case ExprKind::Or:
    return compile_logical(c, static_cast<const ir::BinaryNode *>(n), false);
  case ExprKind::Not: {
    const auto *op = static_cast<const ir::NotNode *>(n);
    if (!op->a->dtype.is_bool())
      return invalid(op, "type.expr.not.bool", "Not of a non-bool");
    return std::make_unique<NotExpr>(c, op);
  }
  }
  return invalid(n, "sem.expr.var", "unknown expression kind");
}

} // namespace tirconf::oracle::eval
