#include "oracle/eval/memory.h"

namespace tirconf::oracle::eval {

Allocation &Memory::allocate(ir::DataType elem, int64_t slots, bool prefilled) {
  auto a = std::make_unique<Allocation>();
  a->id = next_id_++;
  a->elem = elem.element_of();
  a->unit = a->elem.is_bool() ? 1 : a->elem.bytes();
  a->prefilled = prefilled;
  a->slots_ = slots;
  a->data.assign(static_cast<size_t>(slots) * static_cast<size_t>(a->unit), std::byte{0});
  a->shadow.assign((static_cast<size_t>(slots) + 63) / 64, 0);
  live_slots_ += slots;
  data_ += a->data_bytes();
  add_shadow(static_cast<int64_t>(a->shadow_bytes()));
  if (data_ > peak_data_)
    peak_data_ = data_;
  Allocation &ref = *a;
  allocations_.emplace(ref.id, std::move(a));
  return ref;
}

void Memory::release(uint64_t id) {
  auto it = allocations_.find(id);
  if (it == allocations_.end())
    return;
  live_slots_ -= it->second->size();
  data_ -= it->second->data_bytes();
  add_shadow(-static_cast<int64_t>(it->second->shadow_bytes()));
  allocations_.erase(it);
}

std::vector<int64_t> compact_strides(const std::vector<int64_t> &shape) {
  std::vector<int64_t> s(shape.size(), 1);
  __int128 acc = 1;
  for (size_t k = shape.size(); k-- > 0;) {
    s[k] = static_cast<int64_t>(acc);
    acc *= shape[k] > 0 ? shape[k] : 1;
    if (acc > (static_cast<__int128>(1) << 62))
      acc = static_cast<__int128>(1) << 62;
  }
  return s;
}

int64_t element_slot(const View &v, const int64_t *idx, size_t n) {
  if (n != v.shape.size())
    return -1;
  __int128 off = 0;
  for (size_t k = 0; k < n; ++k) {
    if (idx[k] < 0 || idx[k] >= v.shape[k])
      return -1;
    off += static_cast<__int128>(idx[k]) * v.strides[k];
  }
  __int128 slot = static_cast<__int128>(v.base) + off * v.dtype.lanes;
  if (!v.alloc || slot < 0 || slot + v.dtype.lanes > v.alloc->size())
    return -2;
  return static_cast<int64_t>(slot);
}

void finalize(View &v) {
  v.plain = false;
  v.flat = View::Flat{};
  if (!v.alloc || v.region_outside_source || v.alloc->elem != v.dtype.element_of() ||
      v.shape.size() != v.strides.size() || v.dtype.lanes < 1)
    return;
  __int128 lo = 0, hi = 0;
  for (size_t k = 0; k < v.shape.size(); ++k) {
    if (v.shape[k] <= 0)
      return; // nothing is inside the shape
    const __int128 reach = static_cast<__int128>(v.shape[k] - 1) * v.strides[k];
    (reach < 0 ? lo : hi) += reach;
    if (lo < -(static_cast<__int128>(1) << 62) || hi > (static_cast<__int128>(1) << 62))
      return;
  }
  const __int128 first = v.base + lo * v.dtype.lanes;
  const __int128 last = v.base + hi * v.dtype.lanes + v.dtype.lanes;
  v.plain = first >= 0 && last <= v.alloc->size();
  v.flat = View::Flat{};
  if (v.plain && v.dtype.lanes == 1 && v.shape.size() <= View::kFlatDims) {
    v.flat.rank = v.shape.size();
    v.flat.alloc = v.alloc;
    v.flat.base = v.base;
    for (size_t k = 0; k < v.shape.size(); ++k) {
      v.flat.shape[k] = v.shape[k];
      v.flat.strides[k] = v.strides[k];
    }
  }
}

} // namespace tirconf::oracle::eval
