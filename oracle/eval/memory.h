// The program state of "State Managed by TIR" and "Buffers": allocations and the buffer views
// that address them.
//
// An Allocation is a run of scalar slots of one element type (a vector dtype's element takes
// `lanes` consecutive slots), each holding its lane's raw bits (runtime/value.h's encoding) and
// two flags: initialized (written at least once, or supplied by the caller: unspec.uninitialized
// is a read of a slot without it) and dirty (written; only dirty slots are copied back into a
// caller's NDArray). Allocation ids are never reused within a run, so an id names one allocation
// for good (the conflict tracker relies on that). A handle Value (HandleValue::Kind::Buffer)
// refers to an allocation by id plus a byte offset.
//
// A View is how one Buffer addresses an allocation: element `idx` (lane l) lives in slot
//   base + (sum_k idx[k] * strides[k]) * lanes + l
// with strides counted in buffer elements. Views are built for buffer params (from the DLTensor:
// strides and byte_offset honoured), alloc_buffers / BufferRealize (compact), match_buffers (the
// source's view shifted to the region's mins), and from a Buffer's own fields for buffers that
// only name an existing data Var (T.Buffer(..., data=...), DeclBuffer).
#pragma once

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "ir/buffer.h"
#include "ir/dtype.h"

namespace tirconf::oracle::eval {

struct Allocation {
  static constexpr uint8_t kInitialized = 1, kDirty = 2;
  uint64_t id = 0;
  ir::DataType elem;             // scalar element type of every slot
  std::vector<uint64_t> bits;    // one lane pattern per slot
  std::vector<uint8_t> state;    // kInitialized | kDirty per slot
  // How the allocation was made: a caller's DLTensor has a known layout (any view of it may
  // address it); Allocate, alloc_buffers and BufferRealize have none, so only a view with their
  // own dtype and shape, compact and at offset 0, has a specified meaning (unspec.memory_layout).
  bool layout_known = false;
  ir::DataType dtype;            // the allocation's dtype (lanes included)
  std::vector<int64_t> shape;
  int64_t size() const { return static_cast<int64_t>(bits.size()); }
};

class Memory {
 public:
  // A fresh allocation of `slots` slots of scalar type `elem`, all initialized or none.
  Allocation& allocate(ir::DataType elem, int64_t slots, bool initialized);
  void release(uint64_t id);
  Allocation* find(uint64_t id) {
    auto it = allocations_.find(id);
    return it == allocations_.end() ? nullptr : it->second.get();
  }
  // Ids at or above this one belong to allocations made from now on.
  uint64_t next_id() const { return next_id_; }
  int64_t live_slots() const { return live_slots_; }

 private:
  std::unordered_map<uint64_t, std::unique_ptr<Allocation>> allocations_;
  uint64_t next_id_ = 1;
  int64_t live_slots_ = 0;
};

struct View {
  Allocation* alloc = nullptr;
  ir::DataType dtype;             // the buffer's dtype (lanes = slots per element)
  int64_t base = 0;               // slot of element (0, ..., 0), lane 0
  std::vector<int64_t> shape;     // accesses outside it are out of bounds
  std::vector<int64_t> strides;   // in elements, one per dimension
  const char* oob_rule = "unspec.oob";  // unspec.match_buffer_outside_region for match_buffers
  bool region_outside_source = false;   // a match_buffer whose region leaves its source's shape
};

// Compact row-major strides of a shape (last one 1).
std::vector<int64_t> compact_strides(const std::vector<int64_t>& shape);

// Slot of lane 0 of element `idx`, or -1 when idx is outside view.shape. Arithmetic is done in
// __int128 so absurd indices and strides cannot overflow; a result outside the allocation is
// reported as -2.
int64_t element_slot(const View& v, const int64_t* idx, size_t n);

}  // namespace tirconf::oracle::eval
