// Element access: the checks every BufferLoad and BufferStore goes through (machine.h).
#include <string>

#include "oracle/eval/machine.h"
#include "oracle/eval/trap.h"

namespace tirconf::oracle::eval {

using runtime::UnspecifiedClass;

void Machine::over_budget(ir::SourceLoc l) {
  hit("sem.stmt.limit");
  trap_error(runtime::ErrorClass::Limit, "step budget exhausted", "sem.stmt.limit", where(l));
}

namespace {

std::string index_text(const int64_t *idx, size_t n) {
  std::string s = "[";
  for (size_t k = 0; k < n; ++k)
    s += (k ? ", " : "") + std::to_string(idx[k]);
  return s + "]";
}

} // namespace

// [unspec.memory_layout] under allocation-layout=flat (TVM's layout): a bool is stored as one
// byte holding 0 or 1, so an int8 or uint8 view of a bool allocation reads and writes that byte
// (what TVM's FlattenBuffer makes of bool buffers).
bool Machine::bool_bytes(const View &v) const {
  const ir::DataType e = v.dtype.element_of();
  return options.readings.allocation_layout == AllocationLayout::Flat && v.alloc->elem.is_bool() &&
         e.bits == 8 && (e.is_int() || e.is_uint());
}

int64_t Machine::checked_slot(const View &v, const int64_t *idx, size_t n, ir::SourceLoc l) {
  int64_t slot = element_slot(v, idx, n);
  if (slot == -1) {
    // [unspec.oob] / [unspec.match_buffer_outside_region] outside the buffer's shape.
    hit(v.oob_rule);
    trap_unspecified(UnspecifiedClass::OutOfBounds, v.oob_rule, where(l),
                     "out of bounds buffer access at index " + index_text(idx, n));
  }
  if (slot == -2 || v.region_outside_source) {
    // [unspec.oob] inside the buffer's declared shape but outside the memory it views (a
    // match_buffer region leaving its source, a T.Buffer larger than its allocation).
    hit("unspec.oob");
    trap_unspecified(UnspecifiedClass::OutOfBounds, "unspec.oob", where(l),
                     "out of bounds buffer access at index " + index_text(idx, n) +
                         " (outside the underlying allocation)");
  }
  if (v.alloc->elem != v.dtype.element_of() && !bool_bytes(v)) {
    // [unspec.memory_layout] reading an allocation as another element type.
    hit("unspec.memory_layout");
    trap_unspecified(UnspecifiedClass::Any, "unspec.memory_layout", where(l),
                     "buffer of " + ir::to_string(v.dtype) + " over an allocation of " +
                         ir::to_string(v.alloc->elem));
  }
  return slot;
}

void Machine::track(const View &v, int64_t slot, bool write, ir::SourceLoc l) {
  if (const auto *c = conflicts.on_access(*v.alloc, slot, v.dtype.lanes, write)) {
    // [unspec.conflict.parallel] [unspec.conflict.vectorized] [unspec.conflict.thread]
    hit(c->rule);
    trap_unspecified(UnspecifiedClass::Conflict, c->rule, where(l),
                     std::string(write ? "write" : "read") + " of an element " +
                         (c->write_write ? "written" : "accessed") +
                         " by another iteration of the parallel construct at " +
                         std::to_string(c->loop.line) + ":" + std::to_string(c->loop.col));
  }
}

void Machine::checked_load(const View &v, const int64_t *idx, size_t n, uint64_t *lanes,
                           ir::SourceLoc l) {
  int64_t slot = checked_slot(v, idx, n, l);
  if (conflicts.active())
    track(v, slot, false, l);
  const Allocation &a = *v.alloc;
  for (int k = 0; k < v.dtype.lanes; ++k) {
    if (!a.readable(slot + k)) {
      // [unspec.uninitialized] a read of an element never written.
      hit("unspec.uninitialized");
      trap_unspecified(UnspecifiedClass::Uninitialized, "unspec.uninitialized", where(l),
                       "read of an uninitialized element at index " + index_text(idx, n));
    }
    lanes[k] = a.get(slot + k);
  }
}

void Machine::checked_store(const View &v, const int64_t *idx, size_t n, const uint64_t *lanes,
                            ir::SourceLoc l) {
  int64_t slot = checked_slot(v, idx, n, l);
  if (conflicts.active())
    track(v, slot, true, l);
  Allocation &a = *v.alloc;
  for (int k = 0; k < v.dtype.lanes; ++k) {
    if (a.elem.is_bool() && !v.dtype.is_bool() && (lanes[k] & 0xff) > 1) {
      // [unspec.memory_layout] a byte that is no bool, stored in bool storage.
      hit("unspec.memory_layout");
      trap_unspecified(UnspecifiedClass::Any, "unspec.memory_layout", where(l),
                       "byte " + std::to_string(lanes[k] & 0xff) + " stored into a bool at index " +
                           index_text(idx, n) + " (a bool's byte is 0 or 1)");
    }
    a.put(slot + k, lanes[k] & (a.elem.is_bool() ? 1 : ~uint64_t{0}));
  }
}

} // namespace tirconf::oracle::eval
