// Loops and parallel constructs: For (every kind), While, and the thread_extent / virtual_thread
// AttrStmts. Parallel iterations run one after another (increasing, or shuffled with the run's
// seed) under the conflict tracker (conflict.h), so the result of a conflict-free program does
// not depend on the order and a conflicting one is reported as unspecified conflict.
#include <optional>

#include "ir/visitor.h"
#include "oracle/eval/barrier.h"
#include "oracle/eval/exec_stmt.h"
#include "oracle/eval/order.h"
#include "oracle/eval/trap.h"
#include "oracle/numeric/integer.h"

namespace tirconf::oracle::eval {

using ir::DataType;
using runtime::Value;

namespace {

struct LevelGuard {
  ConflictTracker &t;
  ~LevelGuard() { t.pop(); }
};

// Runs body(i) for i in [0, n) as the iterations of one parallel construct.
template <class Body>
void run_parallel(Frame &f, const char *conflict_rule, ir::SourceLoc l, int64_t n, bool may_shuffle,
                  Body &&body) {
  Machine &m = f.m;
  if (n >= ConflictTracker::kMaxIterations)
    m.over_budget(l);
  const uint64_t seed = m.options.seed ^ (0x9e3779b97f4a7c15ULL * ++m.parallel_constructs);
  IterationOrder order(n, may_shuffle && m.options.shuffle_parallel, seed);
  m.conflicts.push(conflict_rule, l, m.memory.next_id());
  LevelGuard guard{m.conflicts};
  // Parallel iterations (not vectorized ones, whose errors keep their order) may fail
  // concurrently: after an error the other iterations still run, and a second error of another
  // class makes the reported one unspecified ([unspec.parallel_error]). Unspecified outcomes and
  // exhausted budgets end the construct at once.
  std::optional<Trap> failed;
  for (int64_t k = 0; k < n; ++k) {
    const int64_t it = order.at(k);
    m.conflicts.set_iteration(it);
    if (!may_shuffle) {
      body(it);
      continue;
    }
    try {
      body(it);
    } catch (Trap &t) {
      const auto kind = t.outcome.kind();
      if (kind != runtime::OutcomeKind::Error ||
          t.outcome.error().error_class == runtime::ErrorClass::Limit)
        throw;
      if (!failed) {
        failed = std::move(t);
        continue;
      }
      if (failed->outcome.error().error_class != t.outcome.error().error_class) {
        m.hit("unspec.parallel_error");
        trap_unspecified(runtime::UnspecifiedClass::Any, "unspec.parallel_error", m.where(l),
                         "parallel iterations fail with different errors: " +
                             runtime::to_string(failed->outcome) + "; " +
                             runtime::to_string(t.outcome));
      }
    }
  }
  if (failed)
    throw std::move(*failed);
}

// Whether the iterations of a thread construct with this tag and body run as a thread group
// that may meet at barriers (barrier.h): threads of one CUDA block (threadIdx.*) whose body calls
// tvm_storage_sync.
bool runs_as_thread_group(const std::string &tag, const ir::Stmt &body) {
  if (!tag.starts_with("threadIdx."))
    return false;
  struct SyncFinder : ir::IRVisitor {
    bool found = false;
    void VisitExpr_(const ir::CallNode *op) override {
      found |= op->op == "tir.tvm_storage_sync";
      ir::IRVisitor::VisitExpr_(op);
    }
  } finder;
  finder.VisitStmt(body);
  return finder.found;
}

// ---------------------------------------------------------------- 3. AttrStmt

// [sem.stmt.attr.thread_extent] [sem.stmt.attr.virtual_thread] value parallel runs of body with
// node bound to 0 .. value-1; [unspec.conflict.thread] between them.
class ThreadAttr final : public CStmt {
public:
  ThreadAttr(Compiler &c, const ir::AttrStmtNode *op, const ir::VarNode *var,
             const std::string &tag)
      : CStmt(op), slot_(c.var(var)), value_(c.expr(op->value)), body_(c.stmt(op->body)),
        hits_(c.counter(op->attr_key == "thread_extent" ? "sem.stmt.attr.thread_extent"
                                                        : "sem.stmt.attr.virtual_thread")),
        group_(op->attr_key == "thread_extent" && runs_as_thread_group(tag, op->body)) {}
  void exec(Frame &f) const override {
    bump(hits_);
    const int64_t n = eval_int(f, *value_);
    ScopedSlot bind(f, slot_);
    f.set_int(slot_, 0);
    auto iteration = [&](int64_t i) {
      f.m.step(loc);
      f.set_int(slot_, i);
      body_->run(f);
    };
    if (group_)
      run_thread_group(f, loc, n > 0 ? n : 0, iteration);
    else
      run_parallel(f, "unspec.conflict.thread", loc, n > 0 ? n : 0, true, iteration);
  }

private:
  int slot_;
  CExprPtr value_;
  CStmtPtr body_;
  uint64_t *hits_;
  bool group_; // [builtin.storage_sync] its iterations may meet at barriers
};

// ---------------------------------------------------------------- 12. For

const char *for_rule(ir::ForKind k) {
  switch (k) {
  case ir::ForKind::Serial:
    return "sem.stmt.for.serial";
  case ir::ForKind::Unrolled:
    return "sem.stmt.for.unrolled";
  case ir::ForKind::Parallel:
    return "sem.stmt.for.parallel";
  case ir::ForKind::Vectorized:
    return "sem.stmt.for.vectorized";
  case ir::ForKind::ThreadBinding:
    return "sem.stmt.for.thread_binding";
  }
  return "sem.stmt.for.serial";
}

// [sem.stmt.for.range] min then extent, once, in the loop_var's type; loop_var runs over
// [min, min + extent) for every kind.
class ForLoop final : public CStmt {
public:
  // as_reduction: a thread-binding loop read as one cross-thread reduction (thread-reduction=
  // allreduce): its iterations run in increasing order, their updates not conflicts.
  ForLoop(Compiler &c, const ir::ForNode *op, bool as_reduction = false)
      : CStmt(op), e_(op->loop_var->dtype), kind_(op->for_kind), as_reduction_(as_reduction),
        group_(op->for_kind == ir::ForKind::ThreadBinding && !as_reduction && op->thread_binding &&
               runs_as_thread_group(op->thread_binding->thread_tag, op->body)),
        slot_(c.loop_var(op->loop_var.get())), min_(c.expr(op->min)), extent_(c.expr(op->extent)),
        body_(c.stmt(op->body)), range_hits_(c.counter("sem.stmt.for.range")),
        kind_hits_(c.counter(for_rule(op->for_kind))) {}

  void exec(Frame &f) const override {
    bump(range_hits_);
    if (!min_->scalar || !extent_->scalar || !min_->type.is_integer() ||
        !extent_->type.is_integer())
      trap_invalid("type.stmt.for.int", f.m.where(loc), "loop bounds are not integer scalars");
    // Cast to the loop_var's width (the checker has matched the types; IntImms were promoted).
    auto as_loop_type = [&](const CExpr &x) {
      uint64_t bits = numeric::wrap(static_cast<uint64_t>(index_of(x.type, x.bits(f))), e_.bits);
      return e_.is_int() ? static_cast<__int128>(numeric::sign_extend(bits, e_.bits))
                         : static_cast<__int128>(bits);
    };
    const __int128 lo = as_loop_type(*min_);
    const __int128 extent = as_loop_type(*extent_);
    const __int128 n = extent > 0 ? extent : 0;
    if (n > 0) {
      const __int128 max = e_.is_int() ? (static_cast<__int128>(1) << (e_.bits - 1)) - 1
                                       : (static_cast<__int128>(1) << e_.bits) - 1;
      if (lo + n - 1 > max) {
        // [unspec.loop_range_overflow] the range runs past the loop_var type's largest value.
        f.m.hit("unspec.loop_range_overflow");
        trap_unspecified(runtime::UnspecifiedClass::Overflow, "unspec.loop_range_overflow",
                         f.m.where(loc), "loop range passes the largest " + ir::to_string(e_));
      }
      if (n > static_cast<__int128>(f.m.options.step_limit))
        f.m.over_budget(loc);
    }
    const int64_t count = static_cast<int64_t>(n);
    const uint64_t first = static_cast<uint64_t>(static_cast<int64_t>(lo));
    const size_t s = static_cast<size_t>(slot_);
    ScopedSlot bind(f, slot_);
    f.flags[s] = Frame::kBound;
    f.regs[s] = 0;
    auto iteration = [&](int64_t i) {
      f.m.step(loc);
      f.regs[s] = numeric::wrap(first + static_cast<uint64_t>(i), e_.bits);
      f.flags[s] = Frame::kBound;
      body_->run(f);
    };
    bump(kind_hits_);
    switch (kind_) {
    case ir::ForKind::Serial:
    case ir::ForKind::Unrolled:
      // [sem.stmt.for.serial] [sem.stmt.for.unrolled] one at a time, in increasing order.
      for (int64_t i = 0; i < count; ++i)
        iteration(i);
      return;
    case ir::ForKind::Parallel:
      // [sem.stmt.for.parallel] any interleaving; [unspec.conflict.parallel] between iterations.
      run_parallel(f, "unspec.conflict.parallel", loc, count, true, iteration);
      return;
    case ir::ForKind::Vectorized:
      // [sem.stmt.for.vectorized] the results of running the iterations in order (side effects
      // and errors included), so never shuffled; [unspec.conflict.vectorized] between iterations.
      run_parallel(f, "unspec.conflict.vectorized", loc, count, false, iteration);
      return;
    case ir::ForKind::ThreadBinding:
      // [sem.stmt.for.thread_binding] like parallel; [unspec.conflict.thread], unless read as a
      // cross-thread reduction.
      if (as_reduction_) {
        for (int64_t i = 0; i < count; ++i)
          iteration(i);
        return;
      }
      if (group_) {
        run_thread_group(f, loc, count, iteration);
        return;
      }
      run_parallel(f, "unspec.conflict.thread", loc, count, true, iteration);
      return;
    }
  }

private:
  DataType e_;
  ir::ForKind kind_;
  bool as_reduction_;
  bool group_; // [builtin.storage_sync] its iterations may meet at barriers
  int slot_;
  CExprPtr min_, extent_;
  CStmtPtr body_;
  uint64_t *range_hits_, *kind_hits_;
};

// [sem.stmt.for.thread_binding] [sem.stmt.attr.thread_extent] under the reading
// thread-tags=shared: a thread loop (For or thread_extent AttrStmt) bound to the thread tag of an
// enclosing one is the same hardware index, so its variable takes the enclosing one's value and
// the body runs once. TVM requires both to cover the same range; where they do not the reading
// gives no meaning ([unspec.thread_tag_range]).
class SharedThreadLoop final : public CStmt {
public:
  SharedThreadLoop(Compiler &c, const ir::StmtNode *op, const Compiler::ThreadScope &inner,
                   const ir::Stmt &body, const Compiler::ThreadScope &outer)
      : CStmt(op), slot_(c.loop_var(inner.var)), outer_slot_(c.slot_of(outer.var)),
        min_(inner.min ? c.expr(inner.min) : nullptr), extent_(c.expr(inner.extent)),
        outer_min_(outer.min ? c.expr(outer.min) : nullptr), outer_extent_(c.expr(outer.extent)),
        body_(c.stmt(body)), hits_(c.counter("sem.stmt.for.thread_binding")) {}

  void exec(Frame &f) const override {
    bump(hits_);
    auto value = [&](const CExprPtr &e) { return e ? eval_int(f, *e) : int64_t{0}; };
    if (value(min_) != value(outer_min_) || value(extent_) != value(outer_extent_)) {
      f.m.hit("unspec.thread_tag_range");
      trap_unspecified(runtime::UnspecifiedClass::Any, "unspec.thread_tag_range", f.m.where(loc),
                       "a loop bound to the thread tag of an enclosing one covers another range "
                       "(reading thread-tags=shared)");
    }
    f.m.step(loc);
    ScopedSlot bind(f, slot_);
    f.regs[static_cast<size_t>(slot_)] = f.regs[static_cast<size_t>(outer_slot_)];
    f.flags[static_cast<size_t>(slot_)] = Frame::kBound;
    body_->run(f);
  }

private:
  int slot_, outer_slot_;
  CExprPtr min_, extent_, outer_min_, outer_extent_;
  CStmtPtr body_;
  uint64_t *hits_;
};

// The enclosing thread scope with `tag`, under thread-tags=shared; else null.
const Compiler::ThreadScope *scope_sharing_thread(const Compiler &c, const std::string &tag) {
  if (c.m.options.readings.thread_tags != ThreadTags::Shared || tag.empty())
    return nullptr;
  for (const auto &outer : c.thread_scopes)
    if (outer.tag == tag)
      return &outer;
  return nullptr;
}

// Compiles `make()` with `scope` among the enclosing thread scopes.
template <class Make>
CStmtPtr within_thread_scope(Compiler &c, Compiler::ThreadScope scope, Make &&make) {
  c.thread_scopes.push_back(std::move(scope));
  CStmtPtr s = make();
  c.thread_scopes.pop_back();
  return s;
}

// Whether a block under thread loop `op` binds one of its reduction iter vars to an expression of
// op's loop_var: what TVM lowers to a cross-thread reduction.
bool binds_a_reduction(const ir::ForNode *op) {
  struct UsesVar : ir::IRVisitor {
    const ir::VarNode *var;
    bool found = false;
    explicit UsesVar(const ir::VarNode *v) : var(v) {}
    void VisitExpr_(const ir::VarNode *v) override { found |= v == var; }
  };
  struct Finder : ir::IRVisitor {
    const ir::VarNode *var;
    bool found = false;
    explicit Finder(const ir::VarNode *v) : var(v) {}
    void VisitStmt_(const ir::BlockRealizeNode *br) override {
      const auto &ivs = br->block->iter_vars;
      for (size_t k = 0; k < ivs.size() && k < br->iter_values.size(); ++k) {
        if (!ivs[k] || ivs[k]->iter_type != ir::IterVarType::CommReduce || !br->iter_values[k])
          continue;
        UsesVar uses(var);
        uses.VisitExpr(br->iter_values[k]);
        found |= uses.found;
      }
      ir::IRVisitor::VisitStmt_(br);
    }
  } finder(op->loop_var.get());
  finder.VisitStmt(op->body);
  return finder.found;
}

// ---------------------------------------------------------------- 13. While

// [sem.stmt.while] condition, then body while it is nonzero; every round is a step of the
// budget ([sem.stmt.limit]).
class WhileLoop final : public CStmt {
public:
  WhileLoop(Compiler &c, const ir::WhileNode *op)
      : CStmt(op), cond_(c.expr(op->condition)), body_(c.stmt(op->body)),
        hits_(c.counter("sem.stmt.while")) {}
  void exec(Frame &f) const override {
    bump(hits_);
    if (!cond_->scalar || !cond_->type.is_integer())
      trap_invalid("type.stmt.while.cond", f.m.where(loc),
                   "While condition is not an integer scalar");
    while (true) {
      f.m.step(loc);
      if (cond_->bits(f) == 0)
        return;
      body_->run(f);
    }
  }

private:
  CExprPtr cond_;
  CStmtPtr body_;
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

CStmtPtr compile_loop(Compiler &c, const ir::Stmt &s) {
  switch (s->kind) {
  case ir::StmtKind::For: {
    const auto *op = static_cast<const ir::ForNode *>(s.get());
    const DataType e = op->loop_var->dtype;
    if (!e.is_integer() || e.lanes != 1)
      return std::make_unique<InvalidStmt>(op, "type.stmt.for.int",
                                           "loop variable is not an integer scalar");
    if (op->for_kind != ir::ForKind::ThreadBinding)
      return std::make_unique<ForLoop>(c, op);
    Compiler::ThreadScope scope{op->thread_binding ? op->thread_binding->thread_tag : "",
                                op->loop_var.get(), op->min, op->extent};
    if (const auto *outer = scope_sharing_thread(c, scope.tag))
      return std::make_unique<SharedThreadLoop>(c, op, scope, op->body, *outer);
    const bool as_reduction = c.m.options.readings.thread_reduction == ThreadReduction::AllReduce &&
                              binds_a_reduction(op);
    return within_thread_scope(c, scope,
                               [&] { return std::make_unique<ForLoop>(c, op, as_reduction); });
  }
  case ir::StmtKind::While:
    return std::make_unique<WhileLoop>(c, static_cast<const ir::WhileNode *>(s.get()));
  default: {
    const auto *op = static_cast<const ir::AttrStmtNode *>(s.get());
    ir::Var var = op->bound_var();
    if (!var)
      return std::make_unique<InvalidStmt>(op, "type.stmt.attrstmt.thread_node",
                                           "thread attribute without a Var");
    if (!var->dtype.is_integer() || var->dtype.lanes != 1)
      return std::make_unique<InvalidStmt>(op, "type.stmt.attrstmt.thread_node",
                                           "thread Var is not an integer");
    const auto *iv = std::get_if<ir::IterVar>(&op->node);
    Compiler::ThreadScope scope{iv && *iv ? (*iv)->thread_tag : "", var.get(), nullptr, op->value};
    if (const auto *outer = scope_sharing_thread(c, scope.tag))
      return std::make_unique<SharedThreadLoop>(c, op, scope, op->body, *outer);
    return within_thread_scope(
        c, scope, [&] { return std::make_unique<ThreadAttr>(c, op, var.get(), scope.tag); });
  }
  }
}

} // namespace tirconf::oracle::eval
