// Statements that allocate or alias memory: BufferRealize, Allocate, Block (alloc_buffers,
// match_buffers, init) and BlockRealize.
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

CExprPtr compile_predicate(Compiler &c, const ir::PrimExpr &predicate) {
  const auto *imm = ir::as<ir::IntImmNode>(predicate);
  return predicate && !(imm && imm->value != 0) ? c.expr(predicate) : nullptr;
}

bool check_predicate(Frame &f, const CExpr *predicate, const std::string &block, ir::SourceLoc l) {
  if (!predicate || eval_cond(f, *predicate))
    return true;
  // [unspec.block_predicate_false] the spec runs the block, TVM skips it: ambiguous, unless the
  // run asked for one of the readings.
  f.m.hit("unspec.block_predicate_false");
  switch (f.m.options.readings.block_predicate) {
  case BlockPredicate::Skip:
    return false;
  case BlockPredicate::Run:
    return true;
  case BlockPredicate::Unspecified:
    break;
  }
  trap_unspecified(runtime::UnspecifiedClass::Ambiguous, "unspec.block_predicate_false",
                   f.m.where(l), "block " + block + " has a false predicate");
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

// [sem.stmt.allocate.condition] [sem.stmt.allocate] condition, then extents and a fresh buffer.
class Allocate final : public CStmt {
public:
  Allocate(Compiler &c, const ir::AllocateNode *op)
      : CStmt(op), dtype_(op->dtype), cond_(c.expr(op->condition)),
        slot_(c.var(op->buffer_var.get())), body_(c.stmt(op->body)),
        cond_hits_(c.counter("sem.stmt.allocate.condition")), hits_(c.counter("sem.stmt.allocate")),
        const_hits_(c.counter("sem.stmt.allocate_const")) {
    for (const auto &e : op->extents)
      extents_.push_back(c.expr(e));
    for (const auto &x : op->const_data)
      data_.push_back(c.expr(x));
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
    if (!data_.empty()) {
      // [sem.stmt.allocate_const] the buffer starts with the data, element by element.
      bump(const_hits_);
      if (static_cast<int64_t>(data_.size()) != slots)
        trap_invalid("sem.stmt.allocate_const", f.m.where(loc),
                     std::to_string(data_.size()) + " values for " + std::to_string(slots) +
                         " elements");
      for (int64_t s = 0; s < slots; ++s)
        a.put(s, data_[static_cast<size_t>(s)]->bits(f));
    }
    scope.own(a.id);
    scope.bind(slot_, buffer_handle(a.id));
    body_->run(f);
  }

private:
  DataType dtype_;
  CExprPtr cond_;
  int slot_;
  std::vector<CExprPtr> extents_;
  std::vector<CExprPtr> data_; // T.allocate_const's contents
  CStmtPtr body_;
  uint64_t *cond_hits_, *hits_, *const_hits_;
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
      : CStmt(op), body_(compile_instance_scope(c, op->body)), hits_(c.counter("sem.stmt.block")),
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
    if (!op->init)
      return;
    init_ = c.stmt(op->init);
    for (const auto &iv : op->iter_vars) {
      if (iv->iter_type != ir::IterVarType::CommReduce)
        continue;
      if (!iv->dom || !is_scalar(iv->var->dtype) || !iv->var->dtype.is_integer()) {
        init_invalid_ = true;
        continue;
      }
      // A constant min is read, not evaluated (no sem.expr.intimm of its own).
      const auto *imm = ir::as<ir::IntImmNode>(iv->dom->min);
      reduce_.push_back({c.var(iv->var.get()), iv->var.get(), imm ? nullptr : c.expr(iv->dom->min),
                         imm ? imm->value : 0});
    }
  }

  void exec(Frame &f) const override {
    bump(hits_);
    if (init_)
      bump(init_hits_);
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
    if (init_ && init_due(f))
      init_->run(f);
    body_->run(f);
  }

private:
  struct Reduce {
    int slot;
    const ir::VarNode *var;
    CExprPtr min; // null when the domain's min is a constant:
    int64_t const_min;
  };

  // [sem.stmt.block.init] read as: a reduction block runs init where every kCommReduce iter var
  // equals its domain's min (every min is evaluated); any other block runs it every time.
  bool init_due(Frame &f) const {
    if (init_invalid_)
      trap_invalid("type.stmt.block.reduce_dom", f.m.where(loc),
                   "reduce iter var without a domain");
    bool due = true;
    for (const auto &r : reduce_) {
      if (!f.bound(r.slot))
        trap_invalid("scope.unbound", f.m.where(loc),
                     "block iter var " + r.var->name_hint + " is not bound");
      const int64_t min = r.min ? eval_int(f, *r.min) : r.const_min;
      due = index_of(r.var->dtype, f.regs[static_cast<size_t>(r.slot)]) == min && due;
    }
    return due;
  }

  std::vector<std::pair<int, ir::SourceLoc>> allocs_;
  std::vector<MatchBuffer> matches_;
  CStmtPtr init_;
  std::vector<Reduce> reduce_;
  bool init_invalid_ = false;
  CStmtPtr body_;
  uint64_t *hits_, *alloc_hits_, *init_hits_;
};

// ---------------------------------------------------------------- 15. BlockRealize

// [sem.stmt.blockrealize] values in order, bound to the block's iter vars, then the block.
class BlockRealize final : public CStmt {
public:
  BlockRealize(Compiler &c, const ir::BlockRealizeNode *op)
      : CStmt(op), name_(op->block->name_hint), hits_(c.counter("sem.stmt.blockrealize")) {
    for (size_t i = 0; i < op->iter_values.size(); ++i) {
      values_.push_back(c.expr(op->iter_values[i]));
      slots_.push_back(c.var(op->block->iter_vars[i]->var.get()));
    }
    predicate_ = compile_predicate(c, op->predicate);
    block_ = c.stmt(op->block);
  }

  void exec(Frame &f) const override {
    bump(hits_);
    std::vector<Value> values;
    for (const auto &e : values_)
      values.push_back(e->value(f));
    std::vector<std::unique_ptr<ScopedSlot>> binds;
    for (size_t i = 0; i < values.size(); ++i) {
      binds.push_back(std::make_unique<ScopedSlot>(f, slots_[i]));
      f.set(slots_[i], values[i]);
    }
    if (check_predicate(f, predicate_.get(), name_, loc))
      block_->run(f);
  }

private:
  std::string name_;
  std::vector<CExprPtr> values_; // bound to slots_ per realization
  std::vector<int> slots_;
  CExprPtr predicate_;
  CStmtPtr block_;
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
  case ir::StmtKind::Block: {
    const auto *op = static_cast<const ir::BlockNode *>(s.get());
    return independent_block(c, op, std::make_unique<Block>(c, op));
  }
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
