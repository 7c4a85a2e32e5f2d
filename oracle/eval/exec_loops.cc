// Loops and parallel constructs: For (every kind), While, and the thread_extent / virtual_thread
// AttrStmts. Parallel iterations run one after another (increasing, or shuffled with the run's
// seed) under the conflict tracker (conflict.h), so the result of a conflict-free program does
// not depend on the order and a conflicting one is reported as unspecified conflict.
#include <limits>
#include <optional>

#include "oracle/eval/exec_stmt.h"
#include "oracle/eval/order.h"
#include "oracle/eval/trap.h"
#include "oracle/numeric/integer.h"

namespace tirconf::oracle::eval {

using ir::DataType;
using runtime::Value;

namespace {

struct LevelGuard {
  ConflictTracker& t;
  ~LevelGuard() { t.pop(); }
};

}  // namespace

void Executor::run_parallel(const char* conflict_rule, ir::SourceLoc l, int64_t n, bool may_shuffle,
                            const std::function<void(int64_t)>& body) {
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
    } catch (Trap& t) {
      const auto kind = t.outcome.kind();
      if (kind != runtime::OutcomeKind::Error || t.outcome.error().error_class == runtime::ErrorClass::Limit) throw;
      if (!failed) {
        failed = std::move(t);
        continue;
      }
      if (failed->outcome.error().error_class != t.outcome.error().error_class) {
        m.hit("unspec.parallel_error");
        trap_unspecified(runtime::UnspecifiedClass::Any, "unspec.parallel_error", m.where(l),
                         "parallel iterations fail with different errors: " + runtime::to_string(failed->outcome) +
                             "; " + runtime::to_string(t.outcome));
      }
    }
  }
  if (failed) throw std::move(*failed);
}

// ---------------------------------------------------------------- 3. AttrStmt

void Executor::VisitStmt_(const ir::AttrStmtNode* op) {
  const bool thread = op->attr_key == "thread_extent";
  if (thread || op->attr_key == "virtual_thread") {
    // [sem.stmt.attr.thread_extent] [sem.stmt.attr.virtual_thread] value parallel runs of body
    // with node bound to 0 .. value-1; [unspec.conflict.thread] between them.
    m.hit(thread ? "sem.stmt.attr.thread_extent" : "sem.stmt.attr.virtual_thread");
    ir::Var var = op->bound_var();
    if (!var) trap_invalid("type.stmt.attrstmt.thread_node", m.where(op->loc), "thread attribute without a Var");
    const int64_t n = ev.eval_int(op->value);
    const DataType e = var->dtype;
    if (!e.is_integer() || e.lanes != 1) trap_invalid("type.stmt.attrstmt.thread_node", m.where(op->loc), "thread Var is not an integer");
    ScopedBind bind(f.env, var.get(), Value::zeros(e));
    Value& slot = bind.slot();
    run_parallel("unspec.conflict.thread", op->loc, n > 0 ? n : 0, true, [&](int64_t i) {
      m.step(op->loc);
      slot.set_bits(0, numeric::wrap(static_cast<uint64_t>(i), e.bits));
      exec(op->body);
    });
    return;
  }
  if (op->attr_key == "volatile_scope") {
    // [sem.stmt.attr.volatile_scope] just the body.
    m.hit("sem.stmt.attr.volatile_scope");
  } else {
    // [sem.stmt.attrstmt] a compiler hint: just the body.
    m.hit("sem.stmt.attrstmt");
  }
  exec(op->body);
}

// ---------------------------------------------------------------- 12. For

void Executor::VisitStmt_(const ir::ForNode* op) {
  // [sem.stmt.for.range] min then extent, once, in the loop_var's type; loop_var runs over
  // [min, min + extent) for every kind.
  m.hit("sem.stmt.for.range");
  const DataType e = op->loop_var->dtype;
  if (!e.is_integer() || e.lanes != 1) trap_invalid("type.stmt.for.int", m.where(op->loc), "loop variable is not an integer scalar");
  Value mv = ev.eval(op->min);
  Value xv = ev.eval(op->extent);
  if (!mv.dtype().is_integer() || !xv.dtype().is_integer() || mv.lanes() != 1 || xv.lanes() != 1)
    trap_invalid("type.stmt.for.int", m.where(op->loc), "loop bounds are not integer scalars");
  // Cast to the loop_var's width (the checker has matched the types; IntImms were promoted).
  auto as_loop_type = [&](const Value& v) {
    uint64_t bits = numeric::wrap(static_cast<uint64_t>(v.as_int64()), e.bits);
    return e.is_int() ? static_cast<__int128>(numeric::sign_extend(bits, e.bits)) : static_cast<__int128>(bits);
  };
  const __int128 lo = as_loop_type(mv), extent = as_loop_type(xv);
  const __int128 n = extent > 0 ? extent : 0;
  if (n > 0) {
    const __int128 max = e.is_int() ? (static_cast<__int128>(1) << (e.bits - 1)) - 1
                                    : (static_cast<__int128>(1) << e.bits) - 1;
    if (lo + n - 1 > max) {
      // [unspec.loop_range_overflow] the range runs past the loop_var type's largest value.
      m.hit("unspec.loop_range_overflow");
      trap_unspecified(runtime::UnspecifiedClass::Overflow, "unspec.loop_range_overflow", m.where(op->loc),
                       "loop range passes the largest " + ir::to_string(e));
    }
    if (n > static_cast<__int128>(m.options.step_limit)) m.over_budget(op->loc);
  }
  const int64_t count = static_cast<int64_t>(n);
  ScopedBind bind(f.env, op->loop_var.get(), Value::zeros(e));
  Value& slot = bind.slot();
  auto iteration = [&](int64_t i) {
    m.step(op->loc);
    slot.set_bits(0, numeric::wrap(static_cast<uint64_t>(static_cast<int64_t>(lo + i)), e.bits));
    exec(op->body);
  };
  switch (op->for_kind) {
  case ir::ForKind::Serial:
  case ir::ForKind::Unrolled:
    // [sem.stmt.for.serial] [sem.stmt.for.unrolled] one at a time, in increasing order.
    m.hit(op->for_kind == ir::ForKind::Serial ? "sem.stmt.for.serial" : "sem.stmt.for.unrolled");
    for (int64_t i = 0; i < count; ++i) iteration(i);
    return;
  case ir::ForKind::Parallel:
    // [sem.stmt.for.parallel] any interleaving; [unspec.conflict.parallel] between iterations.
    m.hit("sem.stmt.for.parallel");
    run_parallel("unspec.conflict.parallel", op->loc, count, true, iteration);
    return;
  case ir::ForKind::Vectorized:
    // [sem.stmt.for.vectorized] the results of running the iterations in order (side effects
    // and errors included), so never shuffled; [unspec.conflict.vectorized] between iterations.
    m.hit("sem.stmt.for.vectorized");
    run_parallel("unspec.conflict.vectorized", op->loc, count, false, iteration);
    return;
  case ir::ForKind::ThreadBinding:
    // [sem.stmt.for.thread_binding] like parallel; [unspec.conflict.thread].
    m.hit("sem.stmt.for.thread_binding");
    run_parallel("unspec.conflict.thread", op->loc, count, true, iteration);
    return;
  }
}

// ---------------------------------------------------------------- 13. While

void Executor::VisitStmt_(const ir::WhileNode* op) {
  // [sem.stmt.while] condition, then body while it is nonzero; every round is a step of the
  // budget ([sem.stmt.limit]).
  m.hit("sem.stmt.while");
  while (true) {
    m.step(op->loc);
    Value c = ev.eval(op->condition);
    if (c.lanes() != 1 || !c.dtype().is_integer()) trap_invalid("type.stmt.while.cond", m.where(op->loc), "While condition is not an integer scalar");
    if (c.bits(0) == 0) return;
    exec(op->body);
  }
}

}  // namespace tirconf::oracle::eval
