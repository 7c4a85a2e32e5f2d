// Fast paths of scalar expressions (fast_paths.h): each node here does what the plain node of its
// rule (eval_expr.cc) does on one scalar lane, passing operands as raw lane bits instead of
// runtime::Values, with the operator, type or index count fixed when compiled. Each starts with
// the rule it implements; each maker returns null for a shape it does not handle (the plain
// node then reports whatever is wrong with it).
#include "oracle/eval/expr_rules.h"
#include "oracle/eval/fast_nodes.h"
#include "oracle/eval/lanes.h"
#include "oracle/eval/trap.h"
#include "oracle/eval/wrap_arith.h"
#include "oracle/numeric/cast.h"
#include "oracle/numeric/float_ops.h"
#include "oracle/numeric/integer.h"
#include "oracle/numeric/lane.h"

namespace tirconf::oracle::eval {

namespace num = oracle::numeric;
using ir::DataType;
using ir::ExprKind;
using runtime::Value;

namespace {

// ---------------------------------------------------------------- 1-4. leaves

// [sem.expr.var] the value currently bound; a fast parent reads it in place (scalar_bits).
class VarScalar final : public CExpr {
public:
  VarScalar(Compiler &c, const ir::VarNode *op)
      : CExpr(op), slot_(c.var(op)), hits_(c.counter("sem.expr.var")) {
    var_slot = slot_;
    var_hits = hits_;
    var_loop = c.p.vars[static_cast<size_t>(slot_)].loop_var;
  }
  uint64_t bits(Frame &f) const override {
    bump(hits_);
    if (f.flags[static_cast<size_t>(slot_)] != Frame::kBound)
      var_fault(f, static_cast<const ir::VarNode *>(src), slot_);
    return f.regs[static_cast<size_t>(slot_)];
  }

private:
  int slot_;
  uint64_t *hits_;
};

// [sem.expr.intimm] [sem.expr.floatimm] a constant, computed once here.
class ConstScalar final : public CExpr {
public:
  ConstScalar(const ir::ExprNode *src, uint64_t b, uint64_t *hits)
      : CExpr(src), bits_(b), hits_(hits) {}
  uint64_t bits(Frame &) const override {
    bump(hits_);
    return bits_;
  }

private:
  uint64_t bits_;
  uint64_t *hits_;
};

// ---------------------------------------------------------------- 5. Cast

// [sem.expr.cast] one lane, the refinement (cast_rule) fixed when compiled.
class CastScalar final : public CExpr {
public:
  CastScalar(Compiler &c, const ir::CastNode *op)
      : CExpr(op), a_(c.expr(op->value)), hits_(c.counter("sem.expr.cast")),
        rule_hits_(c.counter(cast_rule(a_->type, op->dtype, false))) {}
  uint64_t bits(Frame &f) const override {
    bump(hits_);
    const uint64_t x = scalar_bits(*a_, f);
    bump(rule_hits_);
    num::LaneResult r = num::cast_lane(a_->type, x, type);
    if (!r.ok())
      cast_fault(f, src, r, Value::broadcast_bits(a_->type, x), 0);
    return r.bits;
  }

private:
  CExprPtr a_;
  uint64_t *hits_, *rule_hits_;
};

// ---------------------------------------------------------------- 6. Select

// [sem.expr.select] condition, true_value and false_value are all evaluated.
class SelectScalar final : public CExpr {
public:
  SelectScalar(Compiler &c, const ir::SelectNode *op)
      : CExpr(op), c_(c.expr(op->condition)), t_(c.expr(op->true_value)),
        f_(c.expr(op->false_value)), hits_(c.counter("sem.expr.select")) {}
  uint64_t bits(Frame &f) const override {
    bump(hits_);
    const uint64_t c = scalar_bits(*c_, f);
    const uint64_t t = scalar_bits(*t_, f);
    const uint64_t e = scalar_bits(*f_, f);
    return c ? t : e;
  }

private:
  CExprPtr c_, t_, f_;
  uint64_t *hits_;
};

// ---------------------------------------------------------------- 7. BufferLoad

// [sem.expr.bufferload] [sem.expr.bufferload.nullary] one-lane elements at N scalar indices,
// fetched left to right, the element's width fixed when compiled.
template <size_t N, int Unit> class LoadScalar final : public CExpr {
public:
  LoadScalar(Compiler &c, const ir::BufferLoadNode *op)
      : CExpr(op), buffer_(c.buffer(op->buffer.get())), idx_(c, op->indices),
        hits_(c.counter(add_folded_reads(
            {N == 0 ? "sem.expr.bufferload.nullary" : "sem.expr.bufferload"}, idx_.ops))) {}
  uint64_t bits(Frame &f) const override { return load(f); }
  // bits(), for a parent that knows this node's class (WrapLoads).
  [[gnu::always_inline]] uint64_t load(Frame &f) const {
    // The hot case, with nothing to count or check before it is sure to succeed: every index a
    // loop Var, a registered view, an element that needs no check beyond its shape.
    int64_t slot;
    if (Allocation *a = idx_.hot(f, buffer_, &slot); a && a->readable(slot)) {
      bump(hits_);
      return a->template get_as<Unit>(slot);
    }
    return general(f);
  }

private:
  [[gnu::noinline]] uint64_t general(Frame &f) const {
    int64_t at[N + 1];
    idx_.fetch(f, at);
    bump(hits_);
    return f.m.load_n<N, Unit>(f.view(buffer_, src->loc), at, src->loc);
  }

  int buffer_;
  ScalarIndices<N> idx_;
  uint64_t *hits_;
};

// ---------------------------------------------------------------- 10. Let

// [sem.expr.let] value once, bound to var while the scalar body is evaluated.
class LetScalar final : public CExpr {
public:
  LetScalar(Compiler &c, const ir::LetNode *op)
      : CExpr(op), value_(c.expr(op->value)), slot_(c.var(op->var.get())), body_(c.expr(op->body)),
        hits_(c.counter("sem.expr.let")) {}
  uint64_t bits(Frame &f) const override {
    bump(hits_);
    Value v = value_->value(f);
    ScopedSlot bind(f, slot_);
    f.set(slot_, v);
    return body_->bits(f);
  }

private:
  CExprPtr value_;
  int slot_;
  CExprPtr body_;
  uint64_t *hits_;
};

// ---------------------------------------------------------------- 13, 16. Binary ops, comparisons

// [sem.expr.binary] [sem.expr.cmp] one lane, a then b: every rule BinaryExpr counts, counted as
// it does (in one slot, before the operands), then lanes.h's lane function.
class BinaryScalar final : public CExpr {
public:
  BinaryScalar(Compiler &c, const ir::BinaryNode *op)
      : CExpr(op), a_(c.expr(op->a)), b_(c.expr(op->b)), kind_(op->kind),
        compare_(is_compare(op->kind)), e_(a_->type) {
    hits_ = c.counter({compare_ ? "sem.expr.cmp" : "sem.expr.binary", binary_rule(op->kind),
                       compare_ ? (e_.is_floating() ? "sem.expr.cmp.float" : nullptr)
                                : arith_rule(op->kind, e_)});
  }
  uint64_t bits(Frame &f) const override {
    bump(hits_);
    const uint64_t a = scalar_bits(*a_, f);
    const uint64_t b = scalar_bits(*b_, f);
    if (compare_)
      return compare_lane(kind_, e_, a, b);
    if (e_.is_integer()) { // the wrapping three, without the dispatch the others need
      if (kind_ == ExprKind::Add)
        return num::int_add(e_, a, b);
      if (kind_ == ExprKind::Mul)
        return num::int_mul(e_, a, b);
      if (kind_ == ExprKind::Sub)
        return num::int_sub(e_, a, b);
    }
    return arith_lane(f.m, kind_, e_, a, b, src->loc);
  }

private:
  CExprPtr a_, b_;
  ExprKind kind_;
  bool compare_;
  DataType e_;
  uint64_t *hits_;
};

// [sem.expr.binary] [sem.expr.add] [sem.expr.sub] [sem.expr.mul] on int32 / int64 / float32 /
// float64 with the kind and type fixed when compiled: no dispatch, and the integer ones
// (numeric/integer.h, inline) reduce to one instruction and a mask.
template <ExprKind K, int Bits, bool Float> class WrapScalar final : public CExpr {
public:
  // [sem.expr.int_wrap] [sem.expr.float_ieee] the arithmetic itself is oracle/numeric's.
  WrapScalar(Compiler &c, const ir::BinaryNode *op, CExprPtr a, CExprPtr b)
      : CExpr(op), a_(std::move(a)), b_(std::move(b)), hits_(c.counter(wrap_rules<K, Float>())) {}
  uint64_t bits(Frame &f) const override {
    bump(hits_);
    const uint64_t a = scalar_bits(*a_, f);
    const uint64_t b = scalar_bits(*b_, f);
    return wrap_arith<K, Bits, Float>(a, b);
  }

private:
  CExprPtr a_, b_;
  uint64_t *hits_;
};

// WrapScalar of two scalar loads of N indices (A[i, k] * B[k, j]): the loads run without a
// virtual call each, in the same order, with the same counts.
template <ExprKind K, int Bits, bool Float, size_t N> class WrapLoads final : public CExpr {
  using Load = LoadScalar<N, Bits / 8>;

public:
  WrapLoads(Compiler &c, const ir::BinaryNode *op, CExprPtr a, CExprPtr b)
      : CExpr(op), a_node_(std::move(a)), b_node_(std::move(b)),
        a_(static_cast<const Load &>(*a_node_)), b_(static_cast<const Load &>(*b_node_)),
        hits_(c.counter(wrap_rules<K, Float>())) {}
  uint64_t bits(Frame &f) const override {
    bump(hits_);
    const uint64_t a = a_.load(f);
    const uint64_t b = b_.load(f);
    return wrap_arith<K, Bits, Float>(a, b);
  }

private:
  CExprPtr a_node_, b_node_;
  const Load &a_, &b_;
  uint64_t *hits_;
};

template <ExprKind K, int Bits, bool Float>
CExprPtr wrap_scalar(Compiler &c, const ir::BinaryNode *op) {
  CExprPtr a = c.expr(op->a), b = c.expr(op->b);
  auto loads = [&]<size_t N>() {
    using Load = LoadScalar<N, Bits / 8>;
    return dynamic_cast<const Load *>(a.get()) && dynamic_cast<const Load *>(b.get());
  };
  if (loads.template operator()<1>())
    return std::make_unique<WrapLoads<K, Bits, Float, 1>>(c, op, std::move(a), std::move(b));
  if (loads.template operator()<2>())
    return std::make_unique<WrapLoads<K, Bits, Float, 2>>(c, op, std::move(a), std::move(b));
  if (loads.template operator()<3>())
    return std::make_unique<WrapLoads<K, Bits, Float, 3>>(c, op, std::move(a), std::move(b));
  return std::make_unique<WrapScalar<K, Bits, Float>>(c, op, std::move(a), std::move(b));
}

template <int Bits, bool Float> CExprPtr wrap_scalar(Compiler &c, const ir::BinaryNode *op) {
  switch (op->kind) {
  case ExprKind::Add:
    return wrap_scalar<ExprKind::Add, Bits, Float>(c, op);
  case ExprKind::Sub:
    return wrap_scalar<ExprKind::Sub, Bits, Float>(c, op);
  default:
    return wrap_scalar<ExprKind::Mul, Bits, Float>(c, op);
  }
}

// [sem.expr.binary] [sem.expr.div] [sem.expr.mod] [sem.expr.floordiv] [sem.expr.floormod] on one
// integer lane with the kind fixed when compiled: a then b, then the rule's oracle/numeric
// function. A fault (division by zero, INT_MIN / -1) is reported by arith_lane, which computes
// the same lane again and says what BinaryExpr says.
template <ExprKind K> class DivScalar final : public CExpr {
public:
  DivScalar(Compiler &c, const ir::BinaryNode *op)
      : CExpr(op), a_(c.expr(op->a)), b_(c.expr(op->b)), e_(a_->type),
        hits_(c.counter({"sem.expr.binary", binary_rule(K)})) {}
  uint64_t bits(Frame &f) const override {
    bump(hits_);
    const uint64_t a = scalar_bits(*a_, f);
    const uint64_t b = scalar_bits(*b_, f);
    num::LaneResult r;
    if constexpr (K == ExprKind::Div)
      r = num::int_div(e_, a, b);
    else if constexpr (K == ExprKind::Mod)
      r = num::int_mod(e_, a, b);
    else if constexpr (K == ExprKind::FloorDiv)
      r = num::int_floordiv(e_, a, b);
    else
      r = num::int_floormod(e_, a, b);
    return r.ok() ? r.bits : arith_lane(f.m, K, e_, a, b, src->loc);
  }

private:
  CExprPtr a_, b_;
  DataType e_;
  uint64_t *hits_;
};

// ---------------------------------------------------------------- 14-15. Logical ops

// [sem.expr.and] [sem.expr.or] one lane: a, and b only when a does not decide.
class LogicalScalar final : public CExpr {
public:
  LogicalScalar(Compiler &c, const ir::BinaryNode *op, bool is_and)
      : CExpr(op), a_(c.expr(op->a)), b_(c.expr(op->b)), decided_(is_and ? 0 : 1),
        hits_(c.counter(is_and ? "sem.expr.and" : "sem.expr.or")) {}
  uint64_t bits(Frame &f) const override {
    bump(hits_);
    const uint64_t a = scalar_bits(*a_, f);
    if (a == decided_)
      return a;
    return scalar_bits(*b_, f);
  }

private:
  CExprPtr a_, b_;
  uint64_t decided_;
  uint64_t *hits_;
};

// [sem.expr.not] flips the Bool lane.
class NotScalar final : public CExpr {
public:
  NotScalar(Compiler &c, const ir::NotNode *op)
      : CExpr(op), a_(c.expr(op->a)), hits_(c.counter("sem.expr.not")) {}
  uint64_t bits(Frame &f) const override {
    bump(hits_);
    return scalar_bits(*a_, f) ^ 1u;
  }

private:
  CExprPtr a_;
  uint64_t *hits_;
};

} // namespace

// ---------------------------------------------------------------- makers (fast_nodes.h)

CExprPtr fast_var(Compiler &c, const ir::VarNode *op) {
  return is_scalar(op->dtype) ? std::make_unique<VarScalar>(c, op) : nullptr;
}

CExprPtr fast_int_imm(Compiler &c, const ir::IntImmNode *op) {
  if (!is_scalar(op->dtype) || !op->dtype.is_integer())
    return nullptr;
  return std::make_unique<ConstScalar>(op,
                                       num::wrap(static_cast<uint64_t>(op->value), op->dtype.bits),
                                       c.counter("sem.expr.intimm"));
}

CExprPtr fast_float_imm(Compiler &c, const ir::FloatImmNode *op) {
  if (!is_scalar(op->dtype) || !op->dtype.is_floating())
    return nullptr;
  return std::make_unique<ConstScalar>(op, Value::from_double(op->dtype, op->value).bits(0),
                                       c.counter("sem.expr.floatimm"));
}

CExprPtr fast_cast(Compiler &c, const ir::CastNode *op) {
  if (!is_scalar(op->dtype) || !is_scalar(op->value->dtype))
    return nullptr;
  return std::make_unique<CastScalar>(c, op);
}

CExprPtr fast_select(Compiler &c, const ir::SelectNode *op) {
  if (!is_scalar(op->dtype) || op->condition->dtype.lanes != 1 ||
      op->true_value->dtype != op->dtype || op->false_value->dtype != op->dtype)
    return nullptr;
  return std::make_unique<SelectScalar>(c, op);
}

CExprPtr fast_load(Compiler &c, const ir::BufferLoadNode *op) {
  for (const auto &i : op->indices)
    if (!i->dtype.is_integer() || i->dtype.lanes != 1)
      return nullptr;
  if (op->buffer->dtype.lanes != 1 || !is_scalar(op->dtype))
    return nullptr;
  return dispatch_access<CExprPtr>(
      op->indices.size(), slot_unit(op->buffer->dtype),
      [&]<size_t N, int Unit>() { return std::make_unique<LoadScalar<N, Unit>>(c, op); });
}

CExprPtr fast_let(Compiler &c, const ir::LetNode *op) {
  return is_scalar(op->dtype) ? std::make_unique<LetScalar>(c, op) : nullptr;
}

CExprPtr fast_binary(Compiler &c, const ir::BinaryNode *op) {
  const DataType a = op->a->dtype;
  if (a != op->b->dtype || !is_scalar(a) || (op->kind == ExprKind::Mod && a.is_floating()))
    return nullptr;
  const bool wraps =
      op->kind == ExprKind::Add || op->kind == ExprKind::Sub || op->kind == ExprKind::Mul;
  if (wraps && a == DataType::Int(32))
    return wrap_scalar<32, false>(c, op);
  if (wraps && a == DataType::Int(64))
    return wrap_scalar<64, false>(c, op);
  if (wraps && a == DataType::Float(32))
    return wrap_scalar<32, true>(c, op);
  if (wraps && a == DataType::Float(64))
    return wrap_scalar<64, true>(c, op);
  if (a.is_integer())
    switch (op->kind) {
    case ExprKind::Div:
      return std::make_unique<DivScalar<ExprKind::Div>>(c, op);
    case ExprKind::Mod:
      return std::make_unique<DivScalar<ExprKind::Mod>>(c, op);
    case ExprKind::FloorDiv:
      return std::make_unique<DivScalar<ExprKind::FloorDiv>>(c, op);
    case ExprKind::FloorMod:
      return std::make_unique<DivScalar<ExprKind::FloorMod>>(c, op);
    default:
      break;
    }
  return std::make_unique<BinaryScalar>(c, op);
}

CExprPtr fast_logical(Compiler &c, const ir::BinaryNode *op, bool is_and) {
  const DataType a = op->a->dtype;
  if (!a.is_bool() || a.lanes != 1 || op->b->dtype != a)
    return nullptr;
  return std::make_unique<LogicalScalar>(c, op, is_and);
}

CExprPtr fast_not(Compiler &c, const ir::NotNode *op) {
  const DataType a = op->a->dtype;
  return a.is_bool() && a.lanes == 1 ? std::make_unique<NotScalar>(c, op) : nullptr;
}

} // namespace tirconf::oracle::eval
