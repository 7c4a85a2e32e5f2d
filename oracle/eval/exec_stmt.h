// Executing statements (spec "Semantics / Semantics of Statements"), one VisitStmt_ per node kind
// in the spec's order: exec_stmt.cc (LetStmt .. Evaluate), exec_loops.cc (For, While, the
// thread AttrStmts, parallel iteration with conflict tracking), exec_block.cc (Block,
// BlockRealize, BufferRealize, Allocate: everything that allocates or aliases).
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "ir/functor.h"
#include "oracle/eval/env.h"
#include "oracle/eval/eval_expr.h"
#include "oracle/eval/machine.h"

namespace tirconf::oracle::eval {

// Frees an allocation and drops the views registered for it when a scope ends (also when a trap
// or tir.ret unwinds through it).
class ScopedAllocation {
 public:
  ScopedAllocation(Machine& m, Frame& f) : m_(m), f_(f) {}
  ~ScopedAllocation();
  ScopedAllocation(const ScopedAllocation&) = delete;
  ScopedAllocation& operator=(const ScopedAllocation&) = delete;
  void own(uint64_t alloc) { allocs_.push_back(alloc); }
  void register_view(const ir::BufferNode* b, View v);
  void bind(const ir::VarNode* var, runtime::Value value) {
    binds_.push_back(std::make_unique<ScopedBind>(f_.env, var, std::move(value)));
  }
  // Binds a Var whose value is a layout detail: reading it is unspecified.
  void bind_layout(const ir::VarNode* var, runtime::Value value) {
    bind(var, std::move(value));
    if (f_.layout_vars.insert(var).second) layout_vars_.push_back(var);
  }

 private:
  Machine& m_;
  Frame& f_;
  std::vector<uint64_t> allocs_;
  std::vector<const ir::BufferNode*> views_;
  std::vector<std::unique_ptr<ScopedBind>> binds_;
  std::vector<const ir::VarNode*> layout_vars_;
};

class Executor : public ir::StmtFunctor<void(const ir::Stmt&)> {
 public:
  Executor(Machine& m, Frame& f, Evaluator& ev) : m(m), f(f), ev(ev) {}
  void exec(const ir::Stmt& s) {
    m.step(s->loc);
    VisitStmt(s);
  }

  Machine& m;
  Frame& f;
  Evaluator& ev;

 protected:
#define TIR_STMT_KIND(Name) void VisitStmt_(const ir::Name##Node* op) override;
#include "ir/node_kinds.def"

 private:
  // Runs body(i) for i in [0, n) as parallel iterations of one construct (exec_loops.cc).
  void run_parallel(const char* conflict_rule, ir::SourceLoc l, int64_t n, bool may_shuffle,
                    const std::function<void(int64_t)>& body);
  // A fresh allocation for `b` with the given shape, bound to b->data and registered as its
  // view (alloc_buffers, BufferRealize).
  void allocate_buffer(ScopedAllocation& scope, const ir::BufferNode* b, std::vector<int64_t> shape,
                       ir::SourceLoc l);
  void match_buffer(ScopedAllocation& scope, const ir::MatchBufferRegion& mb);
  // Product of extents as a slot count, after [unspec.negative_extent] and budget checks.
  int64_t slot_count(const std::vector<int64_t>& shape, int lanes, ir::SourceLoc l);
};

}  // namespace tirconf::oracle::eval
