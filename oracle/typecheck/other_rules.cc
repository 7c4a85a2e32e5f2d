// "Typing Rules for Other Language Constructs", in the spec's order: 1. IterVar, 2. Range,
// 3. Buffer, 4. BufferRegion, 5. MatchBufferRegion, 6. PrimFunc (ret_type), plus the buffer_map
// requirements of the PrimFunc semantics.
#include <algorithm>

#include "ir/builtins.h"
#include "ir/visitor.h"
#include "oracle/typecheck/const_fold.h"
#include "oracle/typecheck/typer.h"

namespace tirconf::oracle::typecheck {

using namespace ir;

// ---------------------------------------------------------------- 1. IterVar
void Typer::check_itervar(const IterVar &iv) {
  if (!iv || !done_itervars_.insert(iv.get()).second)
    return;
  Context::LocScope here(ctx_, iv->loc);
  if (iv->var)
    check_var(iv->var.get());
  if (!iv->dom)
    return;
  check_range(*iv->dom);
  const PrimExpr &ext = iv->dom->extent;
  if (!ext || !iv->var)
    return;
  const std::string &name = iv->var->name_hint;
  // [type.other.itervar.extent_int] the domain's extent has the Int code.
  ctx_.require(ext->dtype.is_int(), "type.other.itervar.extent_int", iv->loc, [&] {
    return "IterVar " + name + ": domain extent is " + str(ext->dtype) + ", not Int";
  });
  // [type.other.itervar.extent_match] ... and the var's datatype.
  ctx_.require(ext->dtype == iv->var->dtype, "type.other.itervar.extent_match", iv->loc, [&] {
    return "IterVar " + name + ": domain extent is " + str(ext->dtype) + " but the var is " +
           str(iv->var->dtype);
  });
}

// ---------------------------------------------------------------- 2. Range
void Typer::check_range(const Range &r) {
  // [type.other.range.valid] No constraint of its own; its expressions are typed as usual.
  Context::LocScope here(ctx_, r.loc);
  expr(r.min);
  expr(r.extent);
}

// ---------------------------------------------------------------- 3. Buffer
void Typer::check_buffer(const Buffer &b) {
  if (!b || !done_buffers_.insert(b.get()).second)
    return;
  Context::LocScope here(ctx_, b->loc);
  std::string what = "Buffer " + b->name;
  check_dtype(b->dtype, b->loc, "Buffer", b->name);
  if (b->data)
    check_var(b->data.get());
  // [type.other.buffer.data_pointer] data is a pointer to a PrimType.
  ctx_.require(b->data && b->data->type_annotation.is_pointer() &&
                   b->data->type_annotation.element && b->data->type_annotation.element->is_prim(),
               "type.other.buffer.data_pointer", b->loc, [&] {
                 if (!b->data)
                   return what + ": has no data Var";
                 return what + ": data " + b->data->name_hint + " is annotated " +
                        str(b->data->type_annotation) + ", not a pointer to a PrimType";
               });
  for (size_t k = 0; k < b->shape.size(); ++k) {
    const PrimExpr &e = b->shape[k];
    expr(e);
    // [type.other.buffer.shape_int]
    if (e)
      ctx_.require(is_int_or_uint_scalar(e->dtype), "type.other.buffer.shape_int", b->loc, [&] {
        return what + ": shape[" + std::to_string(k) + "] is " + str(e->dtype) +
               ", not an Int or UInt scalar";
      });
  }
  // [type.other.buffer.strides_fresh] Not enforced: strides may be IntImms or bound Vars (the
  // catalog's reading; the DLTensor binding rules describe such strides).
  std::optional<DataType> stride_t;
  for (size_t k = 0; k < b->strides.size(); ++k) {
    const PrimExpr &e = b->strides[k];
    expr(e);
    if (!e)
      continue;
    // [type.other.buffer.strides_int] Int/UInt scalars of one datatype.
    if (!ctx_.require(is_int_or_uint_scalar(e->dtype), "type.other.buffer.strides_int", b->loc,
                      [&] {
                        return what + ": stride " + std::to_string(k) + " is " + str(e->dtype) +
                               ", not an Int or UInt scalar";
                      }))
      continue;
    if (!stride_t)
      stride_t = e->dtype;
    ctx_.require(e->dtype == *stride_t, "type.other.buffer.strides_int", b->loc, [&] {
      return what + ": strides mix " + str(*stride_t) + " and " + str(e->dtype);
    });
  }
  // [type.other.buffer.elem_offset_fresh] Not enforced either: IntImm and bound-Var offsets are
  // valid (bind.elem_offset and type.other.matchbuffer.elem_offset describe them).
  if (b->elem_offset) {
    expr(b->elem_offset);
    // [type.other.buffer.elem_offset_int]
    ctx_.require(is_int_or_uint_scalar(b->elem_offset->dtype), "type.other.buffer.elem_offset_int",
                 b->loc, [&] {
                   return what + ": elem_offset is " + str(b->elem_offset->dtype) +
                          ", not an Int or UInt scalar";
                 });
  }
  for (const auto &s : b->axis_separators)
    expr(s);
  // [type.other.buffer.autobroadcast_strides] Nothing to check: the implied strides are fresh
  // Vars typed like the shape, which shape_int has already checked.
}

// ---------------------------------------------------------------- 4. BufferRegion
void Typer::check_region(const BufferRegion &r) {
  Context::LocScope here(ctx_, r.loc);
  for (const auto &range : r.region)
    check_range(range);
  if (!r.buffer)
    return;
  check_buffer(r.buffer);
  // [type.other.bufferregion.arity] one Range per dimension.
  ctx_.require(
      r.region.size() == r.buffer->shape.size(), "type.other.bufferregion.arity", r.loc, [&] {
        return "BufferRegion " + r.buffer->name + ": " + std::to_string(r.region.size()) +
               " ranges for a " + std::to_string(r.buffer->shape.size()) + "-dimensional buffer";
      });
}

// ---------------------------------------------------------------- 5. MatchBufferRegion
void Typer::check_match_buffer(const MatchBufferRegion &m) {
  Context::LocScope here(ctx_, m.loc);
  check_region(m.source);
  if (!m.buffer || !m.source.buffer)
    return;
  check_buffer(m.buffer);
  const Buffer &b = m.buffer;
  const Buffer &src = m.source.buffer;
  const auto &region = m.source.region;
  const auto &shape = b->shape;
  std::string what = "match_buffer " + b->name;
  // [type.other.matchbuffer.dtype]
  ctx_.require(b->dtype == src->dtype, "type.other.matchbuffer.dtype", m.loc, [&] {
    return what + ": dtype " + str(b->dtype) + " differs from " + src->name + "'s " +
           str(src->dtype);
  });
  // [type.other.matchbuffer.alignment] the source's alignment is a multiple of the buffer's.
  bool aligned = b->data_alignment == 0 ? src->data_alignment == 0
                                        : src->data_alignment % b->data_alignment == 0;
  ctx_.require(aligned, "type.other.matchbuffer.alignment", m.loc, [&] {
    return what + ": data_alignment " + std::to_string(b->data_alignment) + " does not divide " +
           src->name + "'s " + std::to_string(src->data_alignment);
  });
  // [type.other.matchbuffer.elem_offset] an elem_offset of IntImm 0 needs a source offset of 0.
  // An absent elem_offset is the default, 0.
  auto is_zero = [](const PrimExpr &e) {
    if (!e)
      return true;
    auto *i = as<IntImmNode>(e);
    return i && i->value == 0;
  };
  if (is_zero(b->elem_offset))
    ctx_.require(is_zero(src->elem_offset), "type.other.matchbuffer.elem_offset", m.loc, [&] {
      return what + ": elem_offset is 0 but " + src->name + "'s is " + describe(src->elem_offset);
    });
  // [type.other.matchbuffer.scope]
  ctx_.require(b->scope() == src->scope(), "type.other.matchbuffer.scope", m.loc, [&] {
    return what + ": storage scope \"" + b->scope() + "\" differs from " + src->name + "'s \"" +
           src->scope() + "\"";
  });
  // [type.other.matchbuffer.buffer_type] both kDefault.
  ctx_.require(b->buffer_type == BufferType::Default && src->buffer_type == BufferType::Default,
               "type.other.matchbuffer.buffer_type", m.loc, [&] {
                 return what + ": buffer_type kAutoBroadcast on " +
                        (b->buffer_type == BufferType::Default ? src->name : b->name);
               });
  // [type.other.matchbuffer.offset_nonneg] offset = len(region) - len(shape) >= 0 (the catalog's
  // reading: the buffer may drop leading region dimensions).
  long offset = static_cast<long>(region.size()) - static_cast<long>(shape.size());
  if (!ctx_.require(offset >= 0, "type.other.matchbuffer.offset_nonneg", m.loc, [&] {
        return what + ": " + std::to_string(shape.size()) + " dimensions for a " +
               std::to_string(region.size()) + "-dimensional region";
      }))
    return;
  // [type.other.matchbuffer.leading_unit] the dropped extents are provably 1.
  for (long i = 0; i < offset; ++i)
    ctx_.require(region[i].extent && prove_equal(region[i].extent, 1),
                 "type.other.matchbuffer.leading_unit", m.loc, [&] {
                   return what + ": region extent " + std::to_string(i) +
                          " has no matching dimension and is not provably 1";
                 });
  // [type.other.matchbuffer.shape_extent] each non-Var dimension provably equals its extent (a
  // Var dimension is bound or checked at run time, sem.stmt.block.match_buffer.shape).
  for (size_t i = 0; i < shape.size(); ++i) {
    const PrimExpr &s = shape[i];
    const PrimExpr &ext = region[i + offset].extent;
    if (!s || as<VarNode>(s))
      continue;
    ctx_.require(ext && prove_equal(s, ext), "type.other.matchbuffer.shape_extent", m.loc, [&] {
      auto v = fold_constant(ext);
      return what + ": shape[" + std::to_string(i) + "] (" + describe(s) +
             ") is not provably equal to the region extent" +
             (v ? " " + std::to_string(*v) : std::string(""));
    });
  }
}

void Typer::check_annotations(const Annotations &a) {
  for (const auto &[key, value] : a)
    for_each_expr(value, [this](const PrimExpr &e) { expr(e); });
}

// ---------------------------------------------------------------- 6. PrimFunc
void Typer::check_ret(const PrimFunc &f) {
  // [type.other.primfunc.ret.default] An absent ret_type is TupleType([]).
  Type ret = f->ret_type.value_or(Type::Tuple());
  if (f->ret_type) {
    check_type(ret, f->loc, "ret_type");
    // [type.expr.var.tuple_empty] A TupleType has no fields.
    if (ret.is_tuple())
      ctx_.require(ret.fields.empty(), "type.expr.var.tuple_empty", f->loc, [&] {
        return "PrimFunc: ret_type " + str(ret) + " is a TupleType with fields";
      });
    // [type.expr.var.pointer_elem_prim]
    if (ret.is_pointer())
      ctx_.require(
          ret.element && ret.element->is_prim(), "type.expr.var.pointer_elem_prim", f->loc, [&] {
            return "PrimFunc: the element type of ret_type " + str(ret) + " is not a PrimType";
          });
  }
  struct Rets : IRVisitor {
    std::vector<const CallNode *> calls;
    void VisitExpr_(const CallNode *op) override {
      if (op->is_builtin(kRetOp))
        calls.push_back(op);
      IRVisitor::VisitExpr_(op);
    }
  } rets;
  if (f->body)
    rets.VisitStmt(f->body);
  if (rets.calls.empty()) {
    // [type.other.primfunc.ret.none]
    ctx_.require(ret.is_void_tuple(), "type.other.primfunc.ret.none", f->loc, [&] {
      return "PrimFunc: ret_type is " + str(ret) + " but the body never calls tir.ret";
    });
    return;
  }
  const PrimExpr *first = nullptr;
  for (const CallNode *call : rets.calls) {
    if (call->args.size() != 1 || !call->args[0])
      continue; // arity: builtin_rules.cc
    const PrimExpr &v = call->args[0];
    DataType t = v->dtype;
    if (auto *var = as<VarNode>(v)) {
      // [type.other.primfunc.ret.var] the returned Var's annotation.
      ctx_.require(ret == var->type_annotation, "type.other.primfunc.ret.var", call->loc, [&] {
        return "tir.ret(" + var->name_hint + "): ret_type is " + str(ret) + " but " +
               var->name_hint + " is annotated " + str(var->type_annotation);
      });
    } else if (t.code == TypeCode::Handle) {
      // [type.other.primfunc.ret.handle] a PointerType.
      ctx_.require(ret.is_pointer(), "type.other.primfunc.ret.handle", call->loc, [&] {
        return "tir.ret: returns a " + str(t) + " but ret_type is " + str(ret) +
               ", not a PointerType";
      });
    } else {
      // [type.other.primfunc.ret.prim] PrimType of the value's datatype.
      ctx_.require(ret == Type::Prim(t), "type.other.primfunc.ret.prim", call->loc,
                   [&] { return "tir.ret: returns " + str(t) + " but ret_type is " + str(ret); });
    }
    // [type.other.primfunc.ret.multiple] every tir.ret returns the same type.
    if (!first)
      first = &v;
    ctx_.require((*first)->dtype == t, "type.other.primfunc.ret.multiple", call->loc, [&] {
      return "tir.ret: returns " + str(t) + " but an earlier tir.ret returns " +
             str((*first)->dtype);
    });
  }
}

void Typer::check_func(const PrimFunc &f) {
  if (!f)
    return;
  Context::LocScope here(ctx_, f->loc);
  for (const auto &p : f->params)
    if (p)
      check_var(p.get());
  for (size_t k = 0; k < f->buffer_map.size(); ++k) {
    // Named, not a structured binding: the lambdas below use it, which clang 14 cannot capture.
    const auto &param = f->buffer_map[k].first;
    const auto &buf = f->buffer_map[k].second;
    if (!param)
      continue;
    const std::string &name = param->name_hint;
    // [type.other.primfunc.buffer_map_keys] keys are params, each mapped once.
    ctx_.require(std::find(f->params.begin(), f->params.end(), param) != f->params.end(),
                 "type.other.primfunc.buffer_map_keys", f->loc,
                 [&] { return "PrimFunc: buffer_map key " + name + " is not a parameter"; });
    bool repeated = false;
    for (size_t j = 0; j < k; ++j)
      repeated |= f->buffer_map[j].first == param;
    ctx_.require(!repeated, "type.other.primfunc.buffer_map_keys", f->loc,
                 [&] { return "PrimFunc: parameter " + name + " maps to two buffers"; });
    // [type.other.primfunc.buffer_param_handle]
    ctx_.require(param->dtype.is_handle(), "type.other.primfunc.buffer_param_handle", f->loc, [&] {
      return "PrimFunc: buffer parameter " + name + " is " + str(param->dtype) + ", not a handle";
    });
    check_buffer(buf);
  }
  check_annotations(f->attrs);
  stmt(f->body);
  check_ret(f);
}

// BufferLoad (expr 7) and BufferStore (stmt 4) state the same index conditions, except that
// the spec asks stores' indices to agree in code too («»); the caller passes its own rule IDs.
void Typer::check_indices(const Buffer &b, const std::vector<PrimExpr> &idx,
                          const IndexRules &rules, SourceLoc loc) {
  const std::string &name = b->name;
  const std::string node = rules.node;
  std::optional<size_t> first_int;
  for (size_t k = 0; k < idx.size(); ++k) {
    if (!idx[k])
      continue;
    DataType t = idx[k]->dtype;
    if (k + 1 < idx.size())
      ctx_.require(t.lanes == 1, rules.scalar, loc, [&] {
        return node + " " + name + ": index " + std::to_string(k) + " is " + str(t) +
               "; only the last index may be a vector";
      });
    if (!ctx_.require(t.is_integer(), rules.integer, loc, [&] {
          return node + " " + name + ": index " + std::to_string(k) + " is " + str(t) +
                 ", not Int or UInt";
        }))
      continue;
    if (!first_int) {
      first_int = k;
      continue;
    }
    DataType f = idx[*first_int]->dtype;
    bool same = t.bits == f.bits && (!rules.same_code || t.code == f.code);
    ctx_.require(same, rules.same, loc, [&] {
      return node + " " + name + ": index " + std::to_string(k) + " is " + str(t) + " but index " +
             std::to_string(*first_int) + " is " + str(f);
    });
  }
  ctx_.require(idx.size() == b->shape.size(), rules.arity, loc, [&] {
    return node + " " + name + ": " + std::to_string(idx.size()) + " indices for a " +
           std::to_string(b->shape.size()) + "-dimensional buffer";
  });
}

} // namespace tirconf::oracle::typecheck
