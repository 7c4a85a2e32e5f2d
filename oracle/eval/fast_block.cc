// Fast paths of blocks (fast_paths.h), each doing what the plain Block and BlockRealize
// (exec_block.cc) do:
//   SimpleBlock   a Block without alloc_buffers or match_buffers whose reduce iter vars are int32
//                 over domains with constant mins: nothing to allocate or free, the init check a
//                 few compares;
//   RemapRealize  T.axis.remap: every iter value is a loop Var of its iter var's type, no
//                 predicate, a SimpleBlock. Each iter var shares its loop Var's slot
//                 (Compiler::alias): under [scope.ssa] the loop Var is bound once, by a For
//                 enclosing the block, so both hold the same value while the block runs, and
//                 nothing is bound or restored per realization. A loop Var is bound wherever the
//                 checker lets it be used, so its reads need no check;
//   ScalarRealize scalar iter values of their iter vars' types: bound as raw lane bits, saved and
//                 restored without allocating.
#include <array>

#include "oracle/eval/exec_stmt.h"
#include "oracle/eval/fast_nodes.h"
#include "oracle/eval/trap.h"

namespace tirconf::oracle::eval {

namespace {

using ir::DataType;

constexpr size_t kMaxReduce = 4;   // reduce iter vars a SimpleBlock checks from fixed arrays
constexpr size_t kMaxIterVars = 8; // iter vars a ScalarRealize binds from fixed arrays

// Whether a SimpleBlock can run `op`.
bool simple_block_shape(const ir::BlockNode *op) {
  if (!op->alloc_buffers.empty() || !op->match_buffers.empty())
    return false;
  if (!op->init)
    return true;
  size_t reduce = 0;
  for (const auto &iv : op->iter_vars) {
    if (iv->iter_type != ir::IterVarType::CommReduce)
      continue;
    const auto *min = iv->dom ? ir::as<ir::IntImmNode>(iv->dom->min) : nullptr;
    if (!min || iv->var->dtype != DataType::Int(32) ||
        min->value != static_cast<int32_t>(min->value))
      return false;
    ++reduce;
  }
  return reduce <= kMaxReduce;
}

// [sem.stmt.block] [sem.stmt.block.init] the Block's rules counted in one slot, init when due,
// body (simple_block_shape says which blocks).
class SimpleBlock final : public CStmt {
public:
  SimpleBlock(Compiler &c, const ir::BlockNode *op) : CStmt(op), body_(c.stmt(op->body)) {
    std::vector<const char *> rules{"sem.stmt.block"};
    if (op->init) {
      init_ = c.stmt(op->init);
      rules.push_back("sem.stmt.block.init");
    }
    hits_ = c.counter(std::span<const char *const>(rules));
    reduce_are_loop_vars_ = true;
    for (const auto &iv : op->iter_vars) {
      if (!op->init || iv->iter_type != ir::IterVarType::CommReduce)
        continue;
      const int slot = c.var(iv->var.get());
      reduce_slots_[n_reduce_] = slot;
      reduce_vars_[n_reduce_] = iv->var.get();
      reduce_mins_[n_reduce_] = static_cast<int32_t>(ir::as<ir::IntImmNode>(iv->dom->min)->value);
      ++n_reduce_;
      reduce_are_loop_vars_ = reduce_are_loop_vars_ && c.p.vars[static_cast<size_t>(slot)].loop_var;
    }
  }

  // The rules one run counts, for a parent that counts them in its own slot.
  std::vector<const char *> rules() const {
    std::vector<const char *> r{"sem.stmt.block"};
    if (init_)
      r.push_back("sem.stmt.block.init");
    return r;
  }

  void exec(Frame &f) const override {
    bump(hits_);
    run_init_and_body(f);
  }

  // exec() without counting, inlined where RemapRealize runs its block.
  [[gnu::always_inline]] void run_init_and_body(Frame &f) const {
    if (init_ && init_due(f))
      init_->run(f);
    body_->run(f);
  }

private:
  // [sem.stmt.block.init] every reduce iter var at its domain's min.
  [[gnu::always_inline]] bool init_due(Frame &f) const {
    unsigned at_min = 1;
    if (reduce_are_loop_vars_) { // remapped loop Vars: bound wherever the block can run
      for (size_t i = 0; i < n_reduce_; ++i)
        at_min &=
            static_cast<int32_t>(f.regs[static_cast<size_t>(reduce_slots_[i])]) == reduce_mins_[i];
      return at_min;
    }
    for (size_t i = 0; i < n_reduce_; ++i) {
      const size_t s = static_cast<size_t>(reduce_slots_[i]);
      if (!f.bound(reduce_slots_[i]))
        trap_invalid("scope.unbound", f.m.where(loc),
                     "block iter var " + reduce_vars_[i]->name_hint + " is not bound");
      at_min &= static_cast<int32_t>(f.regs[s]) == reduce_mins_[i];
    }
    return at_min;
  }

  CStmtPtr init_;
  size_t n_reduce_ = 0;
  std::array<int, kMaxReduce> reduce_slots_{};
  std::array<const ir::VarNode *, kMaxReduce> reduce_vars_{};
  std::array<int32_t, kMaxReduce> reduce_mins_{};
  bool reduce_are_loop_vars_;
  CStmtPtr body_;
  uint64_t *hits_;
};

// A loop Var's slot, or -1 when e is not a Var or not a loop Var compiled so far.
int loop_var_slot(const Compiler &c, const ir::PrimExpr &e) {
  const auto *v = ir::as<ir::VarNode>(e);
  const int slot = v ? c.slot_of(v) : -1;
  return slot >= 0 && c.p.vars[static_cast<size_t>(slot)].loop_var ? slot : -1;
}

// Whether RemapRealize can run `op`: checked before any iter var is aliased.
bool remap_shape(const Compiler &c, const ir::BlockRealizeNode *op) {
  const auto *imm = ir::as<ir::IntImmNode>(op->predicate);
  if (op->predicate && !(imm && imm->value != 0))
    return false;
  if (op->iter_values.size() != op->block->iter_vars.size() || !simple_block_shape(op->block.get()))
    return false;
  for (size_t i = 0; i < op->iter_values.size(); ++i) {
    const ir::VarNode *iter_var = op->block->iter_vars[i]->var.get();
    if (loop_var_slot(c, op->iter_values[i]) < 0 || op->iter_values[i]->dtype != iter_var->dtype ||
        c.slot_of(iter_var) >= 0)
      return false;
    for (size_t j = 0; j < i; ++j)
      if (op->block->iter_vars[j]->var.get() == iter_var)
        return false;
  }
  return true;
}

// [sem.stmt.blockrealize] values in order (each a loop Var read, [sem.expr.var]), bound to the
// block's iter vars (by sharing slots), then the block: all counted in one slot.
class RemapRealize final : public CStmt {
public:
  RemapRealize(Compiler &c, const ir::BlockRealizeNode *op) : CStmt(op) {
    std::vector<const char *> rules{"sem.stmt.blockrealize"};
    for (size_t i = 0; i < op->iter_values.size(); ++i) {
      c.alias(op->block->iter_vars[i]->var.get(), loop_var_slot(c, op->iter_values[i]));
      rules.push_back("sem.expr.var");
    }
    block_ = std::make_unique<SimpleBlock>(c, op->block.get());
    for (const char *r : block_->rules())
      rules.push_back(r);
    hits_ = c.counter(std::span<const char *const>(rules));
  }

  void exec(Frame &f) const override {
    bump(hits_);
    // [sem.stmt.limit] the Block is a statement of its own: a step.
    f.m.step(block_->loc);
    block_->run_init_and_body(f);
  }

private:
  std::unique_ptr<SimpleBlock> block_; // run without a virtual call (SimpleBlock is final)
  uint64_t *hits_;
};

// [sem.stmt.blockrealize] values in order, bound to the block's iter vars, then the block: scalar
// values of their iter vars' types, at most kMaxIterVars of them.
class ScalarRealize final : public CStmt {
public:
  ScalarRealize(Compiler &c, const ir::BlockRealizeNode *op)
      : CStmt(op), name_(op->block->name_hint), hits_(c.counter("sem.stmt.blockrealize")) {
    for (size_t i = 0; i < op->iter_values.size(); ++i) {
      values_.push_back(c.expr(op->iter_values[i]));
      slots_[i] = c.var(op->block->iter_vars[i]->var.get());
    }
    predicate_ = compile_predicate(c, op->predicate);
    block_ = c.stmt(op->block);
  }

  void exec(Frame &f) const override {
    bump(hits_);
    const size_t n = values_.size();
    std::array<uint64_t, kMaxIterVars> bits, saved_regs;
    std::array<uint8_t, kMaxIterVars> saved_flags;
    for (size_t i = 0; i < n; ++i)
      bits[i] = scalar_bits(*values_[i], f);
    uint64_t *regs = f.regs.data();
    uint8_t *flags = f.flags.data();
    for (size_t i = 0; i < n; ++i) {
      const size_t s = static_cast<size_t>(slots_[i]);
      saved_regs[i] = regs[s];
      saved_flags[i] = flags[s];
      regs[s] = bits[i];
      flags[s] = Frame::kBound;
    }
    // Restores the slots however the block ends (a trap or tir.ret unwinds through here).
    struct Restore {
      uint64_t *regs;
      uint8_t *flags;
      const std::array<int, kMaxIterVars> &slots;
      size_t n;
      const std::array<uint64_t, kMaxIterVars> &saved_regs;
      const std::array<uint8_t, kMaxIterVars> &saved_flags;
      ~Restore() {
        for (size_t i = n; i-- > 0;) {
          regs[static_cast<size_t>(slots[i])] = saved_regs[i];
          flags[static_cast<size_t>(slots[i])] = saved_flags[i];
        }
      }
    } restore{regs, flags, slots_, n, saved_regs, saved_flags};
    if (check_predicate(f, predicate_.get(), name_, loc))
      block_->run(f);
  }

private:
  std::string name_;
  std::vector<CExprPtr> values_;
  std::array<int, kMaxIterVars> slots_{};
  CExprPtr predicate_;
  CStmtPtr block_;
  uint64_t *hits_;
};

bool scalar_shape(const ir::BlockRealizeNode *op) {
  if (op->iter_values.size() != op->block->iter_vars.size() ||
      op->iter_values.size() > kMaxIterVars)
    return false;
  for (size_t i = 0; i < op->iter_values.size(); ++i) {
    const DataType t = op->block->iter_vars[i]->var->dtype;
    if (!is_scalar(t) || op->iter_values[i]->dtype != t)
      return false;
  }
  return true;
}

} // namespace

// ---------------------------------------------------------------- makers (fast_nodes.h)

CStmtPtr fast_block_realize(Compiler &c, const ir::BlockRealizeNode *op) {
  if (remap_shape(c, op))
    return std::make_unique<RemapRealize>(c, op);
  if (scalar_shape(op))
    return std::make_unique<ScalarRealize>(c, op);
  return nullptr;
}

CStmtPtr fast_block(Compiler &c, const ir::BlockNode *op) {
  return simple_block_shape(op) ? std::make_unique<SimpleBlock>(c, op) : nullptr;
}

} // namespace tirconf::oracle::eval
