#include "oracle/eval/memory.h"

namespace tirconf::oracle::eval {

Allocation& Memory::allocate(ir::DataType elem, int64_t slots, bool initialized) {
  auto a = std::make_unique<Allocation>();
  a->id = next_id_++;
  a->elem = elem.element_of();
  a->bits.assign(static_cast<size_t>(slots), 0);
  a->state.assign(static_cast<size_t>(slots), initialized ? Allocation::kInitialized : 0);
  live_slots_ += slots;
  Allocation& ref = *a;
  allocations_.emplace(ref.id, std::move(a));
  return ref;
}

void Memory::release(uint64_t id) {
  auto it = allocations_.find(id);
  if (it == allocations_.end()) return;
  live_slots_ -= it->second->size();
  allocations_.erase(it);
}

std::vector<int64_t> compact_strides(const std::vector<int64_t>& shape) {
  std::vector<int64_t> s(shape.size(), 1);
  __int128 acc = 1;
  for (size_t k = shape.size(); k-- > 0;) {
    s[k] = static_cast<int64_t>(acc);
    acc *= shape[k] > 0 ? shape[k] : 1;
    if (acc > (static_cast<__int128>(1) << 62)) acc = static_cast<__int128>(1) << 62;
  }
  return s;
}

int64_t element_slot(const View& v, const int64_t* idx, size_t n) {
  if (n != v.shape.size()) return -1;
  __int128 off = 0;
  for (size_t k = 0; k < n; ++k) {
    if (idx[k] < 0 || idx[k] >= v.shape[k]) return -1;
    off += static_cast<__int128>(idx[k]) * v.strides[k];
  }
  __int128 slot = static_cast<__int128>(v.base) + off * v.dtype.lanes;
  if (!v.alloc || slot < 0 || slot + v.dtype.lanes > v.alloc->size()) return -2;
  return static_cast<int64_t>(slot);
}

}  // namespace tirconf::oracle::eval
