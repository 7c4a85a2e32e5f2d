// What the fast paths' nodes share (fast_paths.h says what a fast path is): reading scalar
// operands as raw lane bits, buffer indices read the cheapest way their form allows, the hot case
// of a one-lane element access, and the makers the hook (fast_paths.cc) calls, one per node kind
// that has a fast path. Each maker returns null when its node's shape is not one it handles.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "oracle/eval/plan.h"

namespace tirconf::oracle::eval {

// fast_expr.cc: scalar expressions, their operands passed as raw lane bits.
CExprPtr fast_var(Compiler &c, const ir::VarNode *op);
CExprPtr fast_int_imm(Compiler &c, const ir::IntImmNode *op);
CExprPtr fast_float_imm(Compiler &c, const ir::FloatImmNode *op);
CExprPtr fast_cast(Compiler &c, const ir::CastNode *op);
CExprPtr fast_select(Compiler &c, const ir::SelectNode *op);
CExprPtr fast_load(Compiler &c, const ir::BufferLoadNode *op);
CExprPtr fast_let(Compiler &c, const ir::LetNode *op);
CExprPtr fast_binary(Compiler &c, const ir::BinaryNode *op); // arithmetic and comparisons
CExprPtr fast_logical(Compiler &c, const ir::BinaryNode *op, bool is_and);
CExprPtr fast_not(Compiler &c, const ir::NotNode *op);

// fast_stmt.cc: scalar statements.
CStmtPtr fast_let_stmt(Compiler &c, const ir::LetStmtNode *op);
CStmtPtr fast_store(Compiler &c, const ir::BufferStoreNode *op); // the reduction update included
CStmtPtr fast_evaluate(Compiler &c, const ir::EvaluateNode *op);

// fast_block.cc: blocks without alloc_buffers or match_buffers, and the realizations that bind
// scalar iter vars (T.axis.remap's without binding anything).
CStmtPtr fast_block_realize(Compiler &c, const ir::BlockRealizeNode *op);
CStmtPtr fast_block(Compiler &c, const ir::BlockNode *op);

// Bytes per slot of a scalar element type (memory.h's Allocation::unit).
inline int slot_unit(ir::DataType e) {
  return e.is_bool() ? 1 : e.bits / 8;
}

// Calls make<N, Unit>() for an index count 0..4 and a slot unit 1/2/4/8 known only at run time
// of the compiler, so nodes can fix both at compile time; null for other counts.
template <class Ptr, class Make> Ptr dispatch_access(size_t n, int unit, Make &&make) {
  auto with_unit = [&]<size_t N>() -> Ptr {
    switch (unit) {
    case 1:
      return make.template operator()<N, 1>();
    case 2:
      return make.template operator()<N, 2>();
    case 4:
      return make.template operator()<N, 4>();
    default:
      return make.template operator()<N, 8>();
    }
  };
  switch (n) {
  case 0:
    return with_unit.template operator()<0>();
  case 1:
    return with_unit.template operator()<1>();
  case 2:
    return with_unit.template operator()<2>();
  case 3:
    return with_unit.template operator()<3>();
  case 4:
    return with_unit.template operator()<4>();
  default:
    return nullptr;
  }
}

// A scalar child's bits: a bound scalar Var (fast_var's node) read in place, anything else
// evaluated.
[[gnu::always_inline]] inline uint64_t scalar_bits(const CExpr &e, Frame &f) {
  if (e.var_slot >= 0 && f.flags[static_cast<size_t>(e.var_slot)] == Frame::kBound) {
    bump(e.var_hits);
    return f.regs[static_cast<size_t>(e.var_slot)];
  }
  return e.bits(f);
}

// A buffer index operand, read the cheapest way its form allows (bare Var, int32, int64).
// An int32 loop_var is "folded": read with no check (it is bound wherever it can be used) and
// not counted here; the node that owns the operand counts its [sem.expr.var] in its own slot
// (add_folded_reads).
struct IndexOperand {
  enum Conv : uint8_t { kInt32, kInt64, kOther };
  const CExpr *e;
  int slot; // e->var_slot
  uint64_t *hits;
  Conv conv;
  bool int32_var; // an int32 Var: the commonest index
  bool folded;    // an int32 loop_var
  ir::DataType type;

  explicit IndexOperand(const CExpr &x)
      : e(&x), slot(x.var_slot), hits(x.var_hits), conv(x.type == ir::DataType::Int(32)   ? kInt32
                                                        : x.type == ir::DataType::Int(64) ? kInt64
                                                                                          : kOther),
        int32_var(conv == kInt32 && slot >= 0), folded(int32_var && x.var_loop), type(x.type) {}
  [[gnu::always_inline]] int64_t fetch(Frame &f) const {
    if (folded)
      return static_cast<int32_t>(static_cast<uint32_t>(f.regs[static_cast<size_t>(slot)]));
    if (int32_var && f.flags[static_cast<size_t>(slot)] == Frame::kBound) {
      bump(hits);
      return static_cast<int32_t>(static_cast<uint32_t>(f.regs[static_cast<size_t>(slot)]));
    }
    uint64_t bits;
    if (slot >= 0 && f.flags[static_cast<size_t>(slot)] == Frame::kBound) {
      bump(hits);
      bits = f.regs[static_cast<size_t>(slot)];
    } else {
      bits = e->bits(f);
    }
    switch (conv) {
    case kInt32:
      return static_cast<int32_t>(static_cast<uint32_t>(bits));
    case kInt64:
      return static_cast<int64_t>(bits);
    default:
      return index_of(type, bits);
    }
  }
};

// `rules` plus one [sem.expr.var] per folded operand: what a node counts per run in one slot.
inline std::vector<const char *> add_folded_reads(std::vector<const char *> rules,
                                                  const std::vector<IndexOperand> &idx,
                                                  int times = 1) {
  for (const auto &i : idx)
    if (i.folded)
      for (int t = 0; t < times; ++t)
        rules.push_back("sem.expr.var");
  return rules;
}

// The hot case of a one-lane element access at N indices that are all int32 loop Vars (their
// slots): the buffer's view registered, the tuple inside a plain view's shape, no parallel
// construct active. Returns the allocation and sets *slot, or null (take the general path);
// counts and changes nothing.
template <size_t N>
[[gnu::always_inline]] inline Allocation *hot_element(Frame &f, int buffer, const int *slots,
                                                      int64_t *slot) {
  if (!f.registered[static_cast<size_t>(buffer)])
    return nullptr;
  int64_t at[N + 1];
  for (size_t k = 0; k < N; ++k)
    at[k] = static_cast<int32_t>(static_cast<uint32_t>(f.regs[static_cast<size_t>(slots[k])]));
  const View &v = f.views[static_cast<size_t>(buffer)];
  if (!flat_slot<N>(v.flat, at, slot) || f.m.conflicts.active())
    return nullptr;
  return v.flat.alloc;
}

// A node's N scalar buffer indices: their compiled nodes, as operands, and, when every one is
// folded, their slots for hot_element.
template <size_t N> struct ScalarIndices {
  std::vector<CExprPtr> code;
  std::vector<IndexOperand> ops;
  bool all_folded = true;
  std::array<int, N + 1> folded_slots{};

  ScalarIndices(Compiler &c, const std::vector<ir::PrimExpr> &indices) {
    for (const auto &i : indices)
      code.push_back(c.expr(i));
    for (const auto &x : code)
      ops.emplace_back(*x);
    for (size_t k = 0; k < N; ++k) {
      all_folded = all_folded && ops[k].folded;
      folded_slots[k] = ops[k].slot;
    }
  }
  // [sem.expr.bufferload] [sem.stmt.bufferstore] the indices, left to right.
  [[gnu::always_inline]] void fetch(Frame &f, int64_t *at) const {
#pragma GCC unroll 4
    for (size_t k = 0; k < N; ++k)
      at[k] = ops[k].fetch(f);
  }
  [[gnu::always_inline]] Allocation *hot(Frame &f, int buffer, int64_t *slot) const {
    return all_folded ? hot_element<N>(f, buffer, folded_slots.data(), slot) : nullptr;
  }
};

} // namespace tirconf::oracle::eval
