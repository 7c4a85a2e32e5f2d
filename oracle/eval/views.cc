// Buffer views (memory.h): the one a binding site set up, or one derived from the Buffer's own
// fields (data, shape, strides, elem_offset) for buffers that only name an existing data Var.
#include "oracle/eval/eval_expr.h"
#include "oracle/eval/trap.h"

namespace tirconf::oracle::eval {

using runtime::Value;

const View& Evaluator::view_of(const ir::BufferNode* b, ir::SourceLoc l) {
  if (auto it = f.views.find(b); it != f.views.end()) return it->second;
  auto [it, fresh] = f.lazy_views.try_emplace(b);
  LazyView& lz = it->second;
  if (!fresh) {
    bool same = true;
    for (size_t k = 0; same && k < lz.deps.size(); ++k) {
      const Value* now = f.env.find(lz.deps[k]);
      same = now && *now == lz.dep_values[k];
    }
    if (same && lz.view.alloc && m.memory.find(lz.view.alloc->id) == lz.view.alloc) return lz.view;
  }
  lz.view = lazy_view(b, l);
  lz.deps.clear();
  lz.dep_values.clear();
  collect_vars(b->data, lz.deps);
  for (const auto& e : b->shape) collect_vars(e, lz.deps);
  for (const auto& e : b->strides) collect_vars(e, lz.deps);
  collect_vars(b->elem_offset, lz.deps);
  for (const auto* v : lz.deps) {
    const Value* now = f.env.find(v);
    lz.dep_values.push_back(now ? *now : Value());
  }
  return lz.view;
}

View Evaluator::lazy_view(const ir::BufferNode* b, ir::SourceLoc l) {
  View v;
  v.dtype = b->dtype;
  if (b->data && f.layout_vars.count(b->data.get())) {
    // [unspec.match_buffer_layout] a buffer over a match_buffer's data sees its source's layout.
    m.hit("unspec.match_buffer_layout");
    trap_unspecified(runtime::UnspecifiedClass::Any, "unspec.match_buffer_layout", m.where(l),
                     "buffer " + b->name + " views the data of a match_buffer");
  }
  const Value* data = b->data ? f.env.find(b->data.get()) : nullptr;
  if (!data) trap_invalid("scope.buffer.out_of_scope", m.where(l), "buffer " + b->name + " has no storage here");
  if (!data->is_handle() || data->as_handle().kind != runtime::HandleValue::Kind::Buffer ||
      !(v.alloc = m.memory.find(data->as_handle().allocation))) {
    // [unspec.memory_layout] the data Var holds no live allocation (a null or opaque handle).
    m.hit("unspec.memory_layout");
    trap_unspecified(runtime::UnspecifiedClass::Any, "unspec.memory_layout", m.where(l),
                     "buffer " + b->name + " does not point to live memory");
  }
  for (const auto& e : b->shape) v.shape.push_back(eval_int(e));
  std::vector<int64_t> compact = compact_strides(v.shape);
  if (b->strides.size() == v.shape.size()) {
    for (size_t k = 0; k < b->strides.size(); ++k)
      v.strides.push_back(evaluable(b->strides[k]) ? eval_int(b->strides[k]) : compact[k]);
  } else {
    v.strides = compact;
  }
  int64_t elem_offset = b->elem_offset && evaluable(b->elem_offset) ? eval_int(b->elem_offset) : 0;
  const int64_t unit = v.alloc->elem.bytes();
  const int64_t byte_offset = data->as_handle().byte_offset;
  if (unit <= 0 || byte_offset % unit != 0) {
    m.hit("unspec.memory_layout");
    trap_unspecified(runtime::UnspecifiedClass::Any, "unspec.memory_layout", m.where(l),
                     "buffer " + b->name + " starts inside an element");
  }
  __int128 base = static_cast<__int128>(byte_offset / unit) + static_cast<__int128>(elem_offset) * b->dtype.lanes;
  if (base < INT64_MIN / 4 || base > INT64_MAX / 4) base = INT64_MAX / 4;  // out of the allocation
  v.base = static_cast<int64_t>(base);
  if (!v.alloc->layout_known &&
      (b->dtype != v.alloc->dtype || v.shape != v.alloc->shape || v.strides != compact || elem_offset != 0 ||
       byte_offset != 0)) {
    // [unspec.memory_layout] a view of an allocation other than its own dtype and shape relies
    // on a layout the spec does not fix.
    m.hit("unspec.memory_layout");
    trap_unspecified(runtime::UnspecifiedClass::Any, "unspec.memory_layout", m.where(l),
                     "buffer " + b->name + " views an allocation of " + ir::to_string(v.alloc->dtype) + " " +
                         runtime::shape_to_string(v.alloc->shape) + " as " + ir::to_string(b->dtype) + " " +
                         runtime::shape_to_string(v.shape));
  }
  return v;
}

}  // namespace tirconf::oracle::eval
