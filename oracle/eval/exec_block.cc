// Statements that allocate or alias memory: BufferRealize, Allocate, Block (alloc_buffers,
// match_buffers, init) and BlockRealize.
#include <limits>

#include "oracle/eval/exec_stmt.h"
#include "oracle/eval/trap.h"
#include "oracle/numeric/integer.h"

namespace tirconf::oracle::eval {

using ir::DataType;
using runtime::HandleValue;
using runtime::Value;

namespace {

// The largest number of slots one run may hold at once; more is a limit error like any other
// exhausted budget ([sem.stmt.limit]).
constexpr int64_t kMaxLiveSlots = int64_t{1} << 25;

Value buffer_handle(uint64_t alloc, int64_t byte_offset = 0) {
  HandleValue h;
  h.kind = HandleValue::Kind::Buffer;
  h.allocation = alloc;
  h.byte_offset = byte_offset;
  return Value::handle(std::move(h));
}

Value int_value(DataType e, int64_t v) { return Value::broadcast_bits(e, numeric::wrap(static_cast<uint64_t>(v), e.bits)); }

bool fits(DataType e, int64_t v) {
  if (e.bits >= 64) return e.is_int() || v >= 0;
  if (e.is_uint()) return v >= 0 && v < (int64_t{1} << e.bits);
  return v >= -(int64_t{1} << (e.bits - 1)) && v < (int64_t{1} << (e.bits - 1));
}

}  // namespace

ScopedAllocation::~ScopedAllocation() {
  for (const auto* v : layout_vars_) f_.layout_vars.erase(v);
  binds_.clear();
  for (const auto* b : views_) f_.views.erase(b);
  for (uint64_t a : allocs_) m_.memory.release(a);
}

void ScopedAllocation::register_view(const ir::BufferNode* b, View v) {
  f_.views.insert_or_assign(b, std::move(v));
  views_.push_back(b);
}

int64_t Executor::slot_count(const std::vector<int64_t>& shape, int lanes, ir::SourceLoc l) {
  __int128 n = lanes;
  for (int64_t d : shape) {
    if (d < 0) {
      // [unspec.negative_extent]
      m.hit("unspec.negative_extent");
      trap_unspecified(runtime::UnspecifiedClass::Any, "unspec.negative_extent", m.where(l),
                       "allocation with extent " + std::to_string(d));
    }
    n *= d;
    if (n > kMaxLiveSlots) m.over_budget(l);
  }
  if (n + m.memory.live_slots() > kMaxLiveSlots) m.over_budget(l);
  m.charge(static_cast<uint64_t>(n), l);  // making the slots is work too
  return static_cast<int64_t>(n);
}

void Executor::allocate_buffer(ScopedAllocation& scope, const ir::BufferNode* b, std::vector<int64_t> shape,
                               ir::SourceLoc l) {
  const int64_t slots = slot_count(shape, b->dtype.lanes, l);
  Allocation& a = m.memory.allocate(b->dtype.element_of(), slots, false);
  a.dtype = b->dtype;
  a.shape = shape;
  scope.own(a.id);
  if (b->data) scope.bind(b->data.get(), buffer_handle(a.id));
  View v;
  v.alloc = &a;
  v.dtype = b->dtype;
  v.strides = compact_strides(shape);
  v.shape = std::move(shape);
  // Unbound layout Vars of a fresh buffer take the compact layout (the spec leaves it open).
  if (b->elem_offset && !ev.evaluable(b->elem_offset))
    if (const auto* var = ir::as<ir::VarNode>(b->elem_offset)) scope.bind(var, int_value(var->dtype, 0));
  for (size_t k = 0; k < b->strides.size() && k < v.strides.size(); ++k)
    if (const auto* var = ir::as<ir::VarNode>(b->strides[k]); var && !f.env.bound(var))
      scope.bind(var, int_value(var->dtype, v.strides[k]));
  scope.register_view(b, std::move(v));
}

// ---------------------------------------------------------------- 6. BufferRealize

void Executor::VisitStmt_(const ir::BufferRealizeNode* op) {
  // [sem.stmt.bufferrealize] the shape evaluated, a fresh buffer bound to buffer->data for body;
  // bounds and condition have no effect. A shape dimension that is a fresh Var takes the extent
  // of the matching bound (BufferRealize is its binding site, scope.bind.bufferrealize).
  m.hit("sem.stmt.bufferrealize");
  ScopedAllocation scope(m, f);
  const ir::BufferNode* b = op->buffer.get();
  std::vector<int64_t> shape;
  for (size_t k = 0; k < b->shape.size(); ++k) {
    const auto* var = ir::as<ir::VarNode>(b->shape[k]);
    if (var && !f.env.bound(var) && k < op->bounds.size() && op->bounds[k].extent) {
      int64_t x = ev.eval_int(op->bounds[k].extent);
      scope.bind(var, int_value(var->dtype, x));
      shape.push_back(x);
    } else {
      shape.push_back(ev.eval_int(b->shape[k]));
    }
  }
  allocate_buffer(scope, b, std::move(shape), op->loc);
  exec(op->body);
}

// ---------------------------------------------------------------- 7. Allocate

void Executor::VisitStmt_(const ir::AllocateNode* op) {
  // [sem.stmt.allocate.condition] condition first; 0 finishes the statement at once.
  if (!ev.eval_cond(op->condition)) {
    m.hit("sem.stmt.allocate.condition");
    return;
  }
  // [sem.stmt.allocate] extents in order, a fresh non-aliasing buffer bound to buffer_var for
  // body, freed after; its contents start uninitialized ([unspec.uninitialized]).
  m.hit("sem.stmt.allocate");
  std::vector<int64_t> extents;
  for (const auto& e : op->extents) extents.push_back(ev.eval_int(e));
  ScopedAllocation scope(m, f);
  const int64_t slots = slot_count(extents, op->dtype.lanes, op->loc);
  Allocation& a = m.memory.allocate(op->dtype.element_of(), slots, false);
  a.dtype = op->dtype;
  a.shape = extents;
  scope.own(a.id);
  scope.bind(op->buffer_var.get(), buffer_handle(a.id));
  exec(op->body);
}

// ---------------------------------------------------------------- 14. Block

void Executor::match_buffer(ScopedAllocation& scope, const ir::MatchBufferRegion& mb) {
  // [sem.stmt.block.match_buffer] buffer aliases the source region: with k = len(region) -
  // len(shape) leading dimensions fixed at their mins, index idx reads source[mins + idx].
  m.hit("sem.stmt.block.match_buffer");
  const ir::BufferNode* b = mb.buffer.get();
  const ir::BufferNode* src = mb.source.buffer.get();
  const auto& region = mb.source.region;
  const View source = ev.view_of(src, mb.loc);  // a copy: registering below may rehash
  if (region.size() != source.shape.size() || region.size() < b->shape.size())
    trap_invalid("type.other.matchbuffer.offset_nonneg", m.where(mb.loc), "match_buffer region does not fit its buffers");
  const size_t k0 = region.size() - b->shape.size();
  std::vector<int64_t> mins, extents;
  for (const auto& r : region) {
    mins.push_back(ev.eval_int(r.min));
    extents.push_back(r.extent ? ev.eval_int(r.extent) : 1);
  }
  auto binding_error = [&](const std::string& what) {
    // [sem.stmt.block.match_buffer.shape] a mismatch is a binding error.
    m.hit("sem.stmt.block.match_buffer.shape");
    trap_error(runtime::ErrorClass::Binding, "match_buffer " + b->name + ": " + what,
               "sem.stmt.block.match_buffer.shape", m.where(mb.loc));
  };
  for (size_t j = 0; j < k0; ++j)
    if (extents[j] != 1)
      binding_error("region dimension " + std::to_string(j) + " has extent " + std::to_string(extents[j]) +
                    " but the buffer has no dimension for it");
  View v;
  v.alloc = source.alloc;
  v.dtype = b->dtype;
  v.oob_rule = "unspec.match_buffer_outside_region";
  __int128 base = source.base;
  for (size_t j = 0; j < region.size(); ++j) {
    base += static_cast<__int128>(mins[j]) * source.strides[j] * source.dtype.lanes;
    if (mins[j] < 0 || mins[j] + static_cast<__int128>(extents[j]) > source.shape[j]) v.region_outside_source = true;
  }
  v.base = base > INT64_MAX / 4 || base < INT64_MIN / 4 ? INT64_MAX / 4 : static_cast<int64_t>(base);
  for (size_t i = 0; i < b->shape.size(); ++i) {
    const int64_t extent = extents[k0 + i];
    const ir::PrimExpr& dim = b->shape[i];
    const auto* var = ir::as<ir::VarNode>(dim);
    if (var && !f.env.bound(var)) {
      if (!fits(var->dtype, extent)) binding_error("shape[" + std::to_string(i) + "] does not fit " + ir::to_string(var->dtype));
      scope.bind(var, int_value(var->dtype, extent));
    } else {
      const int64_t have = ev.eval_int(dim);
      if (have != extent)
        binding_error("shape[" + std::to_string(i) + "] is " + std::to_string(have) + " but the region's extent is " +
                      std::to_string(extent));
    }
    v.shape.push_back(extent);
    v.strides.push_back(source.strides[k0 + i]);
  }
  // Bind the buffer's own data, elem_offset and stride Vars as TVM lowers a match_buffer (data
  // is the source's, elem_offset counts elements from it); their values are implementation
  // details ([unspec.match_buffer_layout]).
  Value data = buffer_handle(source.alloc->id);
  if (const Value* sd = src->data ? f.env.find(src->data.get()) : nullptr) data = *sd;
  if (b->data && !f.env.bound(b->data.get())) scope.bind_layout(b->data.get(), data);
  if (const auto* var = ir::as<ir::VarNode>(b->elem_offset); var && !f.env.bound(var)) {
    const int64_t unit = source.alloc->elem.bytes();
    const int64_t data_slot = data.is_handle() && unit > 0 ? data.as_handle().byte_offset / unit : 0;
    scope.bind_layout(var, int_value(var->dtype, (v.base - data_slot) / std::max<int64_t>(1, b->dtype.lanes)));
  }
  for (size_t i = 0; i < b->strides.size() && i < v.strides.size(); ++i)
    if (const auto* var = ir::as<ir::VarNode>(b->strides[i]); var && !f.env.bound(var))
      scope.bind_layout(var, int_value(var->dtype, v.strides[i]));
  scope.register_view(b, std::move(v));
}

void Executor::VisitStmt_(const ir::BlockNode* op) {
  // [sem.stmt.block] a scope: alloc_buffers, match_buffers, init when due, body; reads, writes,
  // name and annotations have no effect.
  m.hit("sem.stmt.block");
  ScopedAllocation scope(m, f);
  for (const auto& b : op->alloc_buffers) {
    // [sem.stmt.block.alloc] the shape evaluated, a fresh (uninitialized) buffer.
    m.hit("sem.stmt.block.alloc");
    std::vector<int64_t> shape;
    for (const auto& d : b->shape) shape.push_back(ev.eval_int(d));
    allocate_buffer(scope, b.get(), std::move(shape), b->loc.known() ? b->loc : op->loc);
  }
  for (const auto& mb : op->match_buffers) match_buffer(scope, mb);
  if (op->init) {
    // [sem.stmt.block.init] read as: a reduction block runs init where every kCommReduce iter
    // var equals its domain's min; any other block runs it every time.
    m.hit("sem.stmt.block.init");
    bool due = true;
    for (const auto& iv : op->iter_vars) {
      if (iv->iter_type != ir::IterVarType::CommReduce) continue;
      if (!iv->dom) trap_invalid("type.stmt.block.reduce_dom", m.where(op->loc), "reduce iter var without a domain");
      const Value* now = f.env.find(iv->var.get());
      if (!now) trap_invalid("scope.unbound", m.where(op->loc), "block iter var " + iv->var->name_hint + " is not bound");
      if (Evaluator::index_value(*now, 0) != ev.eval_int(iv->dom->min)) due = false;
    }
    if (due) exec(op->init);
  }
  exec(op->body);
}

// ---------------------------------------------------------------- 15. BlockRealize

void Executor::VisitStmt_(const ir::BlockRealizeNode* op) {
  // [sem.stmt.blockrealize] values in order, bound to the block's iter vars, then the block.
  m.hit("sem.stmt.blockrealize");
  const ir::BlockNode& block = *op->block;
  if (op->iter_values.size() != block.iter_vars.size())
    trap_invalid("type.stmt.blockrealize.value_count", m.where(op->loc), "iter value count differs from iter var count");
  std::vector<Value> values;
  values.reserve(op->iter_values.size());
  for (const auto& e : op->iter_values) values.push_back(ev.eval(e));
  std::vector<std::unique_ptr<ScopedBind>> binds;
  for (size_t i = 0; i < values.size(); ++i)
    binds.push_back(std::make_unique<ScopedBind>(f.env, block.iter_vars[i]->var.get(), std::move(values[i])));
  if (op->predicate && !ev.eval_cond(op->predicate)) {
    // [unspec.block_predicate_false] the spec runs the block, TVM skips it: ambiguous.
    m.hit("unspec.block_predicate_false");
    trap_unspecified(runtime::UnspecifiedClass::Ambiguous, "unspec.block_predicate_false", m.where(op->loc),
                     "block " + block.name_hint + " has a false predicate");
  }
  exec(op->block);
}

}  // namespace tirconf::oracle::eval
