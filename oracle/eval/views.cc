// Buffer views (memory.h): the one a binding site registered, or one derived from the Buffer's
// own fields (data, shape, strides, elem_offset) for buffers that only name an existing data Var.
#include "oracle/eval/plan.h"
#include "oracle/eval/trap.h"

namespace tirconf::oracle::eval {

using runtime::Value;

namespace {

View derive_view(Frame &f, const BufferPlan &bp, ir::SourceLoc l) {
  Machine &m = f.m;
  const ir::BufferNode *b = bp.buffer;
  View v;
  v.dtype = b->dtype;
  if (bp.data_slot >= 0 && (f.flags[static_cast<size_t>(bp.data_slot)] & Frame::kLayout)) {
    // [unspec.match_buffer_layout] a buffer over a match_buffer's data sees its source's layout.
    m.hit("unspec.match_buffer_layout");
    trap_unspecified(runtime::UnspecifiedClass::Any, "unspec.match_buffer_layout", m.where(l),
                     "buffer " + b->name + " views the data of a match_buffer");
  }
  if (bp.data_slot < 0 || !f.bound(bp.data_slot))
    trap_invalid("scope.buffer.out_of_scope", m.where(l),
                 "buffer " + b->name + " has no storage here");
  const Value data = f.get(bp.data_slot);
  if (!data.is_handle() || data.as_handle().kind != runtime::HandleValue::Kind::Buffer ||
      !(v.alloc = m.memory.find(data.as_handle().allocation))) {
    // [unspec.memory_layout] the data Var holds no live allocation (a null or opaque handle).
    m.hit("unspec.memory_layout");
    trap_unspecified(runtime::UnspecifiedClass::Any, "unspec.memory_layout", m.where(l),
                     "buffer " + b->name + " does not point to live memory");
  }
  for (const auto &e : bp.shape)
    v.shape.push_back(eval_int(f, *e));
  std::vector<int64_t> compact = compact_strides(v.shape);
  if (bp.strides.size() == v.shape.size()) {
    for (size_t k = 0; k < bp.strides.size(); ++k)
      v.strides.push_back(f.all_bound(bp.stride_deps[k]) ? eval_int(f, *bp.strides[k])
                                                         : compact[k]);
  } else {
    v.strides = compact;
  }
  int64_t elem_offset =
      bp.elem_offset && f.all_bound(bp.elem_offset_deps) ? eval_int(f, *bp.elem_offset) : 0;
  const int64_t unit = v.alloc->elem.bytes();
  const int64_t byte_offset = data.as_handle().byte_offset;
  if (unit <= 0 || byte_offset % unit != 0) {
    m.hit("unspec.memory_layout");
    trap_unspecified(runtime::UnspecifiedClass::Any, "unspec.memory_layout", m.where(l),
                     "buffer " + b->name + " starts inside an element");
  }
  __int128 base = static_cast<__int128>(byte_offset / unit) +
                  static_cast<__int128>(elem_offset) * b->dtype.lanes;
  if (base < INT64_MIN / 4 || base > INT64_MAX / 4)
    base = INT64_MAX / 4; // out of the allocation
  v.base = static_cast<int64_t>(base);
  // Under allocation-layout=flat an allocation is a row-major run of its elements, so a view of
  // the same element type, whatever its shape, strides and offset, addresses it as a DLTensor's.
  const bool flat = m.options.readings.allocation_layout == AllocationLayout::Flat &&
                    b->dtype.element_of() == v.alloc->elem;
  if (!v.alloc->layout_known && !flat &&
      (b->dtype != v.alloc->dtype || v.shape != v.alloc->shape || v.strides != compact ||
       elem_offset != 0 || byte_offset != 0)) {
    // [unspec.memory_layout] a view of an allocation other than its own dtype and shape relies
    // on a layout the spec does not fix.
    m.hit("unspec.memory_layout");
    trap_unspecified(runtime::UnspecifiedClass::Any, "unspec.memory_layout", m.where(l),
                     "buffer " + b->name + " views an allocation of " +
                         ir::to_string(v.alloc->dtype) + " " +
                         runtime::shape_to_string(v.alloc->shape) + " as " +
                         ir::to_string(b->dtype) + " " + runtime::shape_to_string(v.shape));
  }
  return v;
}

} // namespace

const View &Frame::derived_view(int b, ir::SourceLoc l) {
  const size_t i = static_cast<size_t>(b);
  const BufferPlan &bp = plan.buffers[i];
  LazyView &lz = lazy[i];
  if (lz.valid) {
    // Ids are never reused: the same id still found means the same allocation is still live.
    bool same = lz.view.alloc && m.memory.find(lz.alloc_id) == lz.view.alloc;
    for (size_t k = 0; same && k < bp.deps.size(); ++k)
      same = (bound(bp.deps[k]) ? get(bp.deps[k]) : Value()) == lz.dep_values[k];
    if (same)
      return lz.view;
  }
  lz.valid = false;
  lz.view = derive_view(*this, bp, l);
  finalize(lz.view);
  lz.alloc_id = lz.view.alloc ? lz.view.alloc->id : 0;
  lz.dep_values.clear();
  for (int s : bp.deps)
    lz.dep_values.push_back(bound(s) ? get(s) : Value());
  lz.valid = true;
  return lz.view;
}

} // namespace tirconf::oracle::eval
