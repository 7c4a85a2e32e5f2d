// Buffer declarations and allocations: T.Buffer, T.match_buffer, T.alloc_buffer,
// T.decl_buffer, T.allocate, and the Buffer they make (BufferDecl and the Namer of
// src/script/ir_builder/tir/ir.cc).
#include "ir/tvmscript/builder_calls.h"
#include "ir/tvmscript/reader_error.h"

namespace tirconf::ir::script {

namespace {

// T.Buffer(shape, dtype, ...): a Buffer named by the assignment (or a parameter annotation).
Value buffer_decl(CallSite &c) {
  Params p = c.bind({"shape", "dtype", "data", "strides", "elem_offset", "scope", "align",
                     "offset_factor", "buffer_type", "axis_separators"});
  return Value::of(c.b.make_buffer(c.hint(), c.b.buffer_args(p, 0, "Buffer", false, c.loc)), c.loc);
}

// A = T.match_buffer(param, shape, ...): binds a parameter Var to a Buffer (the function's
// buffer_map), or, in a block, a region of a buffer to a new Buffer (the block's match_buffers).
Value match_buffer(CallSite &c) {
  const SourceLoc loc = c.loc;
  Params p = c.bind({"param", "shape", "dtype", "data", "strides", "elem_offset", "scope", "align",
                     "offset_factor", "buffer_type", "axis_separators"});
  const Value &param = c.required(p[0], "param");
  Value shape_from_region, dtype_from_region;
  Value align_default = Value::integer(-1, loc);
  if (!given(p[1])) {
    if (param.kind != Value::Kind::Region)
      fail(loc, "Shape must be specified when binding input param");
    BufferRegion r = c.b.to_region(param, loc_of(param, loc));
    std::vector<Value> ext;
    for (const Range &rg : r.region)
      ext.push_back(Value::of(rg.extent, loc));
    shape_from_region = Value::seq(Value::Kind::Tuple, std::move(ext), loc);
    dtype_from_region = Value::str(to_string(r.buffer->dtype), loc);
    p[1].v = &shape_from_region;
    p[2].v = &dtype_from_region;
  }
  if (!given(p[7]))
    p[7].v = &align_default;
  BufferArgs ba = c.b.buffer_args(p, 1, "match_buffer", true, loc);
  Buffer buf = c.b.make_buffer(c.hint(), ba);
  if (param.kind == Value::Kind::Expr && as<VarNode>(param.expr)) {
    Var v = cast<VarNode>(param.expr);
    Builder::FuncState &f = c.b.func(loc);
    if (!c.b.top_is_function())
      fail(loc, "T.match_buffer must be called at the top of a PrimFunc, before any other scope "
                "is opened");
    // Deviation: TVM rejects a Var that is not a parameter ("Can not bind non-input param to
    // buffer."); we record it, and the checker reports type.other.primfunc.buffer_map_keys.
    bool replaced = false;
    for (auto &[k, b] : f.buffer_map)
      if (k == v) {
        b = buf;
        replaced = true;
      }
    if (!replaced)
      f.buffer_map.emplace_back(v, buf);
    return Value::of(buf, loc);
  }
  if (param.kind == Value::Kind::Region ||
      (param.kind == Value::Kind::Expr && as<BufferLoadNode>(param.expr))) {
    Builder::BlockState &blk = c.b.enclosing_block("match_buffer", loc);
    blk.match_buffers.push_back(
        MatchBufferRegion{buf, c.b.to_region(param, loc_of(param, loc)), loc});
    return Value::of(buf, loc);
  }
  fail(loc_of(param, loc),
       std::string("T.match_buffer expects a parameter Var or a buffer region, got ") +
           kind_name(param.kind));
}

// A = T.alloc_buffer(shape, ...): allocated by the enclosing block (or the implicit root block).
Value alloc_buffer(CallSite &c) {
  Params p = c.bind({"shape", "dtype", "data", "strides", "elem_offset", "scope", "align",
                     "offset_factor", "buffer_type", "axis_separators"});
  Buffer buf = c.b.make_buffer(c.hint(), c.b.buffer_args(p, 0, "alloc_buffer", false, c.loc));
  if (Builder::BlockState *blk = c.b.last_frame_block()) {
    blk->alloc_buffers.push_back(buf);
  } else if (c.b.top_is_function()) {
    c.b.func(c.loc).root_alloc_buffers.push_back(buf);
  } else {
    fail(c.loc, "T.alloc_buffer must be called directly under T.block() or T.prim_func(), not "
                "inside another scope");
  }
  return Value::of(buf, c.loc);
}

// T.decl_buffer(shape, ...): a DeclBuffer scope, over an Allocate unless data= is given.
Value decl_buffer(CallSite &c) {
  Params p = c.bind({"shape", "dtype", "data", "strides", "elem_offset", "scope", "align",
                     "offset_factor", "buffer_type", "axis_separators"});
  auto f = c.frame(FrameSpec::Kind::DeclBuffer);
  f->buffer_args = c.b.buffer_args(p, 0, "decl_buffer", false, c.loc);
  f->allocated = static_cast<bool>(f->buffer_args.data);
  return c.frame_value(f);
}

// p = T.allocate(extents, dtype, scope, condition, annotations): an Allocate scope.
Value allocate(CallSite &c) {
  Params p = c.bind({"extents", "dtype", "scope", "condition", "annotations"});
  auto f = c.frame(FrameSpec::Kind::Allocate);
  f->extents = expr_list(c.b, c.required(p[0], "extents"), "an extent", c.loc);
  f->dtype = dtype_of(c.required(p[1], "dtype"), c.loc);
  f->name = given(p[2]) ? str_of(*p[2], "scope", c.loc) : "global";
  f->cond = given(p[3]) ? cond_of(c.b, *p[3], c.loc) : make_bool(true, c.loc);
  if (given(p[4]))
    f->annotations = annotations_of(c.b, *p[4], c.loc);
  return c.frame_value(f);
}

// p = T.allocate_const(data, dtype, extents, annotations): an Allocate scope whose contents are
// data (a flat list of Python numbers, one per element) from the start.
Value allocate_const(CallSite &c) {
  Params p = c.bind({"data", "dtype", "extents", "annotations"});
  auto f = c.frame(FrameSpec::Kind::Allocate);
  const Value &data = c.required(p[0], "data");
  f->dtype = dtype_of(c.required(p[1], "dtype"), c.loc);
  f->extents = expr_list(c.b, c.required(p[2], "extents"), "an extent", c.loc);
  f->name = "global";
  f->cond = make_bool(true, c.loc);
  if (!data.is_sequence() || data.elements().empty())
    fail(loc_of(data, c.loc), "T.allocate_const needs a non-empty list of numbers");
  int64_t count = 1;
  for (const auto &e : f->extents) {
    auto *imm = as<IntImmNode>(e);
    if (!imm || imm->value < 0)
      fail(c.loc, "T.allocate_const needs constant extents");
    count *= imm->value;
  }
  if (count != static_cast<int64_t>(data.elements().size()))
    fail(loc_of(data, c.loc), "T.allocate_const: " + std::to_string(data.elements().size()) +
                                  " values for " + std::to_string(count) + " elements");
  for (const Value &x : data.elements()) {
    SourceLoc at = loc_of(x, c.loc);
    if (f->dtype.is_floating() && x.is_number())
      f->const_data.push_back(
          float_imm(f->dtype, x.kind == Value::Kind::Float ? x.f : static_cast<double>(x.i), at));
    else if (f->dtype.is_integer() && (x.kind == Value::Kind::Int || x.kind == Value::Kind::Bool))
      f->const_data.push_back(make_int(f->dtype, static_cast<int64_t>(x.i), at));
    else
      fail(at, "T.allocate_const: a value that is not a " + to_string(f->dtype) + " number");
  }
  if (given(p[3]))
    f->annotations = annotations_of(c.b, *p[3], c.loc);
  return c.frame_value(f);
}

} // namespace

// Buffer.vload / Buffer.vstore as TVM's Python API has them: the indices as given (TVM's
// BufferVLoad makes a Ramp only for a wider dtype, which is not supported here), the predicate a
// lane mask. vstore adds its BufferStore to the open frame.
Value Builder::call_buffer_method(const Value &method, CallArgs &args) {
  CallSite c{*this, method.s, args, nullptr, args.loc};
  const Buffer &buf = method.buffer;
  bool store = method.s == "vstore";
  Params p =
      store ? c.bind({"begin", "value", "predicate"}) : c.bind({"begin", "dtype", "predicate"});
  std::vector<PrimExpr> indices = expr_list(*this, c.required(p[0], "begin"), "an index", c.loc);
  PrimExpr predicate = given(p[2]) ? to_prim(*p[2], loc_of(*p[2], c.loc)) : PrimExpr();
  if (store) {
    PrimExpr value = to_prim(c.required(p[1], "value"), c.loc);
    add_stmt(std::make_shared<BufferStoreNode>(buf, value, std::move(indices), c.loc, predicate));
    return Value::none(c.loc);
  }
  PrimExpr load = make_buffer_load(buf, std::move(indices), c.loc, predicate);
  if (given(p[1]) && dtype_of(*p[1], c.loc) != load->dtype)
    fail(c.loc, "A.vload with a dtype other than the indices give is not supported by this "
                "TVMScript reader");
  return Value::of(load, c.loc);
}

namespace {

constexpr CallEntry kBufferCalls[] = {
    {"Buffer", buffer_decl},        {"buffer", buffer_decl},
    {"buffer_decl", buffer_decl},   {"match_buffer", match_buffer},
    {"alloc_buffer", alloc_buffer}, {"decl_buffer", decl_buffer},
    {"allocate", allocate},         {"allocate_const", allocate_const},
};

} // namespace

std::span<const CallEntry> buffer_calls() {
  return kBufferCalls;
}

Buffer Builder::make_buffer(std::string name, const BufferArgs &a) {
  // BufferDecl + Buffer::Buffer + the Namer (src/script/ir_builder/tir/ir.cc,
  // src/tir/ir/buffer.cc).
  auto b = std::make_shared<BufferNode>();
  b->name = name;
  b->dtype = a.dtype;
  b->shape = a.shape;
  b->loc = a.loc;
  if (a.data) {
    b->data = a.data;
  } else {
    DataType storage = a.dtype == DataType::Bool() ? DataType::Int(8) : a.dtype;
    b->data = make_var(name, Type::Pointer(Type::Prim(storage), a.scope), a.loc);
  }
  DataType index_t = a.shape.empty() ? DataType::Int(32) : a.shape[0]->dtype;
  // Deviation: TVM's Namer renames every stride Var to <buffer>_s<i>, even one declared before;
  // Vars are immutable here, so strides keep their names (a string stride "s0" names its new Var
  // s0), which also makes print -> read -> print a fixed point.
  b->strides = a.strides;
  if (a.elem_offset) {
    b->elem_offset = a.elem_offset;
  } else if (a.offset_factor != 0) {
    b->elem_offset = make_var("elem_offset", index_t, a.loc);
  } else {
    b->elem_offset = make_int(index_t, 0, a.loc);
  }
  b->data_alignment = a.align <= 0 ? 64 : a.align;
  b->offset_factor = a.offset_factor == 0 ? 1 : a.offset_factor;
  b->buffer_type = a.buffer_type;
  b->axis_separators = a.axis_separators;
  if (b->buffer_type == BufferType::AutoBroadcast && !b->shape.empty() && b->strides.empty())
    for (size_t i = 0; i < b->shape.size(); ++i)
      b->strides.push_back(make_var(name + "_s" + std::to_string(i), b->shape[i]->dtype, a.loc));
  return b;
}

// Parameters p[first..] are (shape, dtype, data, strides, elem_offset, scope, align,
// offset_factor, buffer_type, axis_separators), with `shape` at p[first].
BufferArgs Builder::buffer_args(const Params &p, size_t first, const char *fn,
                                bool strides_use_shape_dtype, SourceLoc loc) {
  BufferArgs a;
  a.loc = loc;
  const Arg &shape = p[first];
  if (!given(shape))
    fail(loc, std::string("T.") + fn + "() missing required argument 'shape'");
  a.shape = expr_list(*this, *shape, "a buffer shape", loc);
  if (given(p[first + 1]))
    a.dtype = dtype_of(*p[first + 1], loc);
  if (given(p[first + 2])) {
    const Value &d = *p[first + 2];
    PrimExpr e = to_prim(d, loc_of(d, loc), "a data pointer Var");
    Var v = cast<VarNode>(e);
    if (!v)
      fail(loc_of(d, loc), "data= must be a Var");
    a.data = v;
  }
  if (given(p[first + 3])) {
    const Value &s = *p[first + 3];
    DataType st =
        strides_use_shape_dtype && !a.shape.empty() ? a.shape[0]->dtype : DataType::Int(32);
    std::vector<Value> items = s.is_sequence() ? s.elements() : std::vector<Value>{s};
    for (const Value &x : items) {
      if (x.kind == Value::Kind::Str) {
        a.strides.push_back(make_var(x.s, st, loc_of(x, loc)));
      } else {
        a.strides.push_back(to_prim(x, loc_of(x, loc), "a stride"));
      }
    }
  }
  if (given(p[first + 4]))
    a.elem_offset = to_prim(*p[first + 4], loc_of(*p[first + 4], loc), "elem_offset");
  if (given(p[first + 5]))
    a.scope = str_of(*p[first + 5], "scope", loc);
  if (given(p[first + 6]))
    a.align = static_cast<int>(int_of(*p[first + 6], "align", loc));
  if (given(p[first + 7]))
    a.offset_factor = static_cast<int>(int_of(*p[first + 7], "offset_factor", loc));
  if (given(p[first + 8])) {
    std::string bt = str_of(*p[first + 8], "buffer_type", loc);
    if (bt == "auto")
      a.buffer_type = BufferType::AutoBroadcast;
    else if (bt != "default" && !bt.empty())
      fail(loc_of(*p[first + 8], loc),
           "buffer_type must be \"auto\" or \"default\", got \"" + bt + "\"");
  }
  if (given(p[first + 9])) {
    for (const PrimExpr &e : expr_list(*this, *p[first + 9], "an axis separator", loc)) {
      IntImm i = cast<IntImmNode>(e);
      if (!i)
        fail(loc, "axis_separators must be integer constants");
      a.axis_separators.push_back(i);
    }
  }
  return a;
}

} // namespace tirconf::ir::script
