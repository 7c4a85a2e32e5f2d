// Builtin calls ("Builtin Calls"; spec/rules/builtins.yaml): which builtin a Call names is decided
// once, when the PrimFunc is compiled. [builtin.args] every listed builtin evaluates all its
// arguments left to right before acting, except if_then_else (condition, then the chosen arm) and
// assume (nothing). Lane arithmetic is oracle/numeric's (bitwise, shifts) or math_builtins'
// (float math).
#include <bit>
#include <optional>

#include "ir/visitor.h"
#include "oracle/eval/barrier.h"
#include "oracle/eval/exec_stmt.h"
#include "oracle/eval/math_builtins.h"
#include "oracle/eval/plan.h"
#include "oracle/eval/trap.h"
#include "oracle/numeric/float_ops.h"
#include "oracle/numeric/integer.h"
#include "oracle/numeric/lane.h"

namespace tirconf::oracle::eval {

namespace num = oracle::numeric;
using ir::DataType;
using runtime::Value;

namespace {

enum class Builtin : uint8_t {
  Ret,
  IfThenElse,
  Assume,
  Likely,
  Reinterpret,
  BitwiseAnd,
  BitwiseOr,
  BitwiseXor,
  BitwiseNot,
  Popcount,
  Clz,
  Undef,
  IgnoreLoopPartition,
  ProfileMark,
  ShiftLeft,
  ShiftRight,
  IsNan,
  IsInf,
  IsFinite,
  Ldexp,
  Math,
  Unlisted,
};

struct Known {
  const char *name;
  Builtin kind;
  const char *rule;
  int arity; // -1: checked elsewhere
};
constexpr Known kKnown[] = {
    {"tir.ret", Builtin::Ret, "builtin.ret", 1},
    {"tir.if_then_else", Builtin::IfThenElse, "builtin.if_then_else", 3},
    {"tir.assume", Builtin::Assume, "builtin.assume", -1},
    {"tir.likely", Builtin::Likely, "builtin.likely", 1},
    {"tir.reinterpret", Builtin::Reinterpret, "builtin.reinterpret", 1},
    {"tir.bitwise_and", Builtin::BitwiseAnd, "builtin.bitwise_and", 2},
    {"tir.bitwise_or", Builtin::BitwiseOr, "builtin.bitwise_or", 2},
    {"tir.bitwise_xor", Builtin::BitwiseXor, "builtin.bitwise_xor", 2},
    {"tir.bitwise_not", Builtin::BitwiseNot, "builtin.bitwise_not", 1},
    {"tir.popcount", Builtin::Popcount, "builtin.popcount", 1},
    {"tir.clz", Builtin::Clz, "builtin.clz", 1},
    {"tir.undef", Builtin::Undef, "unspec.undef", 0},
    {"tir.ignore_loop_partition", Builtin::IgnoreLoopPartition, "builtin.ignore_loop_partition", 1},
    {"tir.start_profile_intrinsic", Builtin::ProfileMark, "builtin.profile_intrinsic", 1},
    {"tir.end_profile_intrinsic", Builtin::ProfileMark, "builtin.profile_intrinsic", 1},
    {"tir.shift_left", Builtin::ShiftLeft, "builtin.shift_left", 2},
    {"tir.shift_right", Builtin::ShiftRight, "builtin.shift_right", 2},
    {"tir.isnan", Builtin::IsNan, "builtin.isnan", 1},
    {"tir.isinf", Builtin::IsInf, "builtin.isinf", 1},
    {"tir.isfinite", Builtin::IsFinite, "builtin.isfinite", 1},
    {"tir.ldexp", Builtin::Ldexp, "builtin.ldexp", 2},
};

// The lane of `v` that goes with lane i of a result of `lanes` lanes (a scalar broadcasts).
uint64_t lane_for(const Value &v, int i) {
  return v.bits(v.lanes() == 1 ? 0 : i);
}

class BuiltinCall final : public CExpr {
public:
  BuiltinCall(Compiler &c, const ir::CallNode *op)
      : CExpr(op), call_hits_(c.counter("sem.expr.call.builtin")) {
    for (const auto &a : op->args)
      args_.push_back(c.expr(a));
    for (const Known &k : kKnown)
      if (op->op == k.name) {
        kind_ = k.kind;
        rule_ = k.rule;
        arity_ = k.arity;
      }
    if (kind_ == Builtin::Unlisted) {
      if (auto info = find_math(op->op)) {
        kind_ = Builtin::Math;
        math_ = *info;
        rule_ = info->rule;
        arity_ = info->arity;
      } else {
        rule_ = "unspec.builtin_unlisted";
      }
    }
    if (kind_ == Builtin::Assume && op->args.size() == 1) {
      struct CallFinder : ir::IRVisitor {
        bool found = false;
        void VisitExpr_(const ir::CallNode *) override { found = true; }
      } finder;
      finder.VisitExpr(op->args[0]);
      assume_checkable_ = !finder.found;
    }
    rule_hits_ = c.counter(rule_);
    args_hits_ = c.counter("builtin.args");
    lanes_hits_ = c.counter("builtin.math.lanes");
  }

  Value value(Frame &f) const override;

private:
  const ir::CallNode *call() const { return static_cast<const ir::CallNode *>(src); }
  [[noreturn]] void bad_call(Frame &f, const char *rule, const std::string &why) const {
    trap_invalid(rule, f.m.where(src->loc), call()->op + ": " + why);
  }
  void arity(Frame &f) const {
    if (arity_ >= 0 && args_.size() != static_cast<size_t>(arity_))
      bad_call(f, rule_, "takes " + std::to_string(arity_) + " arguments");
  }
  Value assume(Frame &f) const;
  Value reinterpret(Frame &f, const Value &x) const;
  Value shift(Frame &f, const Value &x, const Value &n) const;
  Value classify(Frame &f, const Value &x) const;
  Value math(Frame &f, const std::vector<Value> &v) const;

  std::vector<CExprPtr> args_;
  Builtin kind_ = Builtin::Unlisted;
  const char *rule_ = nullptr;
  int arity_ = -1;
  MathInfo math_{};
  bool assume_checkable_ = false;
  uint64_t *call_hits_, *rule_hits_ = nullptr, *args_hits_, *lanes_hits_;
};

Value BuiltinCall::value(Frame &f) const {
  bump(call_hits_);
  if (kind_ == Builtin::Unlisted) {
    // [unspec.builtin_unlisted] anything else (extern calls, packed functions, intrinsics).
    bump(rule_hits_);
    trap_unspecified(runtime::UnspecifiedClass::Any, "unspec.builtin_unlisted", f.m.where(src->loc),
                     "call of the unlisted builtin " + call()->op);
  }
  bump(rule_hits_);
  arity(f);
  switch (kind_) {
  case Builtin::Ret:
    // [builtin.ret] evaluate v, then end the current PrimFunc with it.
    throw ReturnSignal{args_[0]->value(f)};
  case Builtin::IfThenElse: {
    // [builtin.if_then_else] the condition, then only the chosen arm.
    if (!args_[0]->type.is_bool() || args_[0]->type.lanes != 1)
      bad_call(f, "builtin.if_then_else", "condition is not a bool scalar");
    return args_[0]->bits(f) ? args_[1]->value(f) : args_[2]->value(f);
  }
  case Builtin::Assume:
    return assume(f);
  case Builtin::Undef:
    // [unspec.undef] TVM's uninitialized value: evaluating it is unspecified.
    trap_unspecified(runtime::UnspecifiedClass::Uninitialized, "unspec.undef", f.m.where(src->loc),
                     "T.undef(): a value nobody defined");
  default:
    break;
  }
  // Every other builtin evaluates all its arguments first.
  bump(args_hits_);
  std::vector<Value> v;
  v.reserve(args_.size());
  for (const auto &a : args_)
    v.push_back(a->value(f));

  auto int_unary = [&](auto fn) {
    if (!v[0].dtype().is_integer())
      bad_call(f, rule_, "operand is not Int or UInt");
    Value r = v[0];
    for (int i = 0; i < r.lanes(); ++i)
      r.set_bits(i, fn(r.element_type(), r.bits(i)));
    return r;
  };
  auto int_binary = [&](auto fn) {
    if (v[0].dtype() != v[1].dtype() || !v[0].dtype().is_integer())
      bad_call(f, rule_, "operands differ or are not Int/UInt");
    Value r = v[0];
    for (int i = 0; i < r.lanes(); ++i)
      r.set_bits(i, fn(r.element_type(), v[0].bits(i), v[1].bits(i)));
    return r;
  };
  switch (kind_) {
  // [builtin.likely] [builtin.ignore_loop_partition] the argument, unchanged: hints to the
  // compiler only.
  case Builtin::Likely:
  case Builtin::IgnoreLoopPartition:
    return v[0];
  // [builtin.profile_intrinsic] a marker for a profiler: no effect on the program's state.
  case Builtin::ProfileMark:
    return Value::null_handle();
  case Builtin::Reinterpret:
    return reinterpret(f, v[0]);
  // [builtin.bitwise_and] [builtin.bitwise_or] [builtin.bitwise_xor] [builtin.bitwise_not]
  case Builtin::BitwiseAnd:
    return int_binary(num::bitwise_and);
  case Builtin::BitwiseOr:
    return int_binary(num::bitwise_or);
  case Builtin::BitwiseXor:
    return int_binary(num::bitwise_xor);
  case Builtin::BitwiseNot:
    return int_unary(num::bitwise_not);
  // [builtin.popcount] the number of 1 bits, in x's datatype.
  case Builtin::Popcount:
    return int_unary([](DataType, uint64_t x) { return static_cast<uint64_t>(std::popcount(x)); });
  case Builtin::Clz: {
    // [builtin.clz] the number of leading 0 bits of the scalar Int/UInt x in x's width, as an
    // int32; [unspec.clz_zero] for 0.
    const Value &x = v[0];
    if (!x.dtype().is_integer() || x.lanes() != 1)
      bad_call(f, "builtin.clz", "operand is not a scalar Int or UInt");
    const int width = x.dtype().bits;
    const uint64_t bits = width == 64 ? x.bits(0) : x.bits(0) & ((uint64_t{1} << width) - 1);
    if (bits == 0)
      trap_unspecified(runtime::UnspecifiedClass::Any, "unspec.clz_zero", f.m.where(src->loc),
                       "T.clz(0)");
    const int zeros = std::countl_zero(bits) - (64 - width);
    return Value::broadcast_bits(call()->dtype, static_cast<uint64_t>(zeros));
  }
  case Builtin::ShiftLeft:
  case Builtin::ShiftRight:
    return shift(f, v[0], v[1]);
  case Builtin::IsNan:
  case Builtin::IsInf:
  case Builtin::IsFinite:
    return classify(f, v[0]);
  case Builtin::Ldexp: {
    // [builtin.ldexp] x * 2^n rounded once.
    if (!v[0].dtype().is_floating() || !v[1].dtype().is_integer() ||
        (v[1].lanes() != 1 && v[1].lanes() != v[0].lanes()))
      bad_call(f, "builtin.ldexp", "takes a float and an integer exponent");
    Value r = v[0];
    for (int i = 0; i < r.lanes(); ++i) {
      int64_t n = v[1].lanes() == 1 ? index_value(v[1], 0) : index_value(v[1], i);
      r.set_bits(i, ldexp_lane(r.element_type(), v[0].bits(i), n));
    }
    return r;
  }
  case Builtin::Math:
    return math(f, v);
  default:
    bad_call(f, rule_, "unknown builtin");
  }
}

// [builtin.assume] no run-time effect; the condition is not evaluated. [unspec.assume_false]
// is decided only when the condition can be checked without effects: it is evaluated on the
// side (no calls, no conflict bookkeeping) and a clean 0 makes the run unspecified.
Value BuiltinCall::assume(Frame &f) const {
  if (args_.size() == 1 && assume_checkable_ && !f.m.conflicts.active()) {
    std::optional<Value> c;
    const uint64_t steps = f.m.steps;
    try {
      c = args_[0]->value(f);
    } catch (const Trap &) {
    }
    f.m.steps = steps;
    if (c && c->dtype().is_bool() && c->lanes() == 1 && c->bits(0) == 0) {
      f.m.hit("unspec.assume_false");
      trap_unspecified(runtime::UnspecifiedClass::Any, "unspec.assume_false", f.m.where(src->loc),
                       "tir.assume of a false condition");
    }
  }
  return type.is_void() || type.is_handle() ? Value() : Value::zeros(type);
}

// [builtin.reinterpret] the same bits, read as the call's dtype (same total width).
Value BuiltinCall::reinterpret(Frame &f, const Value &x) const {
  const DataType to = type;
  const DataType from = x.dtype();
  if (x.is_handle() || x.is_void() || to.is_handle() || to.is_void() ||
      from.bits * from.lanes != to.bits * to.lanes || (from.bits * from.lanes) % to.bits != 0)
    bad_call(f, "builtin.reinterpret", "from " + ir::to_string(from) + " to " + ir::to_string(to));
  // [unspec.nan_payload] the bits of a NaN are unspecified, so reinterpreting one is too.
  if (from.is_floating())
    for (int i = 0; i < x.lanes(); ++i)
      if (x.is_nan(i)) {
        f.m.hit("unspec.nan_payload");
        trap_unspecified(runtime::UnspecifiedClass::Any, "unspec.nan_payload", f.m.where(src->loc),
                         "reinterpret of a NaN, whose sign and payload are unspecified");
      }
  // Lanes concatenated little-endian (lane 0 lowest), then cut into the target's lanes.
  Value r = Value::zeros(to);
  for (int j = 0; j < to.lanes; ++j) {
    uint64_t out = 0;
    for (int b = 0; b < to.bits; ++b) {
      int64_t bit = static_cast<int64_t>(j) * to.bits + b;
      int lane = static_cast<int>(bit / from.bits), pos = static_cast<int>(bit % from.bits);
      out |= ((x.bits(lane) >> pos) & 1u) << b;
    }
    r.set_bits(j, out);
  }
  return r;
}

// [builtin.shift_left] [builtin.shift_right]; an amount outside [0, bits) is
// [unspec.shift_amount].
Value BuiltinCall::shift(Frame &f, const Value &x, const Value &n) const {
  const bool left = kind_ == Builtin::ShiftLeft;
  if (!x.dtype().is_integer() || !n.dtype().is_integer() ||
      (n.lanes() != 1 && n.lanes() != x.lanes()))
    bad_call(f, rule_, "operands are not Int/UInt of matching lanes");
  Value r = x;
  for (int i = 0; i < r.lanes(); ++i) {
    num::LaneResult lr =
        left ? num::shift_left(r.element_type(), x.bits(i), n.element_type(), lane_for(n, i))
             : num::shift_right(r.element_type(), x.bits(i), n.element_type(), lane_for(n, i));
    if (!lr.ok()) {
      f.m.hit(lr.rule.data());
      throw Trap{num::to_outcome(lr, f.m.where(src->loc),
                                 "shift of " + ir::to_string(r.element_type()) + " by " +
                                     runtime::lane_to_string(n.element_type(), lane_for(n, i)))};
    }
    r.set_bits(i, lr.bits);
  }
  return r;
}

// [builtin.isnan] [builtin.isinf] [builtin.isfinite] Bool lane-wise.
Value BuiltinCall::classify(Frame &f, const Value &x) const {
  if (x.is_handle() || x.is_void())
    bad_call(f, rule_, "operand is a handle");
  Value r = Value::zeros(DataType::Bool(x.lanes()));
  const DataType e = x.element_type();
  for (int i = 0; i < r.lanes(); ++i) {
    bool nan = false, inf = false;
    if (e.is_floating()) {
      double v = num::float_value(e, x.bits(i));
      nan = v != v;
      inf = !nan && (v - v) != (v - v);
    }
    r.set_bits(i, kind_ == Builtin::IsNan ? nan : kind_ == Builtin::IsInf ? inf : !(nan || inf));
  }
  return r;
}

// The float math builtins: [builtin.math.typing] [builtin.math.lanes] and each one's rule
// (math_builtins.h).
Value BuiltinCall::math(Frame &f, const std::vector<Value> &v) const {
  bump(lanes_hits_);
  for (const auto &a : v)
    if (!a.dtype().is_floating() || a.dtype() != v[0].dtype())
      bad_call(f, "builtin.math.typing", "arguments must be floats of one datatype");
  if (math_.fn == MathFn::Copysign)
    for (int i = 0; i < v[1].lanes(); ++i)
      if (v[1].is_nan(i)) {
        // [unspec.nan_payload] copysign reads the sign of a NaN, which is unspecified.
        f.m.hit("unspec.nan_payload");
        trap_unspecified(runtime::UnspecifiedClass::Any, "unspec.nan_payload", f.m.where(src->loc),
                         "copysign from a NaN, whose sign is unspecified");
      }
  Value r = v[0];
  for (int i = 0; i < r.lanes(); ++i)
    r.set_bits(i, math_lane(math_.fn, r.element_type(), v[0].bits(i),
                            math_.arity == 2 ? v[1].bits(i) : 0));
  return r;
}

} // namespace

// [builtin.address_of] a handle to the element a BufferLoad names: its allocation, at the byte
// where that element starts; the element must be inside the buffer ([unspec.oob]), as any access.
class AddressOf final : public CExpr {
public:
  AddressOf(Compiler &c, const ir::CallNode *op, const ir::BufferLoadNode *load)
      : CExpr(op), buffer_(c.buffer(load->buffer.get())), hits_(c.counter("builtin.address_of")) {
    for (const auto &i : load->indices)
      idx_.push_back(c.expr(i));
  }
  Value value(Frame &f) const override {
    bump(hits_);
    std::vector<int64_t> at;
    for (const auto &i : idx_) {
      if (!i->scalar || !i->type.is_integer())
        trap_invalid("builtin.address_of", f.m.where(src->loc),
                     "tir.address_of: an index is not an integer scalar");
      at.push_back(index_value(i->value(f), 0));
    }
    const View &v = f.view(buffer_, src->loc);
    const int64_t slot = f.m.element_slot_checked(v, at.data(), at.size(), src->loc);
    return buffer_handle(v.alloc->id, slot * v.alloc->unit);
  }

private:
  int buffer_;
  std::vector<CExprPtr> idx_;
  uint64_t *hits_;
};

// [builtin.storage_sync] tvm_storage_sync("shared" | "shared.dyn"): a barrier among the threads
// of a block (barrier.h); its value is int32 0. Other scopes order memory among warps or across
// blocks, which the oracle does not model ([unspec.barrier]).
class StorageSync final : public CExpr {
public:
  StorageSync(Compiler &c, const ir::CallNode *op, std::string scope)
      : CExpr(op), scope_(std::move(scope)), hits_(c.counter("builtin.storage_sync")) {}
  Value value(Frame &f) const override {
    bump(hits_);
    if (scope_ != "shared" && scope_ != "shared.dyn") {
      f.m.hit("unspec.barrier");
      trap_unspecified(runtime::UnspecifiedClass::Any, "unspec.barrier", f.m.where(src->loc),
                       "tvm_storage_sync(\"" + scope_ +
                           "\"): only a block's barrier (\"shared\") has a meaning here");
    }
    wait_at_barrier(f, src, src->loc);
    return Value::zeros(type);
  }

private:
  std::string scope_;
  uint64_t *hits_;
};

// [builtin.type_annotation] tir.type_annotation() carries only its dtype (the element type a
// tvm_access_ptr counts in); as a value it is a null handle.
class TypeAnnotation final : public CExpr {
public:
  TypeAnnotation(Compiler &c, const ir::CallNode *op)
      : CExpr(op), hits_(c.counter("builtin.type_annotation")) {}
  Value value(Frame &f) const override {
    bump(hits_);
    return Value::null_handle();
  }

private:
  uint64_t *hits_;
};

// [builtin.tvm_access_ptr] tvm_access_ptr(type_annotation(T), data, offset, extent, rw_mask): a
// handle to element `offset` (counted in T) of the memory `data` points to, for an access to
// `extent` elements of T from there, which must lie inside that allocation ([unspec.oob]);
// rw_mask (1 read, 2 write) says how it will be used and changes nothing here.
class AccessPtr final : public CExpr {
public:
  AccessPtr(Compiler &c, const ir::CallNode *op, ir::DataType element)
      : CExpr(op), element_bytes_((element.bits * element.lanes + 7) / 8),
        hits_(c.counter("builtin.tvm_access_ptr")) {
    for (size_t k = 1; k < op->args.size(); ++k)
      args_.push_back(c.expr(op->args[k]));
  }
  Value value(Frame &f) const override {
    bump(hits_);
    const Value data = args_[0]->value(f);
    std::vector<int64_t> ints;
    for (size_t k = 1; k < args_.size(); ++k) {
      if (!args_[k]->scalar || !args_[k]->type.is_integer())
        trap_invalid("builtin.tvm_access_ptr", f.m.where(src->loc),
                     "tir.tvm_access_ptr: offset, extent and mask must be integer scalars");
      ints.push_back(eval_int(f, *args_[k]));
    }
    if (!data.is_handle() || data.as_handle().kind != runtime::HandleValue::Kind::Buffer) {
      // [unspec.oob] no allocation to point into (a null or foreign handle).
      f.m.hit("unspec.oob");
      trap_unspecified(runtime::UnspecifiedClass::OutOfBounds, "unspec.oob", f.m.where(src->loc),
                       "tir.tvm_access_ptr into a handle that points to no allocation");
    }
    const runtime::HandleValue &h = data.as_handle();
    const Allocation *a = f.m.memory.find(h.allocation);
    const __int128 first =
        static_cast<__int128>(h.byte_offset) + static_cast<__int128>(ints[0]) * element_bytes_;
    const __int128 end = first + static_cast<__int128>(ints[1]) * element_bytes_;
    if (!a || ints[0] < 0 || ints[1] < 0 || first < 0 ||
        end > static_cast<__int128>(a->size()) * a->unit) {
      f.m.hit("unspec.oob");
      trap_unspecified(runtime::UnspecifiedClass::OutOfBounds, "unspec.oob", f.m.where(src->loc),
                       "tir.tvm_access_ptr: elements " + std::to_string(ints[0]) + " .. " +
                           std::to_string(ints[0] + ints[1]) + " lie outside the allocation");
    }
    return buffer_handle(h.allocation, static_cast<int64_t>(first));
  }

private:
  int64_t element_bytes_;
  std::vector<CExprPtr> args_; // data, offset, extent, rw_mask
  uint64_t *hits_;
};

CExprPtr compile_builtin(Compiler &c, const ir::CallNode *op) {
  if (op->op == "tir.type_annotation")
    return std::make_unique<TypeAnnotation>(c, op);
  if (op->op == "tir.tvm_access_ptr" && op->args.size() == 5)
    if (const auto *t = ir::as<ir::CallNode>(op->args[0]); t && t->op == "tir.type_annotation")
      return std::make_unique<AccessPtr>(c, op, t->dtype);
  if (op->op == "tir.tvm_storage_sync" && !op->args.empty())
    if (const auto *scope = ir::as<ir::StringImmNode>(op->args[0]))
      return std::make_unique<StorageSync>(c, op, scope->value);
  if (op->op == "tir.address_of" && op->args.size() == 1)
    if (const auto *load = ir::as<ir::BufferLoadNode>(op->args[0]); load && !load->predicate)
      return std::make_unique<AddressOf>(c, op, load);
  return std::make_unique<BuiltinCall>(c, op);
}

} // namespace tirconf::oracle::eval
