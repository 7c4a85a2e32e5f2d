// Buffers: addressing ([sem.stmt.primfunc.layout]), loads ([sem.expr.bufferload]), stores
// ([sem.stmt.bufferstore]), allocation ([sem.stmt.allocate], [sem.stmt.block.alloc],
// [sem.stmt.bufferrealize]) and match_buffer aliasing ([sem.stmt.block.match_buffer]).
#include "backends/llvm/lowering.h"

#include <llvm/IR/MDBuilder.h>

#include <algorithm>

namespace tirconf::backends::llvm_jit {

using ir::DataType;
using runtime::ErrorClass;

namespace {

// The alignment LLVM may assume of an element: its lane's natural one (DLTensor data plus a
// byte_offset that binding checked to be a multiple of the element size).
llvm::Align lane_align(DataType t) {
  const int bytes = t.bits == 1 ? 1 : t.bits / 8;
  return llvm::Align(static_cast<uint64_t>(bytes < 1 ? 1 : bytes));
}

bool is_int_imm(const ir::PrimExpr &e, int64_t v) {
  auto *imm = ir::as<ir::IntImmNode>(e);
  return imm && imm->value == v;
}

bool is_int_imm_value(llvm::Value *v, uint64_t x) {
  auto *c = llvm::dyn_cast<llvm::ConstantInt>(v);
  return c && c->getZExtValue() == x;
}

} // namespace

Layout FunctionLowering::layout(const ir::Buffer &b) {
  auto it = layouts_.find(b.get());
  if (it != layouts_.end())
    return it->second;
  // Derived from the buffer's own fields, whose Vars its binding site bound.
  Layout l;
  if (!b->data || !bound(b->data.get()))
    throw LoweringError("buffer " + b->name + " used where its data is not bound");
  l.data = var(b->data.get(), b->loc);
  if (!b->strides.empty()) {
    for (const auto &s : b->strides)
      l.strides.push_back(index(s));
    l.last_stride_one = is_int_imm(b->strides.back(), 1);
  } else {
    std::vector<llvm::Value *> shape;
    for (const auto &d : b->shape)
      shape.push_back(index(d));
    l.strides.resize(shape.size());
    llvm::Value *s = i64(1);
    for (size_t k = shape.size(); k-- > 0;) {
      l.strides[k] = s;
      s = mul_index(s, shape[k]);
    }
    l.last_stride_one = true;
  }
  l.elem_offset = b->elem_offset ? index(b->elem_offset) : i64(0);
  return l;
}

void FunctionLowering::register_layout(const ir::Buffer &b) {
  layouts_.erase(b.get());
  layouts_[b.get()] = layout(b);
}

llvm::Value *FunctionLowering::flat_index(const Layout &l, const std::vector<llvm::Value *> &idx) {
  if (idx.size() != l.strides.size())
    throw LoweringError("buffer access with the wrong number of indices");
  llvm::Value *flat = l.elem_offset;
  for (size_t k = 0; k + 1 < idx.size(); ++k)
    flat = add_index(flat, mul_index(idx[k], l.strides[k]));
  if (idx.empty())
    return flat;
  llvm::Value *last = idx.back();
  if (auto *vt = llvm::dyn_cast<llvm::FixedVectorType>(last->getType())) {
    const int n = static_cast<int>(vt->getNumElements());
    return add_index(broadcast(flat, n), mul_index(last, broadcast(l.strides.back(), n)));
  }
  return add_index(flat, mul_index(last, l.strides.back()));
}

llvm::Value *FunctionLowering::typed_base(llvm::Value *data, llvm::Type *elem) {
  auto &slot = typed_bases_[{data, elem}];
  if (!slot) {
    // Cast once, where `data` is defined, so that the cast dominates every use of it.
    llvm::IRBuilder<> at(ml_.ctx);
    if (auto *inst = llvm::dyn_cast<llvm::Instruction>(data)) {
      llvm::BasicBlock *bb = inst->getParent();
      if (llvm::isa<llvm::PHINode>(inst))
        at.SetInsertPoint(bb, bb->getFirstInsertionPt());
      else
        at.SetInsertPoint(bb, std::next(inst->getIterator()));
    } else {
      at.SetInsertPoint(&fn_->getEntryBlock(), fn_->getEntryBlock().getFirstInsertionPt());
    }
    slot = at.CreateBitCast(data, elem->getPointerTo());
  }
  return slot;
}

llvm::Value *FunctionLowering::element_ptr(const Layout &l, DataType dtype, llvm::Value *flat) {
  // The element (a whole vector for a vector dtype) is dtype.bytes(): a GEP over the element's
  // memory type where its size is that (not for vectors LLVM pads, e.g. <3 x float>), else
  // byte arithmetic on i8*.
  llvm::Type *mt = ml_.mem_ty(dtype);
  if (ml_.mod.getDataLayout().getTypeAllocSize(mt) == static_cast<uint64_t>(dtype.bytes())) {
    llvm::Value *base = typed_base(l.data, mt);
    if (is_int_imm_value(flat, 0))
      return base;
    return b_.CreateGEP(mt, base, flat);
  }
  if (is_int_imm_value(flat, 0))
    return l.data;
  return b_.CreateGEP(b_.getInt8Ty(), l.data, mul_index(flat, i64(dtype.bytes())));
}

llvm::Value *FunctionLowering::access_ptr(llvm::Value *p, llvm::Type *access) {
  llvm::Type *want = access->getPointerTo();
  return p->getType() == want ? p : b_.CreateBitCast(p, want);
}

llvm::Value *FunctionLowering::load_element(const Layout &l, DataType elem, llvm::Value *flat,
                                            DataType dtype) {
  // `dtype` is what is read at element `flat` of a buffer of `elem`s: that element, or several
  // contiguous ones as one vector.
  llvm::Type *mt = ml_.mem_ty(dtype);
  llvm::Value *p = access_ptr(element_ptr(l, elem, flat), mt);
  llvm::LoadInst *load = b_.CreateAlignedLoad(mt, p, lane_align(dtype));
  tag_access(load, l.data);
  llvm::Value *v = load;
  if (dtype.is_bool())
    v = b_.CreateICmpNE(v, num_.int_const(mt, 0));
  return v;
}

void FunctionLowering::store_element(const Layout &l, DataType elem, llvm::Value *flat,
                                     llvm::Value *v, DataType dtype) {
  llvm::Type *mt = ml_.mem_ty(dtype);
  if (dtype.is_bool())
    v = b_.CreateZExt(v, mt);
  llvm::Value *p = access_ptr(element_ptr(l, elem, flat), mt);
  tag_access(b_.CreateAlignedStore(v, p, lane_align(dtype)), l.data);
}

void FunctionLowering::make_argument_scopes(const std::vector<llvm::Value *> &data_pointers) {
  std::vector<llvm::Value *> distinct;
  for (llvm::Value *d : data_pointers)
    if (std::find(distinct.begin(), distinct.end(), d) == distinct.end())
      distinct.push_back(d);
  if (distinct.size() < 2)
    return; // nothing to keep apart
  llvm::MDBuilder md(ml_.ctx);
  llvm::MDNode *domain = md.createAnonymousAliasScopeDomain(fn_->getName());
  std::vector<llvm::MDNode *> scopes;
  for (size_t i = 0; i < distinct.size(); ++i)
    scopes.push_back(md.createAnonymousAliasScope(domain, "argument " + std::to_string(i)));
  for (size_t i = 0; i < distinct.size(); ++i) {
    std::vector<llvm::Metadata *> others;
    for (size_t j = 0; j < distinct.size(); ++j)
      if (j != i)
        others.push_back(scopes[j]);
    argument_scopes_[distinct[i]] = {llvm::MDNode::get(ml_.ctx, {scopes[i]}),
                                     llvm::MDNode::get(ml_.ctx, others)};
  }
}

void FunctionLowering::tag_access(llvm::Instruction *access, llvm::Value *data) {
  auto it = argument_scopes_.find(data);
  if (it == argument_scopes_.end())
    return;
  access->setMetadata(llvm::LLVMContext::MD_alias_scope, it->second.scope);
  access->setMetadata(llvm::LLVMContext::MD_noalias, it->second.noalias);
}

namespace {

// Whether the last index is Ramp(_, 1, _): consecutive elements, one vector access when the last
// axis is contiguous. (A ramp that wraps around its dtype reaches outside the buffer, which is
// unspecified, so assuming consecutive elements is safe.)
bool unit_ramp(const std::vector<ir::PrimExpr> &indices) {
  if (indices.empty())
    return false;
  auto *r = ir::as<ir::RampNode>(indices.back());
  return r && is_int_imm(r->stride, 1);
}

} // namespace

llvm::Value *FunctionLowering::load(const ir::Buffer &b, const std::vector<ir::PrimExpr> &indices,
                                    DataType result, ir::SourceLoc loc) {
  // [sem.expr.bufferload] indices left to right, cast to the 64-bit index type.
  std::vector<llvm::Value *> idx;
  for (const auto &i : indices)
    idx.push_back(index_lanes(i));
  Layout l = layout(b);
  const DataType e = b->dtype; // the buffer's element (may itself be a vector)
  const int n = indices.empty() ? 1 : indices.back()->dtype.lanes;
  if (n == 1) {
    // [sem.expr.bufferload.nullary] or scalar indices: one element.
    return load_element(l, e, flat_index(l, idx), e);
  }
  // [sem.expr.bufferload.vector] one element per lane of the last index, concatenated.
  if (unit_ramp(indices) && l.last_stride_one) {
    std::vector<llvm::Value *> first = idx;
    first.back() = lane(idx.back(), 0);
    return load_element(l, e, flat_index(l, first), result);
  }
  llvm::Value *flat = flat_index(l, idx);
  llvm::Value *r = undef(result);
  const int w = e.lanes;
  for (int j = 0; j < n; ++j) {
    llvm::Value *x = load_element(l, e, lane(flat, j), e);
    for (int q = 0; q < w; ++q)
      r = b_.CreateInsertElement(r, lane(x, q), b_.getInt64(static_cast<uint64_t>(j * w + q)));
  }
  return r;
}

void FunctionLowering::store(const ir::Buffer &b, const std::vector<ir::PrimExpr> &indices,
                             llvm::Value *value, DataType vtype) {
  // [sem.stmt.bufferstore] (value already evaluated) indices left to right.
  std::vector<llvm::Value *> idx;
  for (const auto &i : indices)
    idx.push_back(index_lanes(i));
  Layout l = layout(b);
  const DataType e = b->dtype;
  const int n = indices.empty() ? 1 : indices.back()->dtype.lanes;
  if (n == 1) {
    store_element(l, e, flat_index(l, idx), value, e);
    return;
  }
  // [sem.stmt.bufferstore.vector] chunk j (the buffer element's lanes) to the element at lane j.
  if (unit_ramp(indices) && l.last_stride_one) {
    std::vector<llvm::Value *> first = idx;
    first.back() = lane(idx.back(), 0);
    store_element(l, e, flat_index(l, first), value, vtype);
    return;
  }
  llvm::Value *flat = flat_index(l, idx);
  const int w = e.lanes;
  for (int j = 0; j < n; ++j) {
    llvm::Value *chunk;
    if (w == 1) {
      chunk = lane(value, j);
    } else {
      std::vector<int> mask;
      for (int q = 0; q < w; ++q)
        mask.push_back(j * w + q);
      chunk = b_.CreateShuffleVector(value, mask);
    }
    store_element(l, e, lane(flat, j), chunk, e);
  }
}

// ---------------------------------------------------------------- allocation

llvm::Value *FunctionLowering::allocate(llvm::Value *count, DataType dtype, ir::SourceLoc loc,
                                        const char *rule) {
  // count * bytes, with overflow refused like any allocation beyond the budget.
  llvm::Value *bytes;
  int64_t known = 0;
  if (auto *c = llvm::dyn_cast<llvm::ConstantInt>(count);
      c && !__builtin_mul_overflow(c->getSExtValue(), int64_t{dtype.bytes()}, &known)) {
    bytes = i64(c->getSExtValue() < 0 ? -1 : known);
  } else {
    llvm::Value *prod =
        b_.CreateBinaryIntrinsic(llvm::Intrinsic::smul_with_overflow, count, i64(dtype.bytes()));
    bytes =
        b_.CreateSelect(b_.CreateExtractValue(prod, 1), i64(-1), b_.CreateExtractValue(prod, 0));
  }
  llvm::Value *p = b_.CreateCall(ml_.rt_alloc(), {ctx_, bytes});
  // [sem.stmt.limit] the memory budget (RunLimits::memory_limit); a negative extent
  // (unspec.negative_extent) is refused the same way.
  fail_if(b_.CreateIsNull(p),
          site(ErrorClass::Limit, "sem.stmt.limit", loc,
               std::string("memory budget exhausted allocating {a} bytes (") + rule + ")"),
          bytes);
  live_allocs_.push_back(p);
  return p;
}

void FunctionLowering::free_top() {
  b_.CreateCall(ml_.rt_free(), {ctx_, live_allocs_.back()});
  live_allocs_.pop_back();
}

namespace {

// The product of extents, with overflow (or a negative extent) giving -1, which allocate()
// refuses.
llvm::Value *element_count(llvm::IRBuilder<> &b, const std::vector<llvm::Value *> &extents) {
  // Constant extents multiply here (the common case: no run-time checks to emit).
  int64_t known = 1;
  std::vector<llvm::Value *> rest;
  for (llvm::Value *e : extents) {
    auto *c = llvm::dyn_cast<llvm::ConstantInt>(e);
    if (c && c->getSExtValue() >= 0 && !__builtin_mul_overflow(known, c->getSExtValue(), &known))
      continue;
    if (c)
      return b.getInt64(static_cast<uint64_t>(-1));
    rest.push_back(e);
  }
  llvm::Value *n = b.getInt64(static_cast<uint64_t>(known));
  llvm::Value *bad = b.getFalse();
  for (llvm::Value *e : rest) {
    bad = b.CreateOr(b.CreateICmpSLT(e, b.getInt64(0)), bad);
    llvm::Value *prod = b.CreateBinaryIntrinsic(llvm::Intrinsic::smul_with_overflow, n, e);
    n = b.CreateExtractValue(prod, 0);
    bad = b.CreateOr(b.CreateExtractValue(prod, 1), bad);
  }
  return rest.empty() ? n : b.CreateSelect(bad, b.getInt64(static_cast<uint64_t>(-1)), n);
}

} // namespace

void FunctionLowering::alloc_buffer(const ir::Buffer &b, ir::SourceLoc loc) {
  std::vector<llvm::Value *> shape;
  for (const auto &d : b->shape)
    shape.push_back(index(d));
  llvm::Value *p = allocate(element_count(b_, shape), b->dtype, loc, "sem.stmt.block.alloc");
  if (b->data)
    bind(b->data, p);
  // Unbound layout Vars of a fresh buffer take the compact layout (the spec leaves it open).
  if (auto *v = ir::as<ir::VarNode>(b->elem_offset); v && !bound(v))
    vars_[v] = llvm::ConstantInt::get(ml_.ty(v->dtype), 0);
  llvm::Value *s = i64(1);
  for (size_t k = shape.size(); k-- > 0;) {
    if (k < b->strides.size())
      if (auto *v = ir::as<ir::VarNode>(b->strides[k]); v && !bound(v))
        vars_[v] = b_.CreateTrunc(s, ml_.ty(v->dtype));
    s = b_.CreateMul(s, shape[k]);
  }
  register_layout(b);
}

void FunctionLowering::match_buffer(const ir::MatchBufferRegion &mb) {
  const ir::Buffer &buf = mb.buffer;
  const ir::Buffer &src = mb.source.buffer;
  const auto &region = mb.source.region;
  const size_t rank = region.size();
  if (rank != src->shape.size() || rank < buf->shape.size())
    throw LoweringError("match_buffer " + buf->name + ": region does not fit its buffers");
  Layout sl = layout(src);
  const size_t k0 = rank - buf->shape.size();
  std::vector<llvm::Value *> mins, extents;
  for (const auto &r : region) {
    mins.push_back(index(r.min));
    extents.push_back(r.extent ? index(r.extent) : i64(1));
  }
  const std::string what = "match_buffer " + buf->name + ": ";
  const char *rule = "sem.stmt.block.match_buffer.shape";
  // The extra leading region dimensions must be single elements.
  for (size_t j = 0; j < k0; ++j)
    fail_if(b_.CreateICmpNE(extents[j], i64(1)),
            site(ErrorClass::Binding, rule, mb.loc,
                 what + "region dimension " + std::to_string(j) +
                     " has extent {a} but the buffer has no dimension for it"),
            extents[j]);
  // Each dimension against its region extent: a fresh Var is bound, anything else compared.
  for (size_t i = 0; i < buf->shape.size(); ++i) {
    llvm::Value *extent = extents[k0 + i];
    const ir::PrimExpr &d = buf->shape[i];
    if (auto *v = ir::as<ir::VarNode>(d); v && !bound(v)) {
      auto t = v->dtype;
      if (t.bits < 64) {
        const int64_t hi =
            t.is_int() ? (int64_t{1} << (t.bits - 1)) - 1 : (int64_t{1} << t.bits) - 1;
        fail_if(b_.CreateICmpSGT(extent, i64(hi)),
                site(ErrorClass::Binding, rule, mb.loc,
                     what + "shape[" + std::to_string(i) + "] does not fit " + ir::to_string(t)));
      }
      vars_[v] = b_.CreateTrunc(extent, ml_.ty(t));
    } else {
      llvm::Value *have = index(d);
      fail_if(b_.CreateICmpNE(have, extent),
              site(ErrorClass::Binding, rule, mb.loc,
                   what + "shape[" + std::to_string(i) + "] is {a} but the region's extent is {b}"),
              have, extent);
    }
  }
  // The aliased view: the source's strides for the kept dimensions, starting at the region's
  // mins (leading extra dimensions fixed there).
  Layout l;
  l.data = sl.data;
  llvm::Value *base = sl.elem_offset;
  for (size_t j = 0; j < rank; ++j)
    base = b_.CreateAdd(base, b_.CreateMul(mins[j], sl.strides[j]));
  l.elem_offset = base;
  for (size_t i = k0; i < rank; ++i)
    l.strides.push_back(sl.strides[i]);
  l.last_stride_one = rank > k0 ? sl.last_stride_one : true;
  layouts_[buf.get()] = l;
  // The buffer's own data, elem_offset and stride Vars, bound as TVM lowers a match_buffer
  // (their values are implementation details: unspec.match_buffer_layout).
  if (buf->data && !bound(buf->data.get()))
    bind(buf->data, sl.data);
  if (auto *v = ir::as<ir::VarNode>(buf->elem_offset); v && !bound(v))
    vars_[v] = b_.CreateTrunc(base, ml_.ty(v->dtype));
  for (size_t i = 0; i < buf->strides.size() && i < l.strides.size(); ++i)
    if (auto *v = ir::as<ir::VarNode>(buf->strides[i]); v && !bound(v))
      vars_[v] = b_.CreateTrunc(l.strides[i], ml_.ty(v->dtype));
}

} // namespace tirconf::backends::llvm_jit
