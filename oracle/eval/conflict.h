// Conflict detection for parallel, vectorized and thread-bound iterations
// ([unspec.conflict.parallel], [unspec.conflict.vectorized], [unspec.conflict.thread]).
//
// Each active parallel construct (For of kind parallel / vectorized / thread_binding, AttrStmt
// thread_extent / virtual_thread) is a Level; the interpreter runs its iterations one after
// another and tells the tracker which iteration is current. Every slot access made while levels
// are active is recorded at every level in one 32-bit word per slot of the allocation:
//   0             untouched
//   R | it        read by iteration it only
//   S             read by several iterations, written by none
//   W | it        written by iteration it (any read by another iteration was a conflict already)
// An access conflicts at a level when a write finds a writer or a reader from another iteration
// of that level, or a read finds a writer from another iteration of that level, which is exactly
// "an element written by one iteration and read or written by another" for every nesting (two
// accesses are concurrent at the outermost level where their iterations differ). Allocations made
// after a level started are private to one iteration of it and are not recorded there.
//
// The words of a level are kept per allocation and reused by the next construct at the same
// depth; only the range a construct touched is cleared when it ends, so a small parallel loop
// inside a long serial one costs what it touches.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "ir/source_loc.h"
#include "oracle/eval/memory.h"

namespace tirconf::oracle::eval {

class ConflictTracker {
public:
  struct Conflict {
    const char *rule;   // the level's rule
    ir::SourceLoc loop; // where the parallel construct is
    bool write_write;
  };
  // Iteration numbers must fit the 30 bits a word keeps for them.
  static constexpr int64_t kMaxIterations = int64_t{1} << 30;

  explicit ConflictTracker(Memory &memory) : memory_(memory) {}
  bool active() const { return depth_ > 0; }
  size_t depth() const { return depth_; }
  void push(const char *rule, ir::SourceLoc loc, uint64_t first_private_alloc);
  void pop();
  // A level whose iterations are a block's instances (block-instances=independent): idle, so
  // recording nothing, until an instance sets its iteration; returns its index.
  size_t push_idle(const char *rule, ir::SourceLoc loc, uint64_t first_private_alloc);
  struct Instance {
    bool idle;
    uint32_t iteration;
  };
  Instance instance(size_t index) const { return {levels_[index].idle, levels_[index].iteration}; }
  void set_instance(size_t index, Instance i) {
    levels_[index].idle = i.idle;
    levels_[index].iteration = i.iteration;
  }
  void set_iteration(int64_t it) { levels_[depth_ - 1].iteration = static_cast<uint32_t>(it); }
  // A barrier among the top level's iterations: every access before it happens before every
  // access after it, so the level forgets what was touched.
  void clear_top() { clear(levels_[depth_ - 1]); }

  // One active construct's words (its Shadow per allocation).
  struct Shadow {
    std::vector<uint32_t> words;
    int64_t lo = INT64_MAX, hi = 0; // the range touched by the current construct
  };
  struct Level {
    Conflict info;
    uint64_t first_private_alloc = 0;
    uint32_t iteration = 0;
    bool idle = false; // records nothing (a block level between instances)
    std::unordered_map<uint64_t, Shadow> shadows; // by allocation id
    uint64_t last_id = 0;
    Shadow *last = nullptr;
  };
  // The top level, taken off while the iteration of the level below that made it waits at a
  // barrier (the next iteration makes a level of its own at that depth), and put back on top
  // when that iteration resumes.
  std::unique_ptr<Level> detach_top();
  void attach(std::unique_ptr<Level> level);

  // Records an access of `lanes` slots from `slot`; returns the conflicting level's description
  // if there is one.
  const Conflict *on_access(const Allocation &a, int64_t slot, int lanes, bool write);

private:
  void clear(Level &l);
  void release(Level &l); // gives back the shadow bytes of every allocation it kept words for
  Shadow &shadow_of(Level &l, const Allocation &a);

  Memory &memory_;
  std::vector<Level> levels_; // levels_[0, depth_) are active; the rest keep their words
  size_t depth_ = 0;
};

} // namespace tirconf::oracle::eval
