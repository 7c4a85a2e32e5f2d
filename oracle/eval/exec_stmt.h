// Executing statements (spec "Semantics / Semantics of Statements"): one CStmt class per rule, in
// the spec's order: exec_stmt.cc (LetStmt .. Evaluate), exec_loops.cc (For, While, the
// thread_extent / virtual_thread AttrStmts, parallel iteration with conflict tracking),
// exec_block.cc (Block, BlockRealize, BufferRealize, Allocate: everything that allocates or
// aliases). This header has what the allocating statements share, with each other and with the
// fast paths of blocks (fast_block.cc).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "oracle/eval/plan.h"

namespace tirconf::oracle::eval {

// Frees allocations, unregisters views and unbinds Vars when a scope ends (also when a trap or
// tir.ret unwinds through it).
class ScopedAllocation {
public:
  explicit ScopedAllocation(Frame &f) : f_(f) {}
  ~ScopedAllocation();
  ScopedAllocation(const ScopedAllocation &) = delete;
  ScopedAllocation &operator=(const ScopedAllocation &) = delete;
  void own(uint64_t alloc) { allocs_.push_back(alloc); }
  void register_view(int buffer, View v);
  void bind(int slot, const runtime::Value &value) {
    binds_.push_back(std::make_unique<ScopedSlot>(f_, slot));
    f_.set(slot, value);
  }
  // Binds a Var whose value is a layout detail: reading it is unspecified.
  void bind_layout(int slot, const runtime::Value &value) {
    bind(slot, value);
    f_.flags[static_cast<size_t>(slot)] |= Frame::kLayout;
  }

private:
  Frame &f_;
  std::vector<uint64_t> allocs_;
  std::vector<std::pair<int, View>> views_; // buffer slot and the view it had before
  std::vector<std::pair<int, uint8_t>> registered_;
  std::vector<std::unique_ptr<ScopedSlot>> binds_;
};

// Product of extents as a slot count, after [unspec.negative_extent] and budget checks.
int64_t slot_count(Frame &f, const std::vector<int64_t> &shape, int lanes, ir::SourceLoc l);

// A fresh allocation for buffer slot `b` with the given shape, bound to its data Var and
// registered as its view (alloc_buffers, BufferRealize).
void allocate_buffer(Frame &f, ScopedAllocation &scope, int b, std::vector<int64_t> shape,
                     ir::SourceLoc l);

// A handle to an allocation (what a data Var holds).
runtime::Value buffer_handle(uint64_t alloc, int64_t byte_offset = 0);

// Does v fit integer type e?
bool fits(ir::DataType e, int64_t v);

// A BlockRealize's predicate: null when it is a true constant (read, not evaluated), else its
// node; and checking it (exec_block.cc): whether the block instance runs.
CExprPtr compile_predicate(Compiler &c, const ir::PrimExpr &predicate);
bool check_predicate(Frame &f, const CExpr *predicate, const std::string &block, ir::SourceLoc l);

} // namespace tirconf::oracle::eval
