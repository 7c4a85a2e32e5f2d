// A PrimFunc compiled for the interpreter: every Var is a slot of the activation's Frame, every
// Buffer a view slot, every rule's coverage counter a pointer, and every node a CExpr / CStmt
// object whose run does the node's rule and nothing else. Nodes are built once per run and
// PrimFunc (Machine::plan), so no name, Var or Buffer is looked up while the program runs.
//
// Compiler::expr / stmt build each node: a fast path's node when one applies (fast_paths.h,
// RunOptions::fast_paths), else the plain node of the node's rule (eval_expr.cc, builtins.cc,
// exec_stmt.cc, exec_loops.cc, exec_block.cc).
//
// Conventions: f is the current Frame (f.m its Machine), e an element (scalar) type, l a
// SourceLoc. A "scalar" CExpr has a one-lane Int/UInt/Float/BFloat type; plain nodes pass
// runtime::Values (value()), and a scalar node can also give its value as raw lane bits
// (runtime/value.h's encoding) through bits(), which is how the fast paths pass values.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <unordered_map>
#include <vector>

#include "ir/expr.h"
#include "ir/module.h"
#include "ir/stmt.h"
#include "oracle/eval/machine.h"
#include "runtime/value.h"

namespace tirconf::oracle::eval {

struct Frame;

bool is_scalar(ir::DataType t);

// Counts one run of a node's rule(s): `counter` is Machine::counter's, a slot of the node's own,
// counted whether coverage is on or off (an increment costs less than a test, and slots of
// their own keep nodes from chaining their increments through one memory word).
inline void bump(uint64_t *counter) {
  ++*counter;
}

class CExpr {
public:
  explicit CExpr(const ir::ExprNode *src)
      : src(src), type(src->dtype), scalar(is_scalar(src->dtype)) {}
  virtual ~CExpr() = default;
  // Each node overrides at least one of these; the defaults convert.
  virtual uint64_t bits(Frame &f) const;        // scalar nodes: the lane's bits
  virtual runtime::Value value(Frame &f) const; // any node

  const ir::ExprNode *src;
  ir::DataType type;
  bool scalar;
  // Set by the fast path of a scalar Var (fast_nodes.h's scalar_bits): its slot (else -1) and its
  // sem.expr.var counter, so that a fast parent reads such a child straight from the frame
  // instead of calling it, and whether that Var is a loop_var (VarInfo::loop_var).
  int var_slot = -1;
  uint64_t *var_hits = nullptr;
  bool var_loop = false;
};
using CExprPtr = std::unique_ptr<CExpr>;

class CStmt {
public:
  explicit CStmt(const ir::StmtNode *src) : loc(src->loc) {}
  virtual ~CStmt() = default;
  // [sem.stmt.limit] every statement run is a step.
  inline void run(Frame &f) const;
  virtual void exec(Frame &f) const = 0;

  ir::SourceLoc loc;
};
using CStmtPtr = std::unique_ptr<CStmt>;

struct VarInfo {
  const ir::VarNode *var;
  bool scalar;
  bool loop_var = false; // a For's loop_var: bound (kBound) wherever the checker lets it be used
};

// How a Buffer's view is found: registered by a binding site, or derived from the Buffer's own
// fields (views.cc), with the slots of every Var those fields use.
struct BufferPlan {
  const ir::BufferNode *buffer;
  int data_slot = -1;
  std::vector<CExprPtr> shape, strides;
  CExprPtr elem_offset;
  std::vector<int> shape_vars, stride_vars; // the slot of a dimension that is a bare Var, or -1
  int elem_offset_var = -1;
  std::vector<std::vector<int>> shape_deps, stride_deps;
  std::vector<int> elem_offset_deps;
  std::vector<int> deps; // every Var slot of data, shape, strides, elem_offset
};

struct FuncPlan {
  const ir::PrimFuncNode *func = nullptr;
  std::vector<VarInfo> vars;
  std::vector<BufferPlan> buffers;
  std::vector<int> param_slots;
  std::vector<int> param_buffers; // per param: its buffer's slot, or -1 for a scalar param
  CStmtPtr body;
};

// A derived view, valid while the Vars it was computed from keep their values.
struct LazyView {
  std::vector<runtime::Value> dep_values;
  View view;
  uint64_t alloc_id = 0; // view.alloc's id, checked without touching view.alloc (it may be freed)
  bool valid = false;
};

// One activation of a PrimFunc: its Var slots and buffer views. Vars follow the spec's scoping:
// a slot is bound by its binding site for the site's scope and unbound after (ScopedSlot).
struct Frame {
  static constexpr uint8_t kBound = 1, kLayout = 2;

  Frame(Machine &m, const FuncPlan &plan);

  Machine &m;
  const FuncPlan &plan;
  std::vector<uint64_t> regs;       // scalar slots
  std::vector<runtime::Value> vals; // other slots
  std::vector<uint8_t> flags;       // kBound, and kLayout for a match_buffer's layout Vars
  std::vector<View> views;
  std::vector<uint8_t> registered; // views[i] set by a binding site
  std::vector<LazyView> lazy;

  bool bound(int s) const { return flags[static_cast<size_t>(s)] & kBound; }
  runtime::Value get(int s) const;
  void set(int s, const runtime::Value &v);
  void set_int(int s, int64_t v); // an integer Var's value, wrapped to its type

  // The view through which buffer slot `b` addresses memory now: the registered one, or one
  // derived from the Buffer's fields (views.cc).
  const View &view(int b, ir::SourceLoc l) {
    return registered[static_cast<size_t>(b)] ? views[static_cast<size_t>(b)] : derived_view(b, l);
  }
  const View &derived_view(int b, ir::SourceLoc l);
  // Every slot in `deps` is bound.
  bool all_bound(const std::vector<int> &deps) const;
};

// Binds a slot for the lifetime of this object (a scope of Let, LetStmt, For, BlockRealize, ...)
// and restores what was there before (nothing, under SSA).
class ScopedSlot {
public:
  ScopedSlot(Frame &f, int slot)
      : f_(f), slot_(slot), flags_(f.flags[static_cast<size_t>(slot)]),
        reg_(f.regs[static_cast<size_t>(slot)]) {
    if ((flags_ & Frame::kBound) && !f.plan.vars[static_cast<size_t>(slot)].scalar)
      saved_ = std::make_unique<runtime::Value>(f.vals[static_cast<size_t>(slot)]);
  }
  ~ScopedSlot() {
    f_.flags[static_cast<size_t>(slot_)] = flags_;
    f_.regs[static_cast<size_t>(slot_)] = reg_;
    if (saved_)
      f_.vals[static_cast<size_t>(slot_)] = std::move(*saved_);
    else if (!f_.plan.vars[static_cast<size_t>(slot_)].scalar)
      f_.vals[static_cast<size_t>(slot_)] = runtime::Value();
  }
  ScopedSlot(const ScopedSlot &) = delete;
  ScopedSlot &operator=(const ScopedSlot &) = delete;

private:
  Frame &f_;
  int slot_;
  uint8_t flags_;
  uint64_t reg_;
  std::unique_ptr<runtime::Value> saved_;
};

// Builds the nodes of one PrimFunc (plan.cc, and the per-kind factories in eval_expr.cc,
// builtins.cc, exec_stmt.cc, exec_loops.cc, exec_block.cc, and fast_paths.h's hook).
class Compiler {
public:
  Compiler(Machine &m, FuncPlan &p) : m(m), p(p) {}
  // The node for e / s: a fast path's when RunOptions::fast_paths is on and one applies, else
  // the plain one.
  CExprPtr expr(const ir::PrimExpr &e);
  CStmtPtr stmt(const ir::Stmt &s);
  int var(const ir::VarNode *v);
  int loop_var(const ir::VarNode *v);      // var(), marked as a For's loop_var
  int slot_of(const ir::VarNode *v) const; // v's slot, or -1 when it has none yet
  // Gives `v` the slot `slot` (another Var's) when v has none yet; false otherwise. For a block
  // iter var bound to a bare Var: under [scope.ssa] that Var is bound once, by a site enclosing the
  // block, so both hold the same value for as long as the block runs (fast_block.cc).
  bool alias(const ir::VarNode *v, int slot);
  int buffer(const ir::BufferNode *b);
  // Slots of every Var in e, in first-occurrence order.
  std::vector<int> deps(const ir::PrimExpr &e);
  uint64_t *counter(const char *rule) { return m.counter({&rule, 1}); }
  uint64_t *counter(std::initializer_list<const char *> rules) {
    return m.counter({rules.begin(), rules.size()});
  }
  uint64_t *counter(std::span<const char *const> rules) { return m.counter(rules); }

  Machine &m;
  FuncPlan &p;
  // The thread-binding Fors and thread_extent AttrStmts around the statement being compiled,
  // outermost first.
  struct ThreadScope {
    std::string tag;
    const ir::VarNode *var;
    ir::PrimExpr min; // null: 0 (an AttrStmt)
    ir::PrimExpr extent;
  };
  std::vector<ThreadScope> thread_scopes;
  // The Call an Evaluate discards the value of, while that Evaluate is compiled: the one place a
  // PrimFunc call may yield Void whatever its type ([unspec.call_void_result]).
  const ir::CallNode *discarded_call = nullptr;

private:
  std::unordered_map<const ir::VarNode *, int> var_slots_;
  std::unordered_map<const ir::BufferNode *, int> buffer_slots_;
};

// The plain node of each kind: what Compiler::expr / stmt build when no fast path applies.
CExprPtr compile_expr(Compiler &c, const ir::PrimExpr &e);     // eval_expr.cc
CExprPtr compile_builtin(Compiler &c, const ir::CallNode *op); // builtins.cc
CStmtPtr compile_stmt(Compiler &c, const ir::Stmt &s);         // exec_stmt.cc
CStmtPtr compile_loop(Compiler &c, const ir::Stmt &s);  // exec_loops.cc (For, While, thread attrs)
CStmtPtr compile_block(Compiler &c, const ir::Stmt &s); // exec_block.cc (allocating statements)
// Under block-instances=independent (block_instances.cc): the body of a Block or PrimFunc,
// compiled, with a conflict level for each block realized in it; and a block whose instances are
// iterations of its level. Without the reading, c.stmt(body) and `block` themselves.
CStmtPtr compile_instance_scope(Compiler &c, const ir::Stmt &body);
CStmtPtr independent_block(Compiler &c, const ir::BlockNode *op, CStmtPtr block);

// A scalar Int/UInt lane as an index: UInt above INT64_MAX saturates there (always out of any
// bounds).
inline int64_t index_of(ir::DataType e, uint64_t bits) {
  if (e.is_uint())
    return bits > static_cast<uint64_t>(INT64_MAX) ? INT64_MAX : static_cast<int64_t>(bits);
  if (e.bits >= 64)
    return static_cast<int64_t>(bits);
  const uint64_t sign = uint64_t{1} << (e.bits - 1);
  return static_cast<int64_t>((bits ^ sign) - sign);
}
int64_t index_value(const runtime::Value &v, int lane);

inline void CStmt::run(Frame &f) const {
  f.m.step(loc);
  exec(f);
}

// Evaluation helpers every node kind uses.
int64_t eval_int(Frame &f, const CExpr &e); // a scalar integer
bool eval_cond(Frame &f, const CExpr &e);   // a scalar condition: any nonzero lane is true

} // namespace tirconf::oracle::eval
