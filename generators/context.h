// The generator's view of the program under construction at one point: which scalars and
// buffers may be used there, and what is known about them. It carries the invariants that make
// generated programs free of unspecified behaviour:
//   - a scalar's Facts bound its values (loop vars exactly), so indices and divisors are provable;
//   - a buffer is readable only once every element holds a written value (parameters always;
//     scratch buffers right after the fill that follows their allocation);
//   - inside parallel, vectorized and thread-bound constructs ("regions"), each iteration owns a
//     slice of every buffer it may write (a Pin: dimension d, indices [base, base + width) with
//     base injective in the region's variable); buffers it does not own are read-only there,
//     and owned ones are read only inside the slice, so no element is written by one iteration
//     and touched by another.
// Ctx is copied into nested scopes; nothing flows back out, which keeps those invariants local.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "generators/facts.h"
#include "ir/module.h"

namespace tirconf::gen {

struct ScalarInfo {
  ir::Var var;
  Facts facts;
  // 0 <= var < below, for a loop over a symbolic extent (a shape Var) that Facts cannot express.
  const ir::VarNode *below = nullptr;
};

// One dimension of a buffer's shape.
struct Dim {
  ir::PrimExpr extent;              // an int32 IntImm or a shape Var
  int64_t lo = 1, hi = 1;           // the values the extent can take (lo == hi when constant)
  const ir::VarNode *sym = nullptr; // the shape Var, when symbolic
};

struct AffineTerm {
  ir::Var var;
  int64_t coef = 1;
};

// An iteration of region `region` owns indices [base, base + width) of one dimension, where
// base = sum(terms) + constant is injective in the region's variable.
struct Pin {
  int region = 0;
  std::vector<AffineTerm> terms;
  int64_t constant = 0;
  int64_t width = 1;
  Facts base; // facts of base
};

struct BufferInfo {
  ir::Buffer buffer;
  std::vector<Dim> dims;
  bool initialized = true; // every element has been written
  bool writable = true;    // false: read-only wherever this view reaches (e.g. While counters)
  int created_depth = 0;   // regions active where it was allocated (it is private to those)
  std::vector<std::vector<Pin>> pins; // per dimension, outermost region first
  Facts elem;                         // what its elements may hold
  bool is_param = false;
  bool is_match = false; // a match_buffer: its data is not a buffer of its own
  ir::Buffer region_of;  // match_buffer: the source buffer (what T.reads/T.writes name)
  bool static_shape() const {
    for (const auto &d : dims)
      if (d.sym)
        return false;
    return true;
  }
  int64_t max_elements() const {
    int64_t n = 1;
    for (const auto &d : dims)
      n *= d.hi;
    return n;
  }
};

// Where in the function the current statement is.
struct Ctx {
  std::vector<ScalarInfo> scalars;
  std::vector<BufferInfo> buffers;
  int regions = 0;   // parallel/vectorized/thread regions enclosing this point
  int depth = 0;     // statement nesting
  uint64_t mult = 1; // estimated executions of this point per call
  bool in_vectorized =
      false;                // inside a vectorized For: no While [type.stmt.for.vectorized_no_while]
  bool in_parallel = false; // inside a parallel For
  bool in_block = false;    // inside a Block: loop vars outside it are not used
  bool may_return = false;  // tir.ret allowed here (serial code of a function with a ret type)
  std::vector<std::string> thread_tags; // thread tags bound along this path

  // Whether `b` may be stored to here: every region it is not private to has pinned a slice.
  bool can_write(const BufferInfo &b) const;
  // Whether `b` may be loaded from here.
  bool can_read(const BufferInfo &b) const { return b.initialized; }
};

} // namespace tirconf::gen
