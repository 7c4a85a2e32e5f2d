// Statements that allocate or alias memory: BufferRealize, Allocate, Block (alloc_buffers,
// match_buffers, init) and BlockRealize.
#include <array>

#include "oracle/eval/exec_stmt.h"
#include "oracle/eval/trap.h"
#include "oracle/numeric/integer.h"

namespace tirconf::oracle::eval {

using ir::DataType;
using runtime::Value;

namespace {

// The largest number of slots one run may hold at once; more is a limit error like any other
// exhausted budget ([sem.stmt.limit]).
constexpr int64_t kMaxLiveSlots = int64_t{1} << 25;

} // namespace

int64_t slot_count(Frame &f, const std::vector<int64_t> &shape, int lanes, ir::SourceLoc l) {
  Machine &m = f.m;
  __int128 n = lanes;
  for (int64_t d : shape) {
    if (d < 0) {
      // [unspec.negative_extent]
      m.hit("unspec.negative_extent");
      trap_unspecified(runtime::UnspecifiedClass::Any, "unspec.negative_extent", m.where(l),
                       "allocation with extent " + std::to_string(d));
    }
    n *= d;
    if (n > kMaxLiveSlots)
      m.over_budget(l);
  }
  if (n + m.memory.live_slots() > kMaxLiveSlots)
    m.over_budget(l);
  m.charge(static_cast<uint64_t>(n), l); // making the slots is work too
  return static_cast<int64_t>(n);
}

void allocate_buffer(Frame &f, ScopedAllocation &scope, int b, std::vector<int64_t> shape,
                     ir::SourceLoc l) {
  const BufferPlan &bp = f.plan.buffers[static_cast<size_t>(b)];
  const ir::BufferNode *buf = bp.buffer;
  const int64_t slots = slot_count(f, shape, buf->dtype.lanes, l);
  Allocation &a = f.m.memory.allocate(buf->dtype.element_of(), slots, false);
  a.dtype = buf->dtype;
  a.shape = shape;
  scope.own(a.id);
  if (bp.data_slot >= 0)
    scope.bind(bp.data_slot, buffer_handle(a.id));
  View v;
  v.alloc = &a;
  v.dtype = buf->dtype;
  v.strides = compact_strides(shape);
  v.shape = std::move(shape);
  // Unbound layout Vars of a fresh buffer take the compact layout (the spec leaves it open).
  if (bp.elem_offset && !f.all_bound(bp.elem_offset_deps) && bp.elem_offset_var >= 0)
    scope.bind(
        bp.elem_offset_var,
        Value::broadcast_bits(f.plan.vars[static_cast<size_t>(bp.elem_offset_var)].var->dtype, 0));
  for (size_t k = 0; k < bp.stride_vars.size() && k < v.strides.size(); ++k) {
    const int var = bp.stride_vars[k];
    if (var >= 0 && !f.bound(var)) {
      const DataType t = f.plan.vars[static_cast<size_t>(var)].var->dtype;
      scope.bind(var, Value::broadcast_bits(
                          t, numeric::wrap(static_cast<uint64_t>(v.strides[k]), t.bits)));
    }
  }
  scope.register_view(b, std::move(v));
}

namespace {

Value int_value(DataType e, int64_t v) {
  return Value::broadcast_bits(e, numeric::wrap(static_cast<uint64_t>(v), e.bits));
}

// ---------------------------------------------------------------- 6. BufferRealize

// [sem.stmt.bufferrealize] the shape evaluated, a fresh buffer bound to buffer->data for body;
// bounds and condition have no effect. A shape dimension that is a fresh Var takes the extent
// of the matching bound (BufferRealize is its binding site, scope.bind.bufferrealize).
class BufferRealize final : public CStmt {
public:
  BufferRealize(Compiler &c, const ir::BufferRealizeNode *op)
      : CStmt(op), buffer_(c.buffer(op->buffer.get())), body_(c.stmt(op->body)),
        hits_(c.counter("sem.stmt.bufferrealize")) {
    for (const auto &r : op->bounds)
      bound_extents_.push_back(r.extent ? c.expr(r.extent) : nullptr);
  }
  void exec(Frame &f) const override {
    bump(hits_);
    ScopedAllocation scope(f);
    const BufferPlan &bp = f.plan.buffers[static_cast<size_t>(buffer_)];
    std::vector<int64_t> shape;
    for (size_t k = 0; k < bp.shape.size(); ++k) {
      const int var = bp.shape_vars[k];
      if (var >= 0 && !f.bound(var) && k < bound_extents_.size() && bound_extents_[k]) {
        const int64_t x = eval_int(f, *bound_extents_[k]);
        scope.bind(var, int_value(f.plan.vars[static_cast<size_t>(var)].var->dtype, x));
        shape.push_back(x);
      } else {
        shape.push_back(eval_int(f, *bp.shape[k]));
      }
    }
    allocate_buffer(f, scope, buffer_, std::move(shape), loc);
    body_->run(f);
  }

private:
  int buffer_;
  std::vector<CExprPtr> bound_extents_;
  CStmtPtr body_;
  uint64_t *hits_;
};

// ---------------------------------------------------------------- 7. Allocate

class Allocate final : public CStmt {
public:
  Allocate(Compiler &c, const ir::AllocateNode *op)
      : CStmt(op), dtype_(op->dtype), cond_(c.expr(op->condition)),
        slot_(c.var(op->buffer_var.get())), body_(c.stmt(op->body)),
        cond_hits_(c.counter("sem.stmt.allocate.condition")),
        hits_(c.counter("sem.stmt.allocate")) {
    for (const auto &e : op->extents)
      extents_.push_back(c.expr(e));
  }
  void exec(Frame &f) const override {
    // [sem.stmt.allocate.condition] condition first; 0 finishes the statement at once.
    if (!eval_cond(f, *cond_)) {
      bump(cond_hits_);
      return;
    }
    // [sem.stmt.allocate] extents in order, a fresh non-aliasing buffer bound to buffer_var for
    // body, freed after; its contents start uninitialized ([unspec.uninitialized]).
    bump(hits_);
    std::vector<int64_t> extents;
    for (const auto &e : extents_)
      extents.push_back(eval_int(f, *e));
    ScopedAllocation scope(f);
    const int64_t slots = slot_count(f, extents, dtype_.lanes, loc);
    Allocation &a = f.m.memory.allocate(dtype_.element_of(), slots, false);
    a.dtype = dtype_;
    a.shape = extents;
    scope.own(a.id);
    scope.bind(slot_, buffer_handle(a.id));
    body_->run(f);
  }

private:
  DataType dtype_;
  CExprPtr cond_;
  int slot_;
  std::vector<CExprPtr> extents_;
  CStmtPtr body_;
  uint64_t *cond_hits_, *hits_;
};

// ---------------------------------------------------------------- 14. Block

// [sem.stmt.block.match_buffer] buffer aliases the source region: with k = len(region) -
// len(shape) leading dimensions fixed at their mins, index idx reads source[mins + idx].
struct MatchBuffer {
  int buffer, source;
  std::vector<CExprPtr> mins, extents; // extents[j] null: Range without extent, 1
  ir::SourceLoc loc;
};

void match_buffer(Frame &f, ScopedAllocation &scope, const MatchBuffer &mb) {
  Machine &m = f.m;
  m.hit("sem.stmt.block.match_buffer");
  const BufferPlan &bp = f.plan.buffers[static_cast<size_t>(mb.buffer)];
  const BufferPlan &sp = f.plan.buffers[static_cast<size_t>(mb.source)];
  const ir::BufferNode *b = bp.buffer;
  const View source = f.view(mb.source, mb.loc); // a copy: registering below replaces views
  const size_t rank = mb.mins.size();
  if (rank != source.shape.size() || rank < bp.shape.size())
    trap_invalid("type.other.matchbuffer.offset_nonneg", m.where(mb.loc),
                 "match_buffer region does not fit its buffers");
  const size_t k0 = rank - bp.shape.size();
  std::vector<int64_t> mins, extents;
  for (size_t j = 0; j < rank; ++j) {
    mins.push_back(eval_int(f, *mb.mins[j]));
    extents.push_back(mb.extents[j] ? eval_int(f, *mb.extents[j]) : 1);
  }
  auto binding_error = [&](const std::string &what) {
    // [sem.stmt.block.match_buffer.shape] a mismatch is a binding error.
    m.hit("sem.stmt.block.match_buffer.shape");
    trap_error(runtime::ErrorClass::Binding, "match_buffer " + b->name + ": " + what,
               "sem.stmt.block.match_buffer.shape", m.where(mb.loc));
  };
  for (size_t j = 0; j < k0; ++j)
    if (extents[j] != 1)
      binding_error("region dimension " + std::to_string(j) + " has extent " +
                    std::to_string(extents[j]) + " but the buffer has no dimension for it");
  View v;
  v.alloc = source.alloc;
  v.dtype = b->dtype;
  v.oob_rule = "unspec.match_buffer_outside_region";
  __int128 base = source.base;
  for (size_t j = 0; j < rank; ++j) {
    base += static_cast<__int128>(mins[j]) * source.strides[j] * source.dtype.lanes;
    if (mins[j] < 0 || mins[j] + static_cast<__int128>(extents[j]) > source.shape[j])
      v.region_outside_source = true;
  }
  v.base =
      base > INT64_MAX / 4 || base < INT64_MIN / 4 ? INT64_MAX / 4 : static_cast<int64_t>(base);
  for (size_t i = 0; i < bp.shape.size(); ++i) {
    const int64_t extent = extents[k0 + i];
    const int var = bp.shape_vars[i];
    if (var >= 0 && !f.bound(var)) {
      const DataType t = f.plan.vars[static_cast<size_t>(var)].var->dtype;
      if (!fits(t, extent))
        binding_error("shape[" + std::to_string(i) + "] does not fit " + ir::to_string(t));
      scope.bind(var, int_value(t, extent));
    } else {
      const int64_t have = eval_int(f, *bp.shape[i]);
      if (have != extent)
        binding_error("shape[" + std::to_string(i) + "] is " + std::to_string(have) +
                      " but the region's extent is " + std::to_string(extent));
    }
    v.shape.push_back(extent);
    v.strides.push_back(source.strides[k0 + i]);
  }
  // Bind the buffer's own data, elem_offset and stride Vars as TVM lowers a match_buffer (data
  // is the source's, elem_offset counts elements from it); their values are implementation
  // details ([unspec.match_buffer_layout]).
  Value data = buffer_handle(source.alloc->id);
  if (sp.data_slot >= 0 && f.bound(sp.data_slot))
    data = f.get(sp.data_slot);
  if (bp.data_slot >= 0 && !f.bound(bp.data_slot))
    scope.bind_layout(bp.data_slot, data);
  if (bp.elem_offset_var >= 0 && !f.bound(bp.elem_offset_var)) {
    const int64_t unit = source.alloc->elem.bytes();
    const int64_t data_slot =
        data.is_handle() && unit > 0 ? data.as_handle().byte_offset / unit : 0;
    const DataType t = f.plan.vars[static_cast<size_t>(bp.elem_offset_var)].var->dtype;
    scope.bind_layout(bp.elem_offset_var,
                      int_value(t, (v.base - data_slot) / std::max<int64_t>(1, b->dtype.lanes)));
  }
  for (size_t i = 0; i < bp.stride_vars.size() && i < v.strides.size(); ++i) {
    const int var = bp.stride_vars[i];
    if (var >= 0 && !f.bound(var))
      scope.bind_layout(var,
                        int_value(f.plan.vars[static_cast<size_t>(var)].var->dtype, v.strides[i]));
  }
  scope.register_view(mb.buffer, std::move(v));
}

// [sem.stmt.block] a scope: alloc_buffers, match_buffers, init when due, body; reads, writes,
// name and annotations have no effect.
class Block final : public CStmt {
public:
  Block(Compiler &c, const ir::BlockNode *op)
      : CStmt(op), body_(c.stmt(op->body)), hits_(c.counter("sem.stmt.block")),
        alloc_hits_(c.counter("sem.stmt.block.alloc")),
        init_hits_(c.counter("sem.stmt.block.init")) {
    for (const auto &b : op->alloc_buffers)
      allocs_.push_back({c.buffer(b.get()), b->loc.known() ? b->loc : op->loc});
    for (const auto &mb : op->match_buffers) {
      MatchBuffer x;
      x.buffer = c.buffer(mb.buffer.get());
      x.source = c.buffer(mb.source.buffer.get());
      for (const auto &r : mb.source.region) {
        x.mins.push_back(c.expr(r.min));
        x.extents.push_back(r.extent ? c.expr(r.extent) : nullptr);
      }
      x.loc = mb.loc;
      matches_.push_back(std::move(x));
    }
    if (op->init) {
      init_ = c.stmt(op->init);
      for (const auto &iv : op->iter_vars) {
        if (iv->iter_type != ir::IterVarType::CommReduce)
          continue;
        if (!iv->dom || !is_scalar(iv->var->dtype) || !iv->var->dtype.is_integer()) {
          init_invalid_ = true;
          continue;
        }
        const auto *imm = ir::as<ir::IntImmNode>(iv->dom->min);
        reduce_.push_back({c.var(iv->var.get()), iv->var.get(),
                           imm ? nullptr : c.expr(iv->dom->min), imm ? imm->value : 0,
                           iv->var->dtype == DataType::Int(32)});
      }
    }
    for (const auto &r : reduce_)
      const_int32_reduce_ = const_int32_reduce_ && !r.min && r.int32;
    // Reduce iter vars sharing a loop Var's slot (BlockRealize's alias, made before this Block
    // is compiled) are bound wherever the checker lets the block run.
    reduce_loop_vars_ =
        const_int32_reduce_ && !init_invalid_ && reduce_.size() <= reduce_slots_.size();
    for (const auto &r : reduce_)
      reduce_loop_vars_ = reduce_loop_vars_ && c.p.vars[static_cast<size_t>(r.slot)].loop_var &&
                          r.const_min == static_cast<int32_t>(r.const_min);
    if (reduce_loop_vars_) {
      n_reduce_ = reduce_.size();
      for (size_t i = 0; i < n_reduce_; ++i) {
        reduce_slots_[i] = reduce_[i].slot;
        reduce_mins_[i] = static_cast<int32_t>(reduce_[i].const_min);
      }
    }
  }

  void exec(Frame &f) const override { enter(f); }
  // exec, inlined where BlockRealize runs its block.
  [[gnu::always_inline]] void enter(Frame &f) const {
    bump(hits_);
    if (init_)
      bump(init_hits_);
    if (allocs_.empty() && matches_.empty()) {
      run_init_and_body(f);
      return;
    }
    ScopedAllocation scope(f);
    for (const auto &[b, l] : allocs_) {
      // [sem.stmt.block.alloc] the shape evaluated, a fresh (uninitialized) buffer.
      bump(alloc_hits_);
      std::vector<int64_t> shape;
      for (const auto &d : f.plan.buffers[static_cast<size_t>(b)].shape)
        shape.push_back(eval_int(f, *d));
      allocate_buffer(f, scope, b, std::move(shape), l);
    }
    for (const auto &mb : matches_)
      match_buffer(f, scope, mb);
    run_init_and_body(f);
  }

  // A block with no alloc_buffers or match_buffers, and the rules each of its runs counts (for a
  // caller that counts them in one slot, then calls run_init_and_body).
  bool simple() const { return allocs_.empty() && matches_.empty(); }
  std::vector<const char *> rules_per_run() const {
    std::vector<const char *> r{"sem.stmt.block"};
    if (init_)
      r.push_back("sem.stmt.block.init");
    return r;
  }
  [[gnu::always_inline]] void run_init_and_body(Frame &f) const {
    if (init_) {
      // [sem.stmt.block.init] read as: a reduction block runs init where every kCommReduce iter
      // var equals its domain's min; any other block runs it every time.
      if (init_invalid_)
        trap_invalid("type.stmt.block.reduce_dom", f.m.where(loc),
                     "reduce iter var without a domain");
      bool due = true;
      if (reduce_loop_vars_) { // the usual reduction: int32 loop Vars (remap) over constant domains
        unsigned at_min = 1;
        for (size_t i = 0; i < n_reduce_; ++i)
          at_min &= static_cast<int32_t>(f.regs[static_cast<size_t>(reduce_slots_[i])]) ==
                    reduce_mins_[i];
        if (at_min)
          init_->run(f);
        body_->run(f);
        return;
      }
      if (const_int32_reduce_) { // int32 iter vars over constant domains
        unsigned bound = 1, at_min = 1;
        for (const auto &r : reduce_) {
          const size_t s = static_cast<size_t>(r.slot);
          bound &= f.flags[s] == Frame::kBound;
          at_min &= static_cast<int32_t>(f.regs[s]) == r.const_min;
        }
        due = at_min;
        if (bound) {
          if (due)
            init_->run(f);
          body_->run(f);
          return;
        }
        due = true;
      }
      for (const auto &r : reduce_) {
        if (!r.min && r.int32 && f.flags[static_cast<size_t>(r.slot)] == Frame::kBound) {
          due = due && static_cast<int32_t>(f.regs[static_cast<size_t>(r.slot)]) == r.const_min;
          continue;
        }
        if (!f.bound(r.slot))
          trap_invalid("scope.unbound", f.m.where(loc),
                       "block iter var " + r.var->name_hint + " is not bound");
        const int64_t min = r.min ? eval_int(f, *r.min) : r.const_min;
        if (index_of(r.var->dtype, f.regs[static_cast<size_t>(r.slot)]) != min)
          due = false;
      }
      if (due)
        init_->run(f);
    }
    body_->run(f);
  }

private:
  struct Reduce {
    int slot;
    const ir::VarNode *var;
    CExprPtr min; // null when the domain's min is a constant:
    int64_t const_min;
    bool int32; // the var is int32 (compared without conversion)
  };

  std::vector<std::pair<int, ir::SourceLoc>> allocs_;
  std::vector<MatchBuffer> matches_;
  CStmtPtr init_;
  std::vector<Reduce> reduce_;
  bool const_int32_reduce_ = true; // every Reduce has a constant min and an int32 var
  bool reduce_loop_vars_ = false;  // ... and is a loop Var, at most 4 of them, in these arrays:
  size_t n_reduce_ = 0;
  std::array<int, 4> reduce_slots_{};
  std::array<int32_t, 4> reduce_mins_{};
  bool init_invalid_ = false;
  CStmtPtr body_;
  uint64_t *hits_, *alloc_hits_, *init_hits_;
};

// ---------------------------------------------------------------- 15. BlockRealize

// [sem.stmt.blockrealize] values in order, bound to the block's iter vars, then the block.
class BlockRealize final : public CStmt {
public:
  static constexpr size_t kInline = 8;

  BlockRealize(Compiler &c, const ir::BlockRealizeNode *op)
      : CStmt(op), name_(op->block->name_hint), hits_(c.counter("sem.stmt.blockrealize")) {
    for (size_t i = 0; i < op->iter_values.size(); ++i) {
      CExprPtr value = c.expr(op->iter_values[i]);
      const ir::VarNode *iter_var = op->block->iter_vars[i]->var.get();
      // An iter var bound to a bare scalar Var of its type (T.axis.remap's loop vars) shares that
      // Var's slot: nothing to bind or restore per realization.
      if (value->var_slot >= 0 && value->type == iter_var->dtype &&
          c.alias(iter_var, value->var_slot)) {
        aliased_.push_back(std::move(value));
        continue;
      }
      values_.push_back(std::move(value));
      slots_.push_back(c.var(iter_var));
      const auto &info = c.p.vars[static_cast<size_t>(slots_.back())];
      all_scalar_ = all_scalar_ && info.scalar && values_.back()->type == info.var->dtype;
    }
    all_scalar_ = all_scalar_ && values_.size() <= kInline;
    n_alias_ = aliased_.size() <= kInline ? aliased_.size() : 0; // more: always the general loop
    for (size_t i = 0; i < n_alias_; ++i) {
      alias_slots_[i] = aliased_[i]->var_slot;
      alias_hits_[i] = aliased_[i]->var_hits;
    }
    for (size_t i = 0; i < slots_.size() && i < kInline; ++i)
      slot_array_[i] = slots_[i];
    if (op->predicate && !ir::as<ir::IntImmNode>(op->predicate))
      predicate_ = c.expr(op->predicate);
    else if (const auto *imm = ir::as<ir::IntImmNode>(op->predicate); imm && imm->value == 0)
      predicate_ = c.expr(op->predicate);
    block_ = std::make_unique<Block>(c, op->block.get());
    remap_ = values_.empty() && !predicate_ && n_alias_ == aliased_.size() && block_->simple();
    std::vector<const char *> rules{"sem.stmt.blockrealize"};
    for (size_t i = 0; i < n_alias_; ++i) {
      rules.push_back("sem.expr.var");
      remap_loop_vars_ =
          remap_loop_vars_ && c.p.vars[static_cast<size_t>(alias_slots_[i])].loop_var;
    }
    for (const char *r : block_->rules_per_run())
      rules.push_back(r);
    remap_hits_ = c.counter(std::span<const char *const>(rules));
  }

  void exec(Frame &f) const override {
    // Every value aliased to a loop Var (bound wherever the checker lets it be used), no
    // predicate, a simple block: the Vars' reads, this rule and the block's are counted in one
    // slot, and the block's own hot case runs.
    if (remap_ && remap_loop_vars_) {
      bump(remap_hits_);
      f.m.step(block_->loc);
      return block_->run_init_and_body(f);
    }
    general(f);
  }

private:
  [[gnu::noinline]] void general(Frame &f) const {
    if (remap_) {
      // As above, with Vars that must be checked (else the general path reports them).
      unsigned bound = 1;
      for (size_t i = 0; i < n_alias_; ++i)
        bound &= f.flags[static_cast<size_t>(alias_slots_[i])] == Frame::kBound;
      if (bound) {
        bump(remap_hits_);
        f.m.step(block_->loc);
        return block_->run_init_and_body(f);
      }
    }
    bump(hits_);
    // An aliased value is still evaluated: a bound Var read in place (counted), else its node,
    // which reports an unbound Var.
    for (const auto &e : aliased_)
      scalar_bits(*e, f);
    switch (all_scalar_ ? values_.size() : kInline + 1) { // scalar iter vars: the usual case
    case 1:
      return exec_scalar<1>(f);
    case 2:
      return exec_scalar<2>(f);
    case 3:
      return exec_scalar<3>(f);
    case 4:
      return exec_scalar<4>(f);
    case 0:
      check_predicate(f);
      return run_block(f);
    default:
      break;
    }
    if (all_scalar_)
      return exec_scalar<0>(f);
    std::vector<Value> values;
    values.reserve(values_.size());
    for (const auto &e : values_)
      values.push_back(e->value(f));
    std::vector<std::unique_ptr<ScopedSlot>> binds;
    for (size_t i = 0; i < values.size(); ++i) {
      binds.push_back(std::make_unique<ScopedSlot>(f, slots_[i]));
      f.set(slots_[i], values[i]);
    }
    check_predicate(f);
    run_block(f);
  }

  // Binds N scalar iter vars (N = 0: however many there are, up to kInline) without allocating,
  // runs the block, restores them.
  template <size_t N> void exec_scalar(Frame &f) const {
    const size_t n = N ? N : values_.size();
    std::array<uint64_t, kInline> bits, saved_regs;
    std::array<uint8_t, kInline> saved_flags;
    for (size_t i = 0; i < n; ++i)
      bits[i] = scalar_bits(*values_[i], f);
    uint64_t *regs = f.regs.data();
    uint8_t *flags = f.flags.data();
    for (size_t i = 0; i < n; ++i) {
      const size_t s = static_cast<size_t>(slot_array_[i]);
      saved_regs[i] = regs[s];
      saved_flags[i] = flags[s];
      regs[s] = bits[i];
      flags[s] = Frame::kBound;
    }
    struct Restore {
      uint64_t *regs;
      uint8_t *flags;
      const std::array<int, kInline> &slots;
      size_t n;
      const std::array<uint64_t, kInline> &saved_regs;
      const std::array<uint8_t, kInline> &saved_flags;
      ~Restore() {
        for (size_t i = n; i-- > 0;) {
          regs[static_cast<size_t>(slots[i])] = saved_regs[i];
          flags[static_cast<size_t>(slots[i])] = saved_flags[i];
        }
      }
    } restore{regs, flags, slot_array_, n, saved_regs, saved_flags};
    check_predicate(f);
    run_block(f);
  }

  // [sem.stmt.limit] the Block is a statement of its own: a step, then its rule.
  [[gnu::always_inline]] void run_block(Frame &f) const {
    f.m.step(block_->loc);
    block_->enter(f);
  }

  void check_predicate(Frame &f) const {
    if (predicate_ && !eval_cond(f, *predicate_)) {
      // [unspec.block_predicate_false] the spec runs the block, TVM skips it: ambiguous.
      f.m.hit("unspec.block_predicate_false");
      trap_unspecified(runtime::UnspecifiedClass::Ambiguous, "unspec.block_predicate_false",
                       f.m.where(loc), "block " + name_ + " has a false predicate");
    }
  }

  std::string name_;
  std::vector<CExprPtr> values_; // bound to slots_ per realization
  std::vector<int> slots_;
  std::vector<CExprPtr> aliased_; // values whose iter var shares their Var's slot
  bool remap_ = false;            // every value aliased (T.axis.remap), no predicate, simple block
  bool remap_loop_vars_ = true;   // every aliased Var is a loop_var
  uint64_t *remap_hits_;
  size_t n_alias_ = 0; // of them, in these arrays:
  std::array<int, kInline> alias_slots_{};
  std::array<uint64_t *, kInline> alias_hits_{};
  std::array<int, kInline> slot_array_{};
  bool all_scalar_ = true;
  CExprPtr predicate_;           // null when the predicate is a true constant
  std::unique_ptr<Block> block_; // run without a virtual call (Block is final)
  uint64_t *hits_;
};

class InvalidStmt final : public CStmt {
public:
  InvalidStmt(const ir::StmtNode *s, const char *rule, std::string message)
      : CStmt(s), rule_(rule), message_(std::move(message)) {}
  void exec(Frame &f) const override { trap_invalid(rule_, f.m.where(loc), message_); }

private:
  const char *rule_;
  std::string message_;
};

} // namespace

CStmtPtr compile_block(Compiler &c, const ir::Stmt &s) {
  switch (s->kind) {
  case ir::StmtKind::BufferRealize:
    return std::make_unique<BufferRealize>(c, static_cast<const ir::BufferRealizeNode *>(s.get()));
  case ir::StmtKind::Allocate:
    return std::make_unique<Allocate>(c, static_cast<const ir::AllocateNode *>(s.get()));
  case ir::StmtKind::Block:
    return std::make_unique<Block>(c, static_cast<const ir::BlockNode *>(s.get()));
  case ir::StmtKind::BlockRealize: {
    const auto *op = static_cast<const ir::BlockRealizeNode *>(s.get());
    if (op->iter_values.size() != op->block->iter_vars.size())
      return std::make_unique<InvalidStmt>(op, "type.stmt.blockrealize.value_count",
                                           "iter value count differs from iter var count");
    return std::make_unique<BlockRealize>(c, op);
  }
  default:
    return std::make_unique<InvalidStmt>(s.get(), "sem.stmt.seqstmt", "unknown statement kind");
  }
}

} // namespace tirconf::oracle::eval
