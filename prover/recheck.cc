#include "prover/recheck.h"

#include <mutex>

#include "ir/module.h"
#include "oracle/arith/match.h"
#include "oracle/eval/interpreter.h"
#include "prover/smt.h"

namespace tirconf::prover {

using ir::ExprKind;
using ir::PrimExpr;
using oracle::arith::Pat;
using oracle::arith::PatKind;

std::string SideOutcome::to_string() const {
  switch (kind) {
  case Ok:
    return "ok " + value;
  case Error:
    return "error divide-by-zero";
  case Unspecified:
    return "unspecified overflow";
  }
  return "?";
}

bool breaks_refinement(const SideOutcome &source, const SideOutcome &target) {
  switch (source.kind) {
  case SideOutcome::Unspecified:
    return false; // the source promises nothing
  case SideOutcome::Error:
    return target.kind != SideOutcome::Error;
  case SideOutcome::Ok:
    return target.kind != SideOutcome::Ok || target.value != source.value;
  }
  return true;
}

namespace {

void free_vars(const PrimExpr &e, std::vector<const ir::VarNode *> &out) {
  if (e->kind == ExprKind::Var) {
    auto *v = static_cast<const ir::VarNode *>(e.get());
    for (auto *seen : out)
      if (seen == v)
        return;
    out.push_back(v);
    return;
  }
  if (auto *s = ir::as<ir::SelectNode>(e)) {
    free_vars(s->condition, out);
    free_vars(s->true_value, out);
    free_vars(s->false_value, out);
  } else if (auto *n = ir::as<ir::NotNode>(e)) {
    free_vars(n->a, out);
  } else if (auto *c = ir::as<ir::CastNode>(e)) {
    free_vars(c->value, out);
  } else if (ir::is_binary(e->kind)) {
    auto *b = static_cast<const ir::BinaryNode *>(e.get());
    free_vars(b->a, out);
    free_vars(b->b, out);
  }
}

SideOutcome outcome_of(const runtime::Outcome &o, bool is_bool) {
  SideOutcome s;
  switch (o.kind()) {
  case runtime::OutcomeKind::Ok: {
    const auto &ok = o.ok();
    if (!ok.ret)
      throw std::logic_error("prover bug: the side returned nothing");
    if (is_bool)
      s.value = ok.ret->bits(0) ? "true" : "false";
    else if (ok.ret->dtype().is_uint())
      s.value = std::to_string(ok.ret->bits(0));
    else
      s.value = std::to_string(ok.ret->as_int64(0));
    return s;
  }
  case runtime::OutcomeKind::Error:
    s.kind = SideOutcome::Error;
    return s;
  case runtime::OutcomeKind::Unspecified:
    s.kind = SideOutcome::Unspecified;
    return s;
  default:
    throw std::logic_error("prover bug: the oracle did not run the side: " + runtime::to_string(o));
  }
}

} // namespace

SideOutcome run_expr(const PrimExpr &e, const std::map<const ir::VarNode *, int64_t> &values) {
  std::vector<const ir::VarNode *> vars;
  free_vars(e, vars);
  auto f = std::make_shared<ir::PrimFuncNode>();
  std::vector<oracle::Argument> args;
  for (auto *v : vars) {
    f->params.push_back(std::static_pointer_cast<const ir::VarNode>(v->shared_from_this()));
    auto it = values.find(v);
    int64_t x = it == values.end() ? 0 : it->second;
    args.emplace_back(runtime::Value::from_int64(v->dtype, x));
  }
  // [builtin.ret] the function returns the side's value.
  PrimExpr ret =
      std::make_shared<ir::CallNode>(e->dtype, "tir.ret", nullptr, std::vector<PrimExpr>{e});
  f->body = std::make_shared<ir::EvaluateNode>(ret);
  f->ret_type = ir::Type::Prim(e->dtype);
  auto m = std::make_shared<ir::IRModuleNode>();
  m->is_module = false;
  m->functions.emplace_back(std::make_shared<ir::GlobalVarNode>(ir::GlobalVarNode{"side", {}}), f);
  oracle::RunOptions opts;
  opts.file = "side";
  // The prover re-checks from several threads; the oracle makes no promise of thread safety.
  static std::mutex oracle_lock;
  std::lock_guard<std::mutex> hold(oracle_lock);
  return outcome_of(oracle::run(m, "side", args, opts), e->dtype.is_bool());
}

std::optional<SideOutcome> evaluate_side(const RewriteRule &rule, const Pat &p, const Width &w,
                                         const Inputs &in, std::string &checked_by) {
  ir::DataType t = w.unbounded ? ir::DataType::Int(64) : w.dtype;
  if (w.unbounded) {
    Int128 max_abs = 0;
    Eval x = eval_exact(p, in, std::nullopt, &max_abs);
    if (x.kind == Eval::TooBig)
      return std::nullopt;
    SideOutcome exact;
    if (x.kind == Eval::Error)
      exact.kind = SideOutcome::Error;
    else
      exact.value = x.is_bool ? (x.v ? "true" : "false") : smt::to_decimal(x.v);
    if (max_abs >= (static_cast<Int128>(1) << 63)) {
      checked_by = "exact integers";
      return exact;
    }
    // Nothing leaves int64 on the way, so int64 arithmetic is exact arithmetic here: the oracle
    // must agree.
    std::string unused;
    auto at64 = evaluate_side(rule, p, Width::of(t), in, unused);
    if (!at64 || at64->kind != exact.kind || at64->value != exact.value)
      throw std::logic_error("prover bug: exact evaluation " + exact.to_string() +
                             " disagrees with the oracle at int64");
    checked_by = "oracle int64 (no intermediate overflow)";
    return exact;
  }
  std::map<std::string, PrimExpr> bind;
  std::map<const ir::VarNode *, int64_t> values;
  for (const auto &[name, v] : in) {
    ir::DataType vt = rule.is_bool_var(name) ? ir::DataType::Bool() : t;
    ir::Var var = ir::make_var(name, vt);
    bind[name] = var;
    values[var.get()] = static_cast<int64_t>(v);
  }
  PrimExpr e = oracle::arith::instantiate(p, t, bind);
  checked_by = "oracle " + ir::to_string(t);
  return run_expr(e, values);
}

std::optional<bool> condition_holds(const RewriteRule &rule, const Width &w, const Inputs &in) {
  if (!rule.cond)
    return true;
  std::optional<ir::DataType> t;
  if (!w.unbounded)
    t = w.dtype;
  return eval_condition_exact(*rule.cond, in, t);
}

} // namespace tirconf::prover
