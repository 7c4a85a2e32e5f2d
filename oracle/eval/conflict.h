// Conflict detection for parallel, vectorized and thread-bound iterations
// ([unspec.conflict.parallel], [unspec.conflict.vectorized], [unspec.conflict.thread]).
//
// Each active parallel construct (For of kind parallel / vectorized / thread_binding, AttrStmt
// thread_extent / virtual_thread) pushes a Level; the interpreter runs its iterations one after
// another and tells the tracker which iteration is current. Every slot access made while levels
// are active is recorded at every level, in a per-level map slot -> (writer iteration, reader
// iteration, several readers). An access conflicts at a level when
//   a write finds a writer or a reader from another iteration of that level, or
//   a read finds a writer from another iteration of that level,
// which is exactly "an element written by one iteration and read or written by another" for
// every nesting (two accesses are concurrent at the outermost level where their iterations
// differ). Allocations made after a level started are private to one iteration of it and are
// not recorded there. Cost: one hash lookup per access per active level.
#pragma once

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "ir/source_loc.h"

namespace tirconf::oracle::eval {

class ConflictTracker {
 public:
  struct Conflict {
    const char* rule;     // the level's rule
    ir::SourceLoc loop;   // where the parallel construct is
    bool write_write;
  };

  bool active() const { return !levels_.empty(); }
  void push(const char* rule, ir::SourceLoc loc, uint64_t first_private_alloc);
  void pop() { levels_.pop_back(); }
  void set_iteration(int64_t it) { levels_.back().iteration = it; }

  // Records an access; returns the conflicting level's description if there is one.
  const Conflict* on_access(uint64_t alloc, int64_t slot, bool write);

 private:
  struct Key {
    uint64_t alloc;
    int64_t slot;
    bool operator==(const Key& o) const { return alloc == o.alloc && slot == o.slot; }
  };
  struct KeyHash {
    size_t operator()(const Key& k) const {
      uint64_t h = k.alloc * 0x9e3779b97f4a7c15ULL ^ static_cast<uint64_t>(k.slot);
      h ^= h >> 29;
      h *= 0xbf58476d1ce4e5b9ULL;
      return static_cast<size_t>(h ^ (h >> 32));
    }
  };
  static constexpr int64_t kNone = INT64_MIN;
  struct Entry {
    int64_t writer = kNone;
    int64_t reader = kNone;
    bool several_readers = false;
  };
  struct Level {
    Conflict info;
    uint64_t first_private_alloc;
    int64_t iteration = 0;
    std::unordered_map<Key, Entry, KeyHash> seen;
  };
  std::vector<Level> levels_;
};

}  // namespace tirconf::oracle::eval
