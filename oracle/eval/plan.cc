// Building a FuncPlan: slots for Vars and Buffers, and the node factories' entry points.
#include "oracle/eval/plan.h"

#include "ir/visitor.h"
#include "oracle/eval/fast_paths.h"
#include "oracle/eval/trap.h"
#include "oracle/numeric/float_ops.h"
#include "oracle/numeric/integer.h"

namespace tirconf::oracle::eval {

using runtime::Value;

bool is_scalar(ir::DataType t) {
  return t.lanes == 1 && (t.is_integer() || t.is_floating());
}

uint64_t CExpr::bits(Frame &f) const {
  return value(f).bits(0);
}
Value CExpr::value(Frame &f) const {
  return Value::broadcast_bits(type, bits(f));
}

// ---------------------------------------------------------------- Frame

Frame::Frame(Machine &m, const FuncPlan &plan)
    : m(m), plan(plan), regs(plan.vars.size(), 0), vals(plan.vars.size()),
      flags(plan.vars.size(), 0), views(plan.buffers.size()), registered(plan.buffers.size(), 0),
      lazy(plan.buffers.size()) {}

Value Frame::get(int s) const {
  const size_t i = static_cast<size_t>(s);
  return plan.vars[i].scalar ? Value::broadcast_bits(plan.vars[i].var->dtype, regs[i]) : vals[i];
}

void Frame::set(int s, const Value &v) {
  const size_t i = static_cast<size_t>(s);
  if (plan.vars[i].scalar) {
    if (v.dtype() != plan.vars[i].var->dtype || v.lanes() != 1)
      trap_invalid("type.expr.var.dtype", m.where(plan.vars[i].var->loc),
                   "binding " + plan.vars[i].var->name_hint + " (" +
                       ir::to_string(plan.vars[i].var->dtype) + ") to a value of " +
                       ir::to_string(v.dtype()));
    regs[i] = v.bits(0);
  } else {
    vals[i] = v;
  }
  flags[i] = kBound;
}

void Frame::set_int(int s, int64_t v) {
  const ir::DataType t = plan.vars[static_cast<size_t>(s)].var->dtype;
  set(s, Value::broadcast_bits(t, numeric::wrap(static_cast<uint64_t>(v), t.bits)));
}

bool Frame::all_bound(const std::vector<int> &deps) const {
  for (int s : deps)
    if (!bound(s))
      return false;
  return true;
}

// ---------------------------------------------------------------- helpers

int64_t index_value(const Value &v, int lane) {
  return index_of(v.element_type(), v.bits(lane));
}

int64_t eval_int(Frame &f, const CExpr &e) {
  if (!e.scalar || !e.type.is_integer())
    trap_invalid("type.stmt.for.int", f.m.where(e.src->loc),
                 "expected an integer scalar, got " + ir::to_string(e.type));
  return index_of(e.type, e.bits(f));
}

bool eval_cond(Frame &f, const CExpr &e) {
  if (!e.scalar)
    trap_invalid("type.stmt.ifthenelse.cond", f.m.where(e.src->loc),
                 "expected a scalar condition, got " + ir::to_string(e.type));
  const uint64_t b = e.bits(f);
  return b != 0 && !(e.type.is_floating() && numeric::float_value(e.type, b) == 0);
}

// ---------------------------------------------------------------- Compiler

int Compiler::var(const ir::VarNode *v) {
  auto [it, fresh] = var_slots_.try_emplace(v, static_cast<int>(p.vars.size()));
  if (fresh)
    p.vars.push_back({v, is_scalar(v->dtype)});
  return it->second;
}

int Compiler::loop_var(const ir::VarNode *v) {
  const int slot = var(v);
  p.vars[static_cast<size_t>(slot)].loop_var = true;
  return slot;
}

int Compiler::slot_of(const ir::VarNode *v) const {
  auto it = var_slots_.find(v);
  return it == var_slots_.end() ? -1 : it->second;
}

bool Compiler::alias(const ir::VarNode *v, int slot) {
  return var_slots_.try_emplace(v, slot).second;
}

std::vector<int> Compiler::deps(const ir::PrimExpr &e) {
  std::vector<int> out;
  if (!e)
    return out;
  struct Collector : ir::IRVisitor {
    Compiler *c;
    std::vector<int> *out;
    void VisitExpr_(const ir::VarNode *op) override {
      int s = c->var(op);
      for (int x : *out)
        if (x == s)
          return;
      out->push_back(s);
    }
  } collector;
  collector.c = this;
  collector.out = &out;
  collector.VisitExpr(e);
  return out;
}

int Compiler::buffer(const ir::BufferNode *b) {
  if (auto it = buffer_slots_.find(b); it != buffer_slots_.end())
    return it->second;
  const int slot = static_cast<int>(p.buffers.size());
  buffer_slots_.emplace(b, slot);
  p.buffers.emplace_back();
  BufferPlan bp;
  bp.buffer = b;
  auto add_deps = [&](const std::vector<int> &d) {
    for (int s : d) {
      bool seen = false;
      for (int x : bp.deps)
        seen = seen || x == s;
      if (!seen)
        bp.deps.push_back(s);
    }
  };
  if (b->data) {
    bp.data_slot = var(b->data.get());
    add_deps({bp.data_slot});
  }
  auto bare_var = [&](const ir::PrimExpr &e) {
    const auto *v = ir::as<ir::VarNode>(e);
    return v ? var(v) : -1;
  };
  for (const auto &e : b->shape) {
    bp.shape.push_back(expr(e));
    bp.shape_vars.push_back(bare_var(e));
    bp.shape_deps.push_back(deps(e));
    add_deps(bp.shape_deps.back());
  }
  for (const auto &e : b->strides) {
    bp.strides.push_back(expr(e));
    bp.stride_vars.push_back(bare_var(e));
    bp.stride_deps.push_back(deps(e));
    add_deps(bp.stride_deps.back());
  }
  if (b->elem_offset) {
    bp.elem_offset = expr(b->elem_offset);
    bp.elem_offset_var = bare_var(b->elem_offset);
    bp.elem_offset_deps = deps(b->elem_offset);
    add_deps(bp.elem_offset_deps);
  }
  p.buffers[static_cast<size_t>(slot)] = std::move(bp);
  return slot;
}

CExprPtr Compiler::expr(const ir::PrimExpr &e) {
  if (m.options.fast_paths)
    if (CExprPtr fast = fast_path(*this, e)) {
      ++m.fast_nodes;
      return fast;
    }
  return compile_expr(*this, e);
}
CStmtPtr Compiler::stmt(const ir::Stmt &s) {
  if (m.options.fast_paths)
    if (CStmtPtr fast = fast_path(*this, s)) {
      ++m.fast_nodes;
      return fast;
    }
  return compile_stmt(*this, s);
}

// ---------------------------------------------------------------- Machine

Machine::Machine(const ir::IRModuleNode &m, const RunOptions &o)
    : module(m), options(o), step_limit_(o.step_limit), coverage_on_(o.coverage != nullptr) {
  if (o.stats)
    o.stats->fast_nodes = 0;
}

Machine::~Machine() = default;

uint64_t *Machine::counter(std::span<const char *const> rules) {
  uint64_t *slot = &counter_slots_.emplace_back(0);
  if (coverage_on_)
    for (const char *rule : rules)
      if (rule)
        counted_.emplace_back(rule, slot);
  return slot;
}

void Machine::flush_coverage(RuleCoverage &out) const {
  std::unordered_map<const char *, uint64_t> total = counts_;
  for (const auto &[rule, slot] : counted_)
    total[rule] += *slot;
  for (const auto &[rule, n] : total)
    if (n)
      out.hit(rule, n);
}

const FuncPlan &Machine::plan(const ir::PrimFuncNode &func) {
  auto [it, fresh] = plans_.try_emplace(&func);
  if (!fresh)
    return *it->second;
  auto p = std::make_unique<FuncPlan>();
  p->func = &func;
  Compiler c(*this, *p);
  for (const auto &param : func.params) {
    p->param_slots.push_back(c.var(param.get()));
    ir::Buffer b = func.buffer_for(param);
    p->param_buffers.push_back(b ? c.buffer(b.get()) : -1);
  }
  if (func.body)
    p->body = compile_instance_scope(c, func.body);
  if (options.stats)
    options.stats->fast_nodes = fast_nodes;
  it->second = std::move(p);
  return *it->second;
}

} // namespace tirconf::oracle::eval
