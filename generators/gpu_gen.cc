// GPU kernels: a grid of blocks (blockIdx.x) of threads (threadIdx.x) that stage values through a
// shared buffer, each thread its own element, meet at a barrier, and then read any element; half
// of them first reduce the buffer across the threads, a tree of halving steps with a barrier
// after each, as reduction kernels do. Conflict-free by construction: between two barriers a
// thread writes only its own element of the shared buffer and no other thread reads it
// ([unspec.conflict.thread]); every barrier sits directly in the thread loop's body, so all the
// block's threads reach the same barriers in the same order ([unspec.barrier]); kernels start
// only where no parallel construct encloses them, so their barriers wait for one block
// ([builtin.storage_sync]).
//
// What the threads pass each other must show in the results, or a backend that loses a barrier
// or addresses another thread's element wrongly would go unseen: each staged value includes the
// thread's place in the grid (so no two elements, and no element of the block before, agree),
// and after the barriers each thread stores another thread's element (or the reduction's result)
// into memory it may write, usually a function output.
#include <algorithm>
#include <bit>

#include "generators/build.h"
#include "generators/func_gen.h"

namespace tirconf::gen {

using ir::DataType;
using ir::ExprKind;
using ir::PrimExpr;
using ir::Stmt;
namespace b = build;

namespace {

constexpr int64_t kMaxBlocks = 4;
constexpr int kMaxHalvings = 4; // up to 16 threads per block

Stmt barrier() {
  return b::evaluate(
      b::builtin(DataType::Int(32), "tir.tvm_storage_sync", {b::string_imm("shared")}));
}

ExprKind combine_kind(ReductionOp op, DataType t) {
  // Float Min/Max of NaN or of zeros of both signs is unspecified ([unspec.float_minmax_nan]),
  // and the staged values may be either: floats combine with + and * only.
  if (t.is_floating())
    return op == ReductionOp::Mul ? ExprKind::Mul : ExprKind::Add;
  switch (op) {
  case ReductionOp::Mul:
    return ExprKind::Mul;
  case ReductionOp::Max:
    return ExprKind::Max;
  case ReductionOp::Min:
    return ExprKind::Min;
  default:
    return ExprKind::Add;
  }
}

// How many elements an iteration may still give out along dimension k of `bi`: its slice's
// width inside the enclosing regions, or the whole (static) dimension; 0 if symbolic.
int64_t free_width(const BufferInfo &bi, size_t k) {
  if (bi.dims[k].sym)
    return 0;
  return bi.pins[k].empty() ? bi.dims[k].lo : bi.pins[k].back().width;
}

// Where a kernel's threads publish: a writable scalar buffer with one dimension for the blocks
// and another, at least two wide, for the threads, so that each (block, thread) owns an element.
struct PublishTarget {
  const BufferInfo *info = nullptr;
  size_t block_dim = 0, thread_dim = 0;
};

std::vector<PublishTarget> publish_targets(const Ctx &c) {
  std::vector<PublishTarget> out;
  for (const auto &bi : c.buffers) {
    const DataType t = bi.buffer->dtype;
    bool aliased = bi.is_match || bi.region_of;
    for (const auto &o : c.buffers)
      aliased |= o.region_of == bi.buffer;
    if (aliased || !bi.initialized || !c.can_write(bi) || t.lanes != 1 || t.is_bool() ||
        t.is_handle())
      continue;
    for (size_t i = 0; i < bi.dims.size(); ++i)
      for (size_t j = 0; j < bi.dims.size(); ++j)
        if (i != j && free_width(bi, i) >= 1 && free_width(bi, j) >= 2)
          out.push_back({&bi, i, j});
  }
  return out;
}

} // namespace

Stmt FuncGen::gpu_kernel(const Ctx &c) {
  const std::vector<PublishTarget> targets = publish_targets(c);
  const PublishTarget target =
      targets.empty() || !r_.percent(75) ? PublishTarget{} : targets[r_.below(targets.size())];
  int64_t max_blocks = kMaxBlocks;
  int max_halvings = kMaxHalvings;
  if (target.info) {
    max_blocks = std::min(max_blocks, free_width(*target.info, target.block_dim));
    const auto thread_width = static_cast<uint64_t>(free_width(*target.info, target.thread_dim));
    max_halvings = std::min(max_halvings, static_cast<int>(std::bit_width(thread_width)) - 1);
  }
  const int64_t blocks = r_.range(1, max_blocks);
  const int halvings = static_cast<int>(r_.range(1, max_halvings));
  const int64_t threads = int64_t{1} << halvings;
  const bool reduce = r_.percent(p_.chances.kernel_reduces);
  const uint64_t runs = c.mult * static_cast<uint64_t>(blocks * threads);
  const uint64_t fixed_steps = 2 + (reduce ? 2 * static_cast<uint64_t>(halvings) : 0);
  if (!afford(runs * (fixed_steps + 2)))
    return nullptr;
  charge(runs * fixed_steps);
  // No bool: a reduction combines arithmetically, and a bool allocation needs an int8 pointer.
  const DataType t = target.info ? target.info->buffer->dtype : pick_scalar_dtype(false);

  // [sem.stmt.for.thread_binding] a loop bound to `tag`: a region of `extent` iterations.
  // The publish target's element is pinned: the blocks own one of its dimensions, the threads
  // another.
  auto enter_threads = [&](const Ctx &outer, const char *stem, const char *tag, int64_t extent,
                           ir::Var &v, size_t target_dim) {
    Ctx inner = outer;
    inner.depth++;
    v = ir::make_var(fresh(stem), index_t);
    ScalarInfo vi{v, Facts::of_int(0, extent - 1), nullptr};
    inner.scalars.push_back(vi);
    inner = enter_region(inner, vi, 0, extent, nullptr,
                         target.info ? target.info->buffer.get() : nullptr, target_dim);
    inner.thread_tags.push_back(tag);
    inner.mult *= static_cast<uint64_t>(extent);
    return inner;
  };
  // The blocks: each its own iteration, with its own shared buffer.
  ir::Var bx, tx;
  const Ctx grid = enter_threads(c, "bx", "blockIdx.x", blocks, bx, target.block_dim);
  // [sem.stmt.allocate] one shared buffer per block, an element per thread.
  ir::Var data = b::pointer_var(fresh("s"), t, "shared");
  ir::Buffer shared = b::buffer(fresh("S"), t, {idx(threads)}, data);
  BufferInfo si = fresh_buffer_info(shared, {const_dim(threads)}, grid);
  Ctx block = enter_threads(grid, "tx", "threadIdx.x", threads, tx, target.thread_dim);

  // Stage: shared[tx] from what this thread may read plus its place in the grid (wrapping for
  // integers, exact for floats: at most 63), then a barrier.
  const TExpr staged = expr(t, static_cast<int>(r_.range(0, p_.limits.expr_depth)), block);
  const PrimExpr place = b::cast(t, b::add(b::mul(bx, idx(threads)), tx));
  std::vector<Stmt> kernel = {b::store(shared, b::add(staged.e, place), {tx}), barrier()};
  si.elem = Facts::full(t);
  if (reduce) {
    // Step h (h = threads/2, ..., 1): threads below h combine their element with the one h
    // above, which no thread writes in that step.
    const ExprKind k = combine_kind(ReductionOp(r_.pick(p_.reduction_op)), t);
    for (int64_t h = threads / 2; h >= 1; h /= 2) {
      PrimExpr mine = b::load(shared, {tx});
      PrimExpr other = b::load(shared, {b::add(tx, idx(h))});
      kernel.push_back(
          b::if_then_else(b::lt(tx, idx(h)), b::store(shared, b::bin(k, mine, other), {tx})));
      kernel.push_back(barrier());
    }
    si.elem = Facts::full(t);
  }
  // Use: any element of the shared buffer, read-only from here on.
  si.initialized = true;
  si.writable = false;
  block.buffers.push_back(si);
  // Publish: the reduction's result, or the element of the thread k places on, stored where this
  // thread may write.
  const PrimExpr other = reduce ? idx(0)
                                : b::bin(ir::ExprKind::FloorMod,
                                         b::add(tx, idx(r_.range(1, threads - 1))), idx(threads));
  if (Stmt published = publish(b::load(shared, {other}), block,
                               target.info ? target.info->buffer.get() : nullptr))
    kernel.push_back(published);
  kernel.push_back(body(block, p_.limits.statements));

  auto bound = [&](const char *tag) {
    return std::make_shared<ir::IterVarNode>(ir::IterVarNode{
        std::nullopt, ir::make_var("iter", index_t), ir::IterVarType::ThreadIndex, tag, {}});
  };
  Stmt s = b::for_loop(tx, idx(0), idx(threads), ir::ForKind::ThreadBinding,
                       b::seq(std::move(kernel)), bound("threadIdx.x"));
  s = std::make_shared<ir::AllocateNode>(
      data, t, std::vector<PrimExpr>{idx(threads)}, b::int_imm(DataType::Bool(), 1),
      std::make_shared<ir::DeclBufferNode>(shared, s), ir::Annotations{});
  return b::for_loop(bx, idx(0), idx(blocks), ir::ForKind::ThreadBinding, s, bound("blockIdx.x"));
}

} // namespace tirconf::gen
