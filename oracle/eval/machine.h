// The interpreter's state for one run: the module and options, memory, the conflict tracker,
// budgets, coverage counters and the compiled plan of every PrimFunc it has entered (Machine),
// and one Frame per active PrimFunc call. Element access lives here too (access.cc), because
// every access is checked the same way whichever node makes it:
//   out of the buffer's shape             unspecified out-of-bounds  [unspec.oob]
//   through a match_buffer outside its region        [unspec.match_buffer_outside_region]
//   the buffer's element type is not the allocation's  unspecified any  [unspec.memory_layout]
//   conflicting with another parallel iteration     unspecified conflict  [unspec.conflict.*]
//   reading a slot never written                    unspecified uninitialized
//   [unspec.uninitialized]
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "ir/module.h"
#include "oracle/eval/conflict.h"
#include "oracle/eval/interpreter.h"
#include "oracle/eval/memory.h"
#include "runtime/outcome.h"

namespace tirconf::oracle::eval {

struct FuncPlan;
class ThreadGroup;

class Machine {
public:
  Machine(const ir::IRModuleNode &m, const RunOptions &o);
  ~Machine();

  const ir::IRModuleNode &module;
  const RunOptions &options;
  Memory memory;
  ConflictTracker conflicts{memory};
  uint64_t steps = 0;
  int call_depth = 0;
  uint64_t parallel_constructs = 0;    // how many have started: seeds each one's shuffle
  uint64_t fast_nodes = 0;             // nodes compiled to a fast path (RunStats::fast_nodes)
  ThreadGroup *thread_group = nullptr; // whose iteration runs now (barrier.h)
  // Under block-instances=independent: the conflict level of each block whose parent scope is
  // running, and the ids given to its instances so far (block_instances.cc).
  struct InstanceLevel {
    size_t level = 0;
    std::map<std::vector<uint64_t>, uint32_t> ids; // spatial iter values -> instance id
  };
  std::unordered_map<const void *, InstanceLevel> instance_levels;

  // Coverage: a compiled node keeps a counter slot of its own and bumps it on every run (plan.h's
  // bump); the slot counts for each of `rules` (null entries count for none). With coverage off
  // slots are still handed out, and never read.
  uint64_t *counter(std::span<const char *const> rules);
  void hit(const char *rule) {
    if (coverage_on_)
      ++counts_[rule];
  }
  bool coverage_on() const { return coverage_on_; }
  void flush_coverage(RuleCoverage &out) const;

  runtime::Location where(ir::SourceLoc l) const { return {options.file, l}; }

  // [sem.stmt.limit] one unit of work (a statement, a loop iteration, an allocated slot).
  void step(ir::SourceLoc l) {
    if (++steps > step_limit_)
      over_budget(l);
  }
  void charge(uint64_t n, ir::SourceLoc l) {
    steps += n;
    if (steps > step_limit_)
      over_budget(l);
  }
  [[noreturn]] void over_budget(ir::SourceLoc l);

  // Reads / writes all lanes of element `idx` of a view (see the header comment for checks).
  // The common case (in bounds, no parallel construct active, initialized) is inline.
  [[gnu::always_inline]] void load(const View &v, const int64_t *idx, size_t n, uint64_t *lanes,
                                   ir::SourceLoc l) {
    int64_t slot;
    if (v.dtype.lanes == 1 && !conflicts.active() && plain_slot(v, idx, n, &slot) &&
        v.alloc->readable(slot)) {
      lanes[0] = v.alloc->get(slot);
      return;
    }
    checked_load(v, idx, n, lanes, l);
  }
  // The same for one-lane elements at an index tuple of N entries, of Unit bytes each (the
  // buffer's; a flat view's allocation has the buffer's element type).
  template <size_t N, int Unit>
  [[gnu::always_inline]] uint64_t load_n(const View &v, const int64_t *idx, ir::SourceLoc l) {
    int64_t slot;
    if (flat_slot<N>(v.flat, idx, &slot) && !conflicts.active() && v.flat.alloc->readable(slot))
      return v.flat.alloc->template get_as<Unit>(slot);
    uint64_t out;
    checked_load(v, idx, N, &out, l);
    return out;
  }
  template <size_t N, int Unit>
  [[gnu::always_inline]] void store_n(const View &v, const int64_t *idx, uint64_t bits,
                                      ir::SourceLoc l) {
    int64_t slot;
    if (flat_slot<N>(v.flat, idx, &slot) && !conflicts.active()) {
      v.flat.alloc->template put_as<Unit>(slot, bits);
      return;
    }
    checked_store(v, idx, N, &bits, l);
  }
  [[gnu::always_inline]] void store(const View &v, const int64_t *idx, size_t n,
                                    const uint64_t *lanes, ir::SourceLoc l) {
    int64_t slot;
    if (v.dtype.lanes == 1 && !conflicts.active() && plain_slot(v, idx, n, &slot)) {
      v.alloc->put(slot, lanes[0]);
      return;
    }
    checked_store(v, idx, n, lanes, l);
  }

  // The slot of the element at idx, checked as an access is (its bounds, its element type) but
  // not accessed: what tir.address_of points to.
  int64_t element_slot_checked(const View &v, const int64_t *idx, size_t n, ir::SourceLoc l) {
    return checked_slot(v, idx, n, l);
  }

  // The compiled form of a PrimFunc of this run's module, made on first use.
  const FuncPlan &plan(const ir::PrimFuncNode &func);

private:
  void checked_load(const View &v, const int64_t *idx, size_t n, uint64_t *lanes, ir::SourceLoc l);
  void checked_store(const View &v, const int64_t *idx, size_t n, const uint64_t *lanes,
                     ir::SourceLoc l);
  int64_t checked_slot(const View &v, const int64_t *idx, size_t n, ir::SourceLoc l);
  bool bool_bytes(const View &v) const; // an 8-bit integer view of a bool allocation
  void track(const View &v, int64_t slot, bool write, ir::SourceLoc l);

  uint64_t step_limit_; // options.step_limit, kept here: step() runs for every statement
  bool coverage_on_;
  std::unordered_map<const char *, uint64_t> counts_;              // hit()'s
  std::deque<uint64_t> counter_slots_;                             // stable addresses
  std::vector<std::pair<const char *, const uint64_t *>> counted_; // (rule, slot) with coverage on
  std::unordered_map<const ir::PrimFuncNode *, std::unique_ptr<FuncPlan>> plans_;
};

} // namespace tirconf::oracle::eval
