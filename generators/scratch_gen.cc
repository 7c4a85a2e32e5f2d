// Scratch memory: Allocate with a T.Buffer over its pointer, DeclBuffer, BufferRealize (and, in
// block_gen.cc, Block alloc_buffers). The contents of fresh memory are unspecified
// ([unspec.uninitialized]), so each scratch buffer is filled completely right after it is made
// and only then becomes readable: every read is preceded by a write.
#include "generators/build.h"
#include "generators/func_gen.h"

namespace tirconf::gen {

using ir::DataType;
using ir::PrimExpr;
using ir::Stmt;
namespace b = build;

std::vector<Dim> FuncGen::scratch_shape() {
  std::vector<Dim> dims;
  const int n = static_cast<int>(r_.range(1, std::min(p_.limits.buffer_dims, 3)));
  int64_t elems = 1;
  for (int k = 0; k < n; ++k) {
    if (!shape_dims.empty() && r_.percent(p_.chances.scratch_symbolic_dim) &&
        elems * shape_dims.front().hi <= p_.limits.buffer_elements) {
      Dim d = shape_dims[r_.below(shape_dims.size())];
      elems *= d.hi;
      dims.push_back(d);
      continue;
    }
    int64_t room = std::max<int64_t>(1, p_.limits.buffer_elements / elems);
    int64_t e = r_.range(1, std::min<int64_t>({room, 16, p_.limits.loop_extent}));
    elems *= e;
    dims.push_back(const_dim(e));
  }
  return dims;
}

BufferInfo FuncGen::fresh_buffer_info(ir::Buffer buf, std::vector<Dim> dims, const Ctx &c) {
  BufferInfo bi;
  bi.buffer = std::move(buf);
  bi.dims = std::move(dims);
  bi.initialized = false;
  bi.created_depth = c.regions; // private to the iterations of the enclosing regions
  bi.pins.resize(bi.dims.size());
  bi.elem = Facts::full(bi.buffer->dtype.element_of());
  return bi;
}

Stmt FuncGen::fill(const BufferInfo &target, const Ctx &c) {
  // One loop per dimension over the whole extent, storing into [f0, f1, ...]: every element is
  // written. A loop may be parallel (or the last one vectorized): each iteration writes its own
  // elements, pinned as such.
  const size_t n = target.dims.size();
  charge(c.mult * static_cast<uint64_t>(target.max_elements()));
  Ctx inner = c;
  inner.depth++;
  std::vector<ir::Var> vars;
  std::vector<ir::ForKind> kinds;
  for (size_t k = 0; k < n; ++k) {
    const Dim d = as_extent(target.dims[k]);
    ir::Var v = ir::make_var(fresh("f"), index_t);
    ScalarInfo si{v, Facts::of_int(0, d.hi - 1), d.sym};
    inner.scalars.push_back(si);
    ir::ForKind kind = ir::ForKind::Serial;
    const FillLoopKind roll = FillLoopKind(r_.pick(p_.fill_loop_kind));
    const bool nested = p_.features.nested_parallel;
    if (roll == FillLoopKind::Parallel && p_.for_kind[size_t(ForKindChoice::Parallel)] > 0 &&
        (nested || !inner.in_parallel))
      kind = ir::ForKind::Parallel;
    else if (roll == FillLoopKind::Vectorized && k + 1 == n && !d.sym && d.lo <= 16 &&
             p_.for_kind[size_t(ForKindChoice::Vectorized)] > 0 && (nested || !inner.in_vectorized))
      kind = ir::ForKind::Vectorized;
    if (kind != ir::ForKind::Serial) {
      inner = enter_region(inner, si, 0, d.lo, d.sym, target.buffer.get(), k);
      inner.may_return = false;
      if (kind == ir::ForKind::Vectorized)
        inner.in_vectorized = true;
      if (kind == ir::ForKind::Parallel)
        inner.in_parallel = true;
    }
    inner.mult *= static_cast<uint64_t>(d.hi);
    vars.push_back(v);
    kinds.push_back(kind);
  }
  std::vector<PrimExpr> at(vars.begin(), vars.end());
  TExpr v = expr(target.buffer->dtype, static_cast<int>(r_.range(0, p_.limits.expr_depth)), inner);
  note_access(target, true);
  Stmt s = b::store(target.buffer, v.e, at);
  for (size_t k = n; k-- > 0;)
    s = b::for_loop(vars[k], idx(0), as_extent(target.dims[k]).extent, kinds[k], s);
  return s;
}

Stmt FuncGen::scratch(StmtChoice k, const Ctx &c, int rest) {
  const bool realize = k == StmtChoice::Realize;
  // T.allocate of bool would need an int8 pointer the reader does not build; keep it numeric.
  DataType t = pick_scalar_dtype(k != StmtChoice::Allocate);
  std::vector<Dim> dims = scratch_shape();
  if (realize) // BufferRealize bounds are constants here
    for (auto &d : dims)
      if (d.sym)
        d = const_dim(4);
  int64_t elems = 1;
  for (const auto &d : dims)
    elems *= d.hi;
  if (!afford(c.mult * static_cast<uint64_t>(elems + 2)))
    return nullptr;
  std::vector<PrimExpr> shape;
  for (const auto &d : dims)
    shape.push_back(d.extent);
  Ctx inner = c;
  inner.depth++;
  const std::string name = fresh(k == StmtChoice::Allocate     ? "P"
                                 : k == StmtChoice::DeclBuffer ? "D"
                                                               : "R");
  ir::Var data = k == StmtChoice::Allocate ? b::pointer_var(fresh("p"), t) : nullptr;
  ir::Buffer buf = b::buffer(name, t, shape, data);
  inner.buffers.push_back(fresh_buffer_info(buf, dims, c));
  Stmt fill_s = fill(inner.buffers.back(), inner);
  inner.buffers.back().initialized = true;

  Stmt after;
  if (k == StmtChoice::Allocate && r_.percent(p_.chances.allocate_pointer_alias)) {
    // [sem.stmt.letstmt.pointer] the same allocation through a second pointer Var (optionally a
    // handle-to-handle cast, [sem.expr.cast.handle]); the buffer over it replaces the first.
    ir::Var q = b::pointer_var(fresh("q"), t);
    PrimExpr value = r_.percent(p_.chances.pointer_alias_direct)
                         ? PrimExpr(buf->data)
                         : b::cast(DataType::Handle(), buf->data);
    ir::Buffer alias = b::buffer(fresh("Q"), t, shape, q);
    inner.buffers.back().buffer = alias;
    after = b::let_stmt(q, value, body(inner, rest + 1));
  } else {
    after = body(inner, rest + 1);
  }
  Stmt inside = b::seq({fill_s, after});
  switch (k) {
  case StmtChoice::Allocate: {
    // [sem.stmt.allocate] [sem.stmt.allocate.condition]: a false condition skips the body.
    PrimExpr cond = r_.percent(p_.chances.allocate_condition_true) ? b::int_imm(DataType::Bool(), 1)
                                                                   : expr(DataType::Bool(), 1, c).e;
    return std::make_shared<ir::AllocateNode>(buf->data, t, shape, cond, inside, ir::Annotations{});
  }
  case StmtChoice::DeclBuffer:
    // [sem.stmt.declbuffer] T.decl_buffer: an Allocate of exactly the buffer's shape and dtype.
    return std::make_shared<ir::AllocateNode>(buf->data, t, shape, b::int_imm(DataType::Bool(), 1),
                                              std::make_shared<ir::DeclBufferNode>(buf, inside),
                                              ir::Annotations{});
  default: {
    // [sem.stmt.bufferrealize] inside the realize_scope attribute TVMScript's T.realize makes.
    std::vector<ir::Range> bounds;
    for (const auto &d : dims)
      bounds.push_back(ir::Range{b::int_imm(d.extent->dtype, 0), d.extent, {}});
    Stmt r = std::make_shared<ir::BufferRealizeNode>(buf, bounds, b::int_imm(DataType::Bool(), 1),
                                                     inside);
    return std::make_shared<ir::AttrStmtNode>(ir::AttrNodeRef{buf}, "realize_scope",
                                              b::string_imm("global"), r);
  }
  }
}

} // namespace tirconf::gen
