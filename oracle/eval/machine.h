// The interpreter's state for one run: the module and options, memory, the conflict tracker,
// budgets and coverage (Machine), and one Frame per active PrimFunc call (its Var bindings and
// the buffer views it has set up). Element access lives here too (access.cc), because every
// access is checked the same way whichever node makes it:
//   out of the buffer's shape             unspecified out-of-bounds  [unspec.oob]
//   through a match_buffer outside its region        [unspec.match_buffer_outside_region]
//   the buffer's element type is not the allocation's  unspecified any  [unspec.memory_layout]
//   conflicting with another parallel iteration     unspecified conflict  [unspec.conflict.*]
//   reading a slot never written                    unspecified uninitialized  [unspec.uninitialized]
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ir/module.h"
#include "oracle/eval/conflict.h"
#include "oracle/eval/coverage.h"
#include "oracle/eval/env.h"
#include "oracle/eval/interpreter.h"
#include "oracle/eval/memory.h"
#include "runtime/outcome.h"

namespace tirconf::oracle::eval {

// A view derived from a Buffer's own fields, valid while the Vars it was computed from keep
// their values.
struct LazyView {
  std::vector<const ir::VarNode*> deps;
  std::vector<runtime::Value> dep_values;
  View view;
};

struct Frame {
  const ir::PrimFuncNode* func = nullptr;
  Env env;
  std::unordered_map<const ir::BufferNode*, View> views;  // set up by a binding site
  std::unordered_map<const ir::BufferNode*, LazyView> lazy_views;
  // Vars a match_buffer bound to layout details (data, elem_offset, strides): reading one is
  // unspecified (unspec.match_buffer_layout).
  std::unordered_set<const ir::VarNode*> layout_vars;
};

class Machine {
 public:
  Machine(const ir::IRModuleNode& m, const RunOptions& o)
      : module(m), options(o), coverage(o.coverage != nullptr) {}

  const ir::IRModuleNode& module;
  const RunOptions& options;
  Memory memory;
  ConflictTracker conflicts;
  CoverageCounter coverage;
  uint64_t steps = 0;
  int call_depth = 0;
  uint64_t parallel_constructs = 0;  // how many have started: seeds each one's shuffle

  void hit(const char* rule) { coverage.hit(rule); }
  runtime::Location where(ir::SourceLoc l) const { return {options.file, l}; }

  // [sem.stmt.limit] one unit of work (a statement, a loop iteration, an allocated slot).
  void step(ir::SourceLoc l) {
    if (++steps > options.step_limit) over_budget(l);
  }
  void charge(uint64_t n, ir::SourceLoc l) {
    steps += n;
    if (steps > options.step_limit) over_budget(l);
  }
  [[noreturn]] void over_budget(ir::SourceLoc l);

  // Reads / writes all lanes of element `idx` of a view (see the header comment for checks).
  void load(const View& v, const int64_t* idx, size_t n, uint64_t* lanes, ir::SourceLoc l);
  void store(const View& v, const int64_t* idx, size_t n, const uint64_t* lanes, ir::SourceLoc l);

 private:
  int64_t checked_slot(const View& v, const int64_t* idx, size_t n, ir::SourceLoc l);
  void track(const View& v, int64_t slot, bool write, ir::SourceLoc l);
};

}  // namespace tirconf::oracle::eval
