// The program state of "State Managed by TIR" and "Buffers": allocations and the buffer views
// that address them.
//
// An Allocation is a run of scalar slots of one element type (a vector dtype's element takes
// `lanes` consecutive slots). Slots are stored at the element's own width (1, 2, 4 or 8 bytes;
// bool as one byte holding 0 or 1), so an allocation costs what the program's buffer costs, plus
// one shadow bit per slot:
//   for a caller's tensor (prefilled: every slot starts initialized) the bit says "written", and
//   only written slots are copied back into the caller's NDArray;
//   for Allocate, alloc_buffers and BufferRealize it says "initialized": reading a slot without
//   it is unspec.uninitialized.
// Allocation ids are never reused within a run, so an id names one allocation for good (the
// conflict tracker relies on that). A handle Value (HandleValue::Kind::Buffer) refers to an
// allocation by id plus a byte offset.
//
// A View is how one Buffer addresses an allocation: element `idx` (lane l) lives in slot
//   base + (sum_k idx[k] * strides[k]) * lanes + l
// with strides counted in buffer elements. Views are built for buffer params (from the DLTensor:
// strides and byte_offset honoured), alloc_buffers / BufferRealize (compact), match_buffers (the
// source's view shifted to the region's mins), and from a Buffer's own fields for buffers that
// only name an existing data Var (T.Buffer(..., data=...), DeclBuffer).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include "ir/buffer.h"
#include "ir/dtype.h"

namespace tirconf::oracle::eval {

struct Allocation {
  uint64_t id = 0;
  ir::DataType elem; // scalar element type of every slot
  int unit = 1;      // bytes per slot
  bool prefilled = false;
  std::vector<std::byte> data;  // size() * unit bytes
  std::vector<uint64_t> shadow; // one bit per slot: written (prefilled) / initialized
  // How the allocation was made: a caller's DLTensor has a known layout (any view of it may
  // address it); Allocate, alloc_buffers and BufferRealize have none, so only a view with their
  // own dtype and shape, compact and at offset 0, has a specified meaning (unspec.memory_layout).
  bool layout_known = false;
  ir::DataType dtype; // the allocation's dtype (lanes included)
  std::vector<int64_t> shape;

  int64_t size() const { return slots_; }
  uint64_t get(int64_t s) const {
    switch (unit) {
    case 1:
      return get_as<1>(s);
    case 2:
      return get_as<2>(s);
    case 4:
      return get_as<4>(s);
    default:
      return get_as<8>(s);
    }
  }
  void put(int64_t s, uint64_t bits) {
    switch (unit) {
    case 1:
      return put_as<1>(s, bits);
    case 2:
      return put_as<2>(s, bits);
    case 4:
      return put_as<4>(s, bits);
    default:
      return put_as<8>(s, bits);
    }
  }
  // get / put where the caller knows `unit` (Unit == unit); fixed-size copies compile to one
  // load or store each (little-endian host).
  template <int Unit> [[gnu::always_inline]] uint64_t get_as(int64_t s) const {
    return load<Word<Unit>>(data.data() + s * Unit);
  }
  template <int Unit> [[gnu::always_inline]] void put_as(int64_t s, uint64_t bits) {
    store(data.data() + s * Unit, static_cast<Word<Unit>>(bits));
    shadow[static_cast<size_t>(s) >> 6] |= uint64_t{1} << (s & 63);
  }
  bool marked(int64_t s) const { return (shadow[static_cast<size_t>(s) >> 6] >> (s & 63)) & 1u; }
  bool readable(int64_t s) const { return prefilled || marked(s); }
  // Bytes held for the program's data and for shadow state (bench: shadow <= 2x data).
  size_t data_bytes() const { return data.size(); }
  size_t shadow_bytes() const { return shadow.size() * sizeof(uint64_t); }

private:
  template <int Unit>
  using Word = std::conditional_t<
      Unit == 1, uint8_t,
      std::conditional_t<Unit == 2, uint16_t, std::conditional_t<Unit == 4, uint32_t, uint64_t>>>;
  template <class T> static uint64_t load(const std::byte *p) {
    T x;
    std::memcpy(&x, p, sizeof(T));
    return x;
  }
  template <class T> static void store(std::byte *p, T x) { std::memcpy(p, &x, sizeof(T)); }
  friend class Memory;
  int64_t slots_ = 0;
};

class Memory {
public:
  // A fresh allocation of `slots` slots of scalar type `elem`; prefilled ones start initialized.
  Allocation &allocate(ir::DataType elem, int64_t slots, bool prefilled);
  void release(uint64_t id);
  Allocation *find(uint64_t id) {
    auto it = allocations_.find(id);
    return it == allocations_.end() ? nullptr : it->second.get();
  }
  // Ids at or above this one belong to allocations made from now on.
  uint64_t next_id() const { return next_id_; }
  int64_t live_slots() const { return live_slots_; }
  // The most bytes live at once, data and shadow separately (oracle_bench reports the ratio).
  size_t peak_data_bytes() const { return peak_data_; }
  size_t peak_shadow_bytes() const { return peak_shadow_; }
  void add_shadow(int64_t bytes) {
    shadow_ += bytes;
    if (shadow_ > peak_shadow_)
      peak_shadow_ = shadow_;
  }

private:
  std::unordered_map<uint64_t, std::unique_ptr<Allocation>> allocations_;
  uint64_t next_id_ = 1;
  int64_t live_slots_ = 0;
  size_t data_ = 0, shadow_ = 0, peak_data_ = 0, peak_shadow_ = 0;
};

struct View {
  Allocation *alloc = nullptr;
  ir::DataType dtype;                  // the buffer's dtype (lanes = slots per element)
  int64_t base = 0;                    // slot of element (0, ..., 0), lane 0
  std::vector<int64_t> shape;          // accesses outside it are out of bounds
  std::vector<int64_t> strides;        // in elements, one per dimension
  const char *oob_rule = "unspec.oob"; // unspec.match_buffer_outside_region for match_buffers
  bool region_outside_source = false;  // a match_buffer whose region leaves its source's shape
  // Set by finalize(): every index inside the shape reaches a slot inside the allocation, of the
  // allocation's element type, so such an access needs no check beyond the shape.
  bool plain = false;
  // A plain view of one-lane elements with at most kFlatDims dimensions, laid out flat for the
  // interpreter's inner loop (rank kNotFlat otherwise).
  static constexpr size_t kFlatDims = 4, kNotFlat = ~size_t{0};
  struct Flat {
    size_t rank = kNotFlat;
    Allocation *alloc = nullptr;
    int64_t base = 0;
    int64_t shape[kFlatDims] = {};
    int64_t strides[kFlatDims] = {};
  } flat;
};

// Computes View::plain; call once a view's fields are final.
void finalize(View &v);

// Compact row-major strides of a shape (last one 1).
std::vector<int64_t> compact_strides(const std::vector<int64_t> &shape);

// Slot of lane 0 of element `idx`, or -1 when idx is outside view.shape. Arithmetic is done in
// __int128 so absurd indices and strides cannot overflow; a result outside the allocation is
// reported as -2.
int64_t element_slot(const View &v, const int64_t *idx, size_t n);

// The slot of an access through a plain view at an index inside its shape; false sends the
// access down the checked path (Machine::load / store), which says what is wrong.
[[gnu::always_inline]] inline bool plain_slot(const View &v, const int64_t *idx, size_t n,
                                              int64_t *slot) {
  if (!v.plain || n != v.shape.size())
    return false;
  int64_t off = 0;
  for (size_t k = 0; k < n; ++k) {
    if (idx[k] < 0 || idx[k] >= v.shape[k])
      return false;
    off += idx[k] * v.strides[k]; // bounded by the allocation's size (finalize)
  }
  *slot = v.base + off * v.dtype.lanes;
  return true;
}

// plain_slot for one-lane elements at an index tuple of a length known when the node was built.
template <size_t N>
[[gnu::always_inline]] inline bool flat_slot(const View::Flat &v, const int64_t *idx,
                                             int64_t *slot) {
  if (v.rank != N)
    return false;
  int64_t off = v.base;
  for (size_t k = 0; k < N; ++k) {
    if (static_cast<uint64_t>(idx[k]) >= static_cast<uint64_t>(v.shape[k]))
      return false; // shape[k] > 0 (plain)
    off += idx[k] * v.strides[k];
  }
  *slot = off;
  return true;
}

} // namespace tirconf::oracle::eval
