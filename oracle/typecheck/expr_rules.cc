// "Rules for Assigning Datatypes to PrimExprs", in the spec's order (1. Var ... 16. Comparison
// operators). Operands are checked first; a node whose operand failed is still checked with the
// operand's dtype field, so each fault is reported where it is and only there.
#include <charconv>
#include <cmath>
#include <limits>

#include "oracle/typecheck/typer.h"

namespace tirconf::oracle::typecheck {

using namespace ir;

void Typer::expr(const PrimExpr &e) {
  // Only a node with several owners can be reached twice; remembering just those keeps the
  // memo small (most nodes of a tree have exactly one parent).
  if (!e || (e.use_count() > 1 && !done_exprs_.insert(e.get()).second))
    return;
  Context::LocScope here(ctx_, e->loc);
  VisitExpr(e);
}

// ---------------------------------------------------------------- 1. Var and its annotation
void Typer::check_var(const VarNode *v) {
  if (!v || !done_vars_.insert(v).second)
    return;
  Context::LocScope here(ctx_, v->loc);
  const Type &ann = v->type_annotation;
  std::string what = "Var " + v->name_hint;
  switch (ann.kind) {
  case Type::Kind::Prim:
    check_dtype(ann.dtype, v->loc, "Var", v->name_hint);
    // [type.expr.var.dtype] A Void Var is annotated TupleType([]), never PrimType(void).
    ctx_.require(!ann.dtype.is_void(), "type.expr.var.dtype", v->loc, [&] {
      return what + ": a void Var is annotated TupleType([]), not PrimType(void)";
    });
    // [type.expr.var.annot_prim] [type.expr.var.prim_match] dtype is the PrimType's dtype.
    ctx_.require(v->dtype == ann.dtype, "type.expr.var.prim_match", v->loc, [&] {
      return what + ": dtype " + str(v->dtype) + " differs from its annotation " + str(ann);
    });
    break;
  case Type::Kind::Pointer:
    // [type.expr.var.pointer_handle] [type.expr.var.annot_pointer] handle64.
    if (ctx_.require(v->dtype.code == TypeCode::Handle, "type.expr.var.pointer_handle", v->loc,
                     [&] {
                       return what + ": a PointerType-annotated Var has a handle dtype, not " +
                              str(v->dtype);
                     }))
      ctx_.require(v->dtype == DataType::Handle(), "type.expr.var.annot_pointer", v->loc, [&] {
        return what + ": a PointerType-annotated Var has dtype handle (64 bits), not " +
               str(v->dtype);
      });
    // [type.expr.var.pointer_elem_prim] the element type is a PrimType; the scope is free-form.
    if (ctx_.require(
            ann.element && ann.element->is_prim(), "type.expr.var.pointer_elem_prim", v->loc,
            [&] { return what + ": the element type of " + str(ann) + " is not a PrimType"; }))
      check_dtype(ann.element->dtype, v->loc, "Var", v->name_hint);
    break;
  case Type::Kind::Tuple:
    // [type.expr.var.annot_other] only the empty TupleType annotates a Var.
    ctx_.require(ann.fields.empty(), "type.expr.var.annot_other", v->loc, [&] {
      return what + ": annotation " + str(ann) + " is none of PrimType, PointerType, TupleType([])";
    });
    // [type.expr.var.annot_tuple] TupleType([]) gives Void.
    ctx_.require(v->dtype == DataType::Void(), "type.expr.var.annot_tuple", v->loc, [&] {
      return what + ": a TupleType([])-annotated Var has dtype void, not " + str(v->dtype);
    });
    break;
  }
}

void Typer::VisitExpr_(const VarNode *op) {
  check_var(op);
}

// ---------------------------------------------------------------- 2. IntImm
void Typer::VisitExpr_(const IntImmNode *op) {
  DataType t = op->dtype;
  int64_t v = op->value;
  check_dtype(t, op->loc, "IntImm");
  // [type.expr.intimm.scalar]
  ctx_.require(t.lanes == 1, "type.expr.intimm.scalar", op->loc, [&] {
    return "IntImm " + std::to_string(v) + ": dtype " + str(t) + " is not a scalar";
  });
  // [type.expr.intimm.code]
  ctx_.require(t.is_integer(), "type.expr.intimm.code", op->loc, [&] {
    return "IntImm " + std::to_string(v) + ": dtype " + str(t) + " is neither Int nor UInt";
  });
  // The message, built only on failure.
  auto range = [&](int64_t lo, int64_t hi) {
    return [&, lo, hi] {
      return "IntImm " + std::to_string(v) + " is out of range for " + str(t) + " (" +
             std::to_string(lo) + " to " + std::to_string(hi) + ")";
    };
  };
  if (t.is_uint()) {
    // [type.expr.intimm.uint_range] 0 <= v, and v < 2^bits below 64 bits.
    bool ok = v >= 0 && (t.bits >= 64 || t.bits == 0 || v < (int64_t{1} << t.bits));
    ctx_.require(ok, "type.expr.intimm.uint_range", op->loc,
                 range(0, t.bits >= 63 || t.bits == 0 ? std::numeric_limits<int64_t>::max()
                                                      : (int64_t{1} << t.bits) - 1));
  } else if (t.is_int()) {
    // [type.expr.intimm.int_range] one bit: 0 or 1; 1 < bits < 64: [-2^(b-1), 2^(b-1)); 64: any.
    if (t.bits == 1) {
      ctx_.require(v == 0 || v == 1, "type.expr.intimm.int_range", op->loc, range(0, 1));
    } else if (t.bits > 1 && t.bits < 64) {
      int64_t half = int64_t{1} << (t.bits - 1);
      ctx_.require(v >= -half && v < half, "type.expr.intimm.int_range", op->loc,
                   range(-half, half - 1));
    }
  }
  // [type.expr.intimm.result] The datatype is the dtype field itself.
}

// ---------------------------------------------------------------- 3. FloatImm
namespace {
// The shortest decimal that reads back as v.
std::string shortest(double v) {
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

// Largest finite value of each format, as the spec lists them. float32's "3.402823466e38" is C's
// FLT_MAX macro, a float literal that denotes FLT_MAX exactly; read as a double it would be
// slightly below FLT_MAX and reject FLT_MAX itself, which is representable.
std::optional<double> float_max(DataType t) {
  if (t.is_bfloat() && t.bits == 16)
    return 3.38953139e38;
  if (!t.is_float())
    return std::nullopt;
  switch (t.bits) {
  case 16:
    return 65504.0;
  case 32:
    return static_cast<double>(std::numeric_limits<float>::max());
  case 64:
    return std::numeric_limits<double>::max();
  default:
    return std::nullopt;
  }
}
} // namespace

void Typer::VisitExpr_(const FloatImmNode *op) {
  DataType t = op->dtype;
  check_dtype(t, op->loc, "FloatImm");
  // [type.expr.floatimm.code]
  ctx_.require(t.is_floating(), "type.expr.floatimm.code", op->loc,
               [&] { return "FloatImm: dtype " + str(t) + " is neither Float nor BFloat"; });
  // [type.expr.floatimm.scalar]
  ctx_.require(t.lanes == 1, "type.expr.floatimm.scalar", op->loc,
               [&] { return "FloatImm: dtype " + str(t) + " is not a scalar"; });
  // [type.expr.floatimm.range] NaN and +-inf, or within +-max of the format.
  if (auto max = float_max(t)) {
    double v = op->value;
    ctx_.require(std::isnan(v) || std::isinf(v) || std::fabs(v) <= *max, "type.expr.floatimm.range",
                 op->loc, [&] {
                   return "FloatImm " + shortest(v) + " is out of range for " + str(t) + " (+-" +
                          shortest(*max) + ")";
                 });
  }
  // [type.expr.floatimm.result] The datatype is the dtype field itself.
}

// ---------------------------------------------------------------- 4. StringImm
void Typer::VisitExpr_(const StringImmNode *op) {
  // [type.expr.stringimm]
  ctx_.require(op->dtype == DataType::Handle(), "type.expr.stringimm", op->loc,
               [&] { return "StringImm: dtype is " + str(op->dtype) + ", not handle"; });
}

// ---------------------------------------------------------------- 5. Cast
void Typer::VisitExpr_(const CastNode *op) {
  expr(op->value);
  DataType to = op->dtype;
  check_dtype(to, op->loc, "Cast target");
  if (!op->value)
    return;
  DataType from = op->value->dtype;
  // [type.expr.cast.lanes]
  ctx_.require(from.lanes == to.lanes, "type.expr.cast.lanes", op->loc, [&] {
    return "Cast: operand has " + lanes(from.lanes) + " but the target " + str(to) + " has " +
           std::to_string(to.lanes);
  });
  // [type.expr.cast.from_handle]
  ctx_.require(from.code != TypeCode::Handle || to.code == TypeCode::Handle,
               "type.expr.cast.from_handle", op->loc,
               [&] { return "Cast: a " + str(from) + " operand cannot be cast to " + str(to); });
  // [type.expr.cast.to_handle]
  ctx_.require(to.code != TypeCode::Handle || from.is_integer() || from.code == TypeCode::Handle,
               "type.expr.cast.to_handle", op->loc, [&] {
                 return "Cast: only Int, UInt or handle operands cast to " + str(to) + ", not " +
                        str(from);
               });
  // [type.expr.cast.result] The datatype is the target dtype, the node's dtype field.
}

// ---------------------------------------------------------------- 6. Select
void Typer::VisitExpr_(const SelectNode *op) {
  expr(op->condition);
  expr(op->true_value);
  expr(op->false_value);
  if (!op->condition || !op->true_value || !op->false_value)
    return;
  DataType c = op->condition->dtype, t = op->true_value->dtype, f = op->false_value->dtype;
  // [type.expr.select.cond_bool]
  ctx_.require(is_bool(c), "type.expr.select.cond_bool", op->loc,
               [&] { return "Select: condition is " + str(c) + ", not bool"; });
  // [type.expr.select.arms_match]
  ctx_.require(t == f, "type.expr.select.arms_match", op->loc,
               [&] { return "Select: true_value is " + str(t) + " but false_value is " + str(f); });
  // [type.expr.select.cond_lanes]
  ctx_.require(c.lanes == 1 || c.lanes == t.lanes, "type.expr.select.cond_lanes", op->loc, [&] {
    return "Select: condition has " + lanes(c.lanes) + ", the arms " + std::to_string(t.lanes);
  });
  // [type.expr.select.result]
  if (!ctx_.require(op->dtype == t, "type.expr.select.result", op->loc, [&] {
        return "Select: dtype is " + str(op->dtype) + " but true_value is " + str(t);
      }))
    check_dtype(op->dtype, op->loc, "Select");
}

// ---------------------------------------------------------------- 7. BufferLoad
void Typer::VisitExpr_(const BufferLoadNode *op) {
  for (const auto &i : op->indices)
    expr(i);
  if (!op->buffer)
    return;
  check_buffer(op->buffer);
  const auto &idx = op->indices;
  const std::string &name = op->buffer->name;
  // [type.expr.bufferload.index_scalar] [type.expr.bufferload.index_int]
  // [type.expr.bufferload.index_same] (bit width only) [type.expr.bufferload.arity]
  check_indices(op->buffer, idx,
                {"BufferLoad", "type.expr.bufferload.index_scalar",
                 "type.expr.bufferload.index_int", "type.expr.bufferload.index_same",
                 "type.expr.bufferload.arity", false},
                op->loc);
  // [type.expr.bufferload.result] buffer element type, lanes = last index lanes x buffer lanes.
  int index_lanes = idx.empty() || !idx.back() ? 1 : idx.back()->dtype.lanes;
  DataType bt = op->buffer->dtype;
  DataType expect = bt.with_lanes(index_lanes * bt.lanes);
  ctx_.require(op->dtype == expect, "type.expr.bufferload.result", op->loc, [&] {
    return "BufferLoad " + name + ": dtype is " + str(op->dtype) + ", expected " + str(expect);
  });
  check_dtype(op->dtype, op->loc, "BufferLoad", name);
}

// ---------------------------------------------------------------- 8. Ramp
void Typer::VisitExpr_(const RampNode *op) {
  expr(op->base);
  expr(op->stride);
  // [type.expr.ramp.lanes]
  ctx_.require(op->lanes > 1, "type.expr.ramp.lanes", op->loc, [&] {
    return "Ramp: lanes is " + std::to_string(op->lanes) + ", not greater than 1";
  });
  if (!op->base || !op->stride)
    return;
  DataType b = op->base->dtype, s = op->stride->dtype;
  // [type.expr.ramp.operands] identical scalar datatypes.
  ctx_.require(b == s && b.lanes == 1, "type.expr.ramp.operands", op->loc,
               [&] { return "Ramp: base is " + str(b) + " and stride is " + str(s); });
  // [type.expr.ramp.int]
  ctx_.require(b.is_integer() && s.is_integer(), "type.expr.ramp.int", op->loc, [&] {
    return "Ramp: base " + str(b) + " and stride " + str(s) + " must be Int or UInt";
  });
  // [type.expr.ramp.result]
  DataType expect = b.with_lanes(op->lanes);
  ctx_.require(op->dtype == expect && op->dtype.lanes == op->lanes, "type.expr.ramp.result",
               op->loc,
               [&] { return "Ramp: dtype is " + str(op->dtype) + ", expected " + str(expect); });
  check_dtype(op->dtype, op->loc, "Ramp");
}

// ---------------------------------------------------------------- 9. Broadcast
void Typer::VisitExpr_(const BroadcastNode *op) {
  expr(op->value);
  // [type.expr.broadcast.lanes]
  ctx_.require(op->lanes > 1, "type.expr.broadcast.lanes", op->loc, [&] {
    return "Broadcast: lanes is " + std::to_string(op->lanes) + ", not greater than 1";
  });
  if (!op->value)
    return;
  DataType v = op->value->dtype;
  // [type.expr.broadcast.scalar]
  ctx_.require(v.lanes == 1, "type.expr.broadcast.scalar", op->loc,
               [&] { return "Broadcast: value is " + str(v) + ", not a scalar"; });
  // [type.expr.broadcast.result]
  DataType expect = v.with_lanes(op->lanes);
  ctx_.require(
      op->dtype == expect && op->dtype.lanes == op->lanes, "type.expr.broadcast.result", op->loc,
      [&] { return "Broadcast: dtype is " + str(op->dtype) + ", expected " + str(expect); });
  check_dtype(op->dtype, op->loc, "Broadcast");
}

// ---------------------------------------------------------------- 10. Let
void Typer::VisitExpr_(const LetNode *op) {
  expr(op->value);
  if (op->var)
    check_var(op->var.get());
  expr(op->body);
  // [type.expr.let.match]
  if (op->var && op->value)
    ctx_.require(op->var->dtype == op->value->dtype, "type.expr.let.match", op->loc, [&] {
      return "Let: var " + op->var->name_hint + " is " + str(op->var->dtype) + " but value is " +
             str(op->value->dtype);
    });
  // [type.expr.let.result]
  if (op->body && !ctx_.require(op->dtype == op->body->dtype, "type.expr.let.result", op->loc, [&] {
        return "Let: dtype is " + str(op->dtype) + " but body is " + str(op->body->dtype);
      }))
    check_dtype(op->dtype, op->loc, "Let");
}

// ---------------------------------------------------------------- 11. Call
void Typer::VisitExpr_(const CallNode *op) {
  for (const auto &a : op->args)
    expr(a);
  // [type.expr.call.result] The declared dtype; the core rules check nothing else. Builtins with
  // a rule of their own are checked by builtin_rules.cc; calls to PrimFuncs by scoping.cc.
  check_dtype(op->dtype, op->loc, "Call",
              op->callee ? std::string_view(op->callee->name_hint) : op->op);
  ctx_.require(op->callee || !op->op.empty(), "type.expr.call.result", op->loc,
               "Call: names neither a builtin nor a GlobalVar");
  if (!op->callee)
    check_builtin(op);
}

// ---------------------------------------------------------------- 12. Shuffle
void Typer::VisitExpr_(const ShuffleNode *op) {
  for (const auto &v : op->vectors)
    expr(v);
  for (const auto &i : op->indices)
    expr(i);
  // [type.expr.shuffle.nonempty]
  if (!ctx_.require(!op->vectors.empty(), "type.expr.shuffle.nonempty", op->loc,
                    "Shuffle: no input vectors"))
    return;
  if (!op->vectors[0])
    return;
  DataType first = op->vectors[0]->dtype;
  int total = 0;
  for (size_t k = 0; k < op->vectors.size(); ++k) {
    if (!op->vectors[k])
      continue;
    DataType t = op->vectors[k]->dtype;
    total += t.lanes;
    // [type.expr.shuffle.elem_match] one code and one bit width.
    ctx_.require(t.code == first.code && t.bits == first.bits, "type.expr.shuffle.elem_match",
                 op->loc, [&] {
                   return "Shuffle: vector " + std::to_string(k) + " is " + str(t) +
                          " but vector 0 is " + str(first);
                 });
  }
  // [type.expr.shuffle.index_count] as many indices as input lanes; under the reading
  // shuffle-indices=any (the evaluation rule's and TVM's) any number of at least one, and the
  // result has one lane per index.
  const bool any_count = readings_.shuffle_indices == ShuffleIndices::Any;
  if (any_count)
    ctx_.require(!op->indices.empty(), "type.expr.shuffle.index_count", op->loc,
                 "Shuffle: no indices");
  else
    ctx_.require(static_cast<int>(op->indices.size()) == total, "type.expr.shuffle.index_count",
                 op->loc, [&] {
                   return "Shuffle: " + std::to_string(op->indices.size()) + " indices for " +
                          std::to_string(total) + " input lanes";
                 });
  // [type.expr.shuffle.index_int]
  for (size_t k = 0; k < op->indices.size(); ++k)
    if (op->indices[k])
      ctx_.require(is_int_or_uint_scalar(op->indices[k]->dtype), "type.expr.shuffle.index_int",
                   op->loc, [&] {
                     return "Shuffle: index " + std::to_string(k) + " is " +
                            str(op->indices[k]->dtype) + ", not an Int or UInt scalar";
                   });
  // [type.expr.shuffle.result]
  DataType expect = first.with_lanes(any_count ? static_cast<int>(op->indices.size()) : total);
  ctx_.require(op->dtype == expect, "type.expr.shuffle.result", op->loc,
               [&] { return "Shuffle: dtype is " + str(op->dtype) + ", expected " + str(expect); });
  check_dtype(op->dtype, op->loc, "Shuffle");
}

// ---------------------------------------------------------------- 13. Binary ops
void Typer::arith(const BinaryNode *op, bool is_mod) {
  expr(op->a);
  expr(op->b);
  if (!op->a || !op->b)
    return;
  const char *name = kind_name(op->kind);
  DataType a = op->a->dtype, b = op->b->dtype;
  // [type.expr.binary.match] identical code, bits and lanes.
  ctx_.require(a == b, "type.expr.binary.match", op->loc,
               [&] { return std::string(name) + ": operands are " + str(a) + " and " + str(b); });
  // [type.expr.binary.no_handle]
  ctx_.require(a.code != TypeCode::Handle && b.code != TypeCode::Handle,
               "type.expr.binary.no_handle", op->loc, [&] {
                 return std::string(name) + ": no arithmetic on handles (" + str(a) + ", " +
                        str(b) + ")";
               });
  // [type.expr.mod.int] Mod (truncating) is defined on Int and UInt only.
  if (is_mod)
    ctx_.require(a.is_integer() && b.is_integer(), "type.expr.mod.int", op->loc, [&] {
      return "Mod: operands are " + str(a) + " and " + str(b) + "; Mod takes Int or UInt";
    });
  // [type.expr.binary.result] the first operand's datatype.
  if (!ctx_.require(op->dtype == a, "type.expr.binary.result", op->loc, [&] {
        return std::string(name) + ": dtype is " + str(op->dtype) + " but operand a is " + str(a);
      }))
    check_dtype(op->dtype, op->loc, name);
}

void Typer::VisitExpr_(const AddNode *op) {
  arith(op, false);
}
void Typer::VisitExpr_(const SubNode *op) {
  arith(op, false);
}
void Typer::VisitExpr_(const MulNode *op) {
  arith(op, false);
}
void Typer::VisitExpr_(const DivNode *op) {
  arith(op, false);
}
void Typer::VisitExpr_(const ModNode *op) {
  arith(op, true);
}
void Typer::VisitExpr_(const FloorDivNode *op) {
  arith(op, false);
}
void Typer::VisitExpr_(const FloorModNode *op) {
  arith(op, false);
}
void Typer::VisitExpr_(const MinNode *op) {
  arith(op, false);
}
void Typer::VisitExpr_(const MaxNode *op) {
  arith(op, false);
}

// ---------------------------------------------------------------- 14. And, Or
void Typer::logical(const BinaryNode *op) {
  expr(op->a);
  expr(op->b);
  if (!op->a || !op->b)
    return;
  const char *name = kind_name(op->kind);
  DataType a = op->a->dtype, b = op->b->dtype;
  // [type.expr.logical.bool]
  ctx_.require(is_bool(a) && is_bool(b), "type.expr.logical.bool", op->loc, [&] {
    return std::string(name) + ": operands are " + str(a) + " and " + str(b) + ", not bool";
  });
  // [type.expr.logical.lanes]
  ctx_.require(a.lanes == b.lanes, "type.expr.logical.lanes", op->loc, [&] {
    return std::string(name) + ": operands have " + std::to_string(a.lanes) + " and " +
           std::to_string(b.lanes) + " lanes";
  });
  // [type.expr.logical.result] the first operand's datatype.
  if (!ctx_.require(op->dtype == a, "type.expr.logical.result", op->loc, [&] {
        return std::string(name) + ": dtype is " + str(op->dtype) + " but operand a is " + str(a);
      }))
    check_dtype(op->dtype, op->loc, name);
}

void Typer::VisitExpr_(const AndNode *op) {
  logical(op);
}
void Typer::VisitExpr_(const OrNode *op) {
  logical(op);
}

// ---------------------------------------------------------------- 15. Not
void Typer::VisitExpr_(const NotNode *op) {
  expr(op->a);
  if (!op->a)
    return;
  DataType a = op->a->dtype;
  // [type.expr.not.bool]
  ctx_.require(is_bool(a), "type.expr.not.bool", op->loc,
               [&] { return "Not: operand is " + str(a) + ", not bool"; });
  // [type.expr.not.result] bool with the operand's lanes.
  DataType expect = DataType::Bool(a.lanes);
  if (!ctx_.require(op->dtype == expect, "type.expr.not.result", op->loc, [&] {
        return "Not: dtype is " + str(op->dtype) + ", expected " + str(expect);
      }))
    check_dtype(op->dtype, op->loc, "Not");
}

// ---------------------------------------------------------------- 16. Comparison operators
void Typer::compare(const BinaryNode *op) {
  expr(op->a);
  expr(op->b);
  if (!op->a || !op->b)
    return;
  const char *name = kind_name(op->kind);
  DataType a = op->a->dtype, b = op->b->dtype;
  // [type.expr.cmp.match]
  ctx_.require(a == b, "type.expr.cmp.match", op->loc,
               [&] { return std::string(name) + ": operands are " + str(a) + " and " + str(b); });
  // [type.expr.cmp.no_handle]
  ctx_.require(a.code != TypeCode::Handle && b.code != TypeCode::Handle, "type.expr.cmp.no_handle",
               op->loc, [&] {
                 return std::string(name) + ": handles cannot be compared (" + str(a) + ", " +
                        str(b) + ")";
               });
  // [type.expr.cmp.result] bool with the operands' lanes.
  DataType expect = DataType::Bool(a.lanes);
  if (!ctx_.require(op->dtype == expect, "type.expr.cmp.result", op->loc, [&] {
        return std::string(name) + ": dtype is " + str(op->dtype) + ", expected " + str(expect);
      }))
    check_dtype(op->dtype, op->loc, name);
}

void Typer::VisitExpr_(const EQNode *op) {
  compare(op);
}
void Typer::VisitExpr_(const NENode *op) {
  compare(op);
}
void Typer::VisitExpr_(const LTNode *op) {
  compare(op);
}
void Typer::VisitExpr_(const LENode *op) {
  compare(op);
}
void Typer::VisitExpr_(const GENode *op) {
  compare(op);
}
void Typer::VisitExpr_(const GTNode *op) {
  compare(op);
}

} // namespace tirconf::oracle::typecheck
