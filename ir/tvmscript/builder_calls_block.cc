// Blocks and their axes: T.block, T.init, T.where, T.reads, T.writes, T.block_attr and
// T.axis.spatial / reduce / scan / opaque / remap (the block section of ir.py; alloc_buffer is
// with the buffers).
#include <algorithm>

#include "ir/tvmscript/builder_calls.h"
#include "ir/tvmscript/reader_error.h"

namespace tirconf::ir::script {

namespace {

// ---------------------------------------------------------------- blocks

// with T.block(name, no_realize): a Block scope.
Value block(CallSite &c) {
  Params p = c.bind({"name", "no_realize"});
  auto f = c.frame(FrameSpec::Kind::Block);
  if (given(p[0]))
    f->name = str_of(*p[0], "block name", c.loc);
  if (given(p[1]))
    f->no_realize = bool_of(*p[1], "no_realize", c.loc);
  return c.frame_value(f);
}

// with T.init(): the enclosing block's init statement.
Value init(CallSite &c) {
  c.bind({});
  return c.frame_value(c.frame(FrameSpec::Kind::Init));
}

// T.where(predicate): the enclosing block's predicate.
Value where(CallSite &c) {
  Params p = c.bind({"predicate"});
  const Value &v = c.required(p[0], "predicate");
  PrimExpr pred;
  if (v.kind == Value::Kind::Int) {
    if (v.i != 0 && v.i != 1)
      fail(loc_of(v, c.loc), "Invalid value for predicate: must be a boolean expression");
    pred = make_bool(v.i != 0, loc_of(v, c.loc));
  } else {
    pred = cond_of(c.b, v, c.loc);
  }
  Builder::BlockState &blk = c.b.enclosing_block("where", c.loc);
  if (blk.predicate)
    fail(c.loc, "Duplicate block predicate declaration");
  blk.predicate = pred;
  return Value::none(c.loc);
}

// T.reads(*regions) / T.writes(*regions): the enclosing block's read or write regions.
template <bool Writes> Value access_regions(CallSite &c) {
  if (!c.args.kwargs.empty())
    fail(c.loc, "T." + c.fn + "() takes no keyword arguments");
  std::vector<Value> items = c.args.args;
  if (items.size() == 1 && items[0].is_sequence())
    items = items[0].elements();
  std::vector<BufferRegion> regions;
  for (const Value &v : items)
    regions.push_back(c.b.to_region(v, loc_of(v, c.loc)));
  Builder::BlockState &blk = c.b.enclosing_block(c.fn.c_str(), c.loc);
  auto &slot = Writes ? blk.writes : blk.reads;
  if (slot)
    fail(c.loc, "Duplicate " + std::string(Writes ? "write" : "read") + " region declaration");
  slot = std::move(regions);
  return Value::none(c.loc);
}

// T.block_attr(attrs): the enclosing block's annotations.
Value block_attr(CallSite &c) {
  Params p = c.bind({"attrs"});
  Annotations a = annotations_of(c.b, c.required(p[0], "attrs"), c.loc);
  Builder::BlockState &blk = c.b.enclosing_block("block_attr", c.loc);
  if (blk.annotations)
    fail(c.loc, "Duplicate block annotations");
  blk.annotations = std::move(a);
  return Value::none(c.loc);
}

// ---------------------------------------------------------------- axes

// v = T.axis.spatial(dom, binding, dtype) and its kin: one block iter var of kind K, bound to
// `binding`.
template <IterVarType K> Value axis(CallSite &c) {
  const SourceLoc loc = c.loc;
  Params p = c.bind({"dom", "binding", "dtype"});
  Builder::BlockState *blk = c.b.last_frame_block();
  if (!blk)
    fail(loc, "T." + c.fn + " must be called directly under T.block()");
  const Value &dom = c.required(p[0], "dom");
  PrimExpr binding = c.b.to_prim(c.required(p[1], "binding"), loc, "a block var binding");
  DataType dt = given(p[2]) ? dtype_of(*p[2], loc) : DataType::Int(32);
  // _as_range: an extent n -> Range(0, n); a pair (a, b) -> Range(a, b - a).
  Range r;
  r.loc = loc_of(dom, loc);
  if (dom.is_sequence()) {
    if (dom.elements().size() != 2)
      fail(r.loc, "a block var domain pair must have two elements");
    const Value &lo = dom.elements()[0];
    const Value &hi = dom.elements()[1];
    r.min = c.b.to_prim(lo, r.loc, "a domain bound");
    r.extent = c.b.difference(hi, lo, r.loc);
  } else if (dom.kind == Value::Kind::Int || dom.kind == Value::Kind::Bool) {
    r.min = make_int32(0, r.loc);
    r.extent = c.b.to_prim(dom, r.loc);
  } else {
    r.extent = c.b.to_prim(dom, r.loc, "a domain extent");
    r.min = make_int(r.extent->dtype, 0, r.loc);
  }
  int bits = std::max({static_cast<int>(r.min->dtype.bits), static_cast<int>(r.extent->dtype.bits),
                       static_cast<int>(dt.bits)});
  Var v = make_var(c.hint(), DataType(dt.code, bits), loc);
  blk->iter_vars.push_back(std::make_shared<IterVarNode>(IterVarNode{r, v, K, "", loc}));
  blk->iter_values.push_back(binding);
  return c.expr(v);
}

// vi, vj = T.axis.remap("SR", [i, j]): one iter var per loop variable, over the loop's range.
Value axis_remap(CallSite &c) {
  const SourceLoc loc = c.loc;
  Params p = c.bind({"kinds", "bindings", "dtype"});
  std::string kinds = str_of(c.required(p[0], "kinds"), "kinds", loc);
  const Value &bind = c.required(p[1], "bindings");
  if (!bind.is_sequence())
    fail(loc_of(bind, loc), "T.axis.remap expects a list of loop variables");
  const auto &vars = bind.elements();
  if (kinds.size() != vars.size())
    fail(loc, "T.axis.remap: " + std::to_string(kinds.size()) + " kinds for " +
                  std::to_string(vars.size()) + " bindings");
  Builder::BlockState *blk = c.b.last_frame_block();
  if (!blk)
    fail(loc, "T.axis.remap must be called directly under T.block()");
  std::vector<Value> out;
  for (size_t i = 0; i < vars.size(); ++i) {
    PrimExpr e = c.b.to_prim(vars[i], loc_of(vars[i], loc));
    Var lv = cast<VarNode>(e);
    if (!lv)
      fail(loc_of(vars[i], loc), "TypeError: Only Var is supported in T.axis.remap");
    const LoopSpec *loop = c.b.open_loop(lv);
    if (!loop)
      fail(loc_of(vars[i], loc), "TypeError: Variable is not in the loop: " + lv->name_hint);
    Range dom{loop->min, loop->extent, loc};
    IterVarType t;
    if (kinds[i] == 'S')
      t = IterVarType::DataPar;
    else if (kinds[i] == 'R')
      t = IterVarType::CommReduce;
    else
      fail(loc, std::string("Unknown axis kind: ") + kinds[i]);
    Var v = make_var(c.hint(i), lv->dtype, loc);
    blk->iter_vars.push_back(std::make_shared<IterVarNode>(IterVarNode{dom, v, t, "", loc}));
    blk->iter_values.push_back(e);
    out.push_back(Value::of(PrimExpr(v), loc));
  }
  if (out.size() == 1)
    return out[0];
  return Value::seq(Value::Kind::List, std::move(out), loc);
}

constexpr CallEntry kBlockCalls[] = {
    {"block", block},
    {"init", init},
    {"where", where},
    {"reads", access_regions<false>},
    {"writes", access_regions<true>},
    {"block_attr", block_attr},
};

constexpr CallEntry kAxisCalls[] = {
    {"axis.spatial", axis<IterVarType::DataPar>},
    {"axis.S", axis<IterVarType::DataPar>},
    {"axis.reduce", axis<IterVarType::CommReduce>},
    {"axis.R", axis<IterVarType::CommReduce>},
    {"axis.scan", axis<IterVarType::Ordered>},
    {"axis.opaque", axis<IterVarType::Opaque>},
    {"axis.remap", axis_remap},
};

} // namespace

std::span<const CallEntry> block_calls() {
  return kBlockCalls;
}
std::span<const CallEntry> axis_calls() {
  return kAxisCalls;
}

} // namespace tirconf::ir::script
