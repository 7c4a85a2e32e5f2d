#include "prover/external_check.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <mutex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "ir/stmt.h"
#include "ir/tvmscript/printer.h"
#include "ir/tvmscript/reader.h"
#include "oracle/arith/match.h"
#include "prover/encode.h"
#include "prover/equiv.h"
#include "prover/evaluate.h"
#include "prover/expr_gen.h"
#include "prover/int_encoding.h"
#include "prover/phases.h"
#include "prover/recheck.h"
#include "prover/rng.h"
#include "prover/sample.h"
#include "prover/smt.h"

namespace tirconf::prover {

using ir::ExprKind;
using ir::PrimExpr;

// ------------------------------------------------------------------------------- text, both ways

namespace {

const char *constructor_name(ExprKind k) {
  switch (k) {
  case ExprKind::Add:
    return "T.Add";
  case ExprKind::Sub:
    return "T.Sub";
  case ExprKind::Mul:
    return "T.Mul";
  case ExprKind::Div:
    return "T.Div";
  case ExprKind::Mod:
    return "T.Mod";
  case ExprKind::FloorDiv:
    return "T.FloorDiv";
  case ExprKind::FloorMod:
    return "T.FloorMod";
  case ExprKind::Min:
    return "T.Min";
  case ExprKind::Max:
    return "T.Max";
  case ExprKind::EQ:
    return "T.EQ";
  case ExprKind::NE:
    return "T.NE";
  case ExprKind::LT:
    return "T.LT";
  case ExprKind::LE:
    return "T.LE";
  case ExprKind::GE:
    return "T.GE";
  case ExprKind::GT:
    return "T.GT";
  case ExprKind::And:
    return "T.And";
  case ExprKind::Or:
    return "T.Or";
  default:
    return nullptr;
  }
}

} // namespace

std::string constructor_text(const PrimExpr &e) {
  switch (e->kind) {
  case ExprKind::Var:
    return static_cast<const ir::VarNode *>(e.get())->name_hint;
  case ExprKind::IntImm: {
    int64_t v = static_cast<const ir::IntImmNode *>(e.get())->value;
    if (e->dtype.is_bool())
      return v ? "T.bool(True)" : "T.bool(False)";
    return "T." + ir::to_string(e->dtype) + "(" + std::to_string(v) + ")";
  }
  case ExprKind::Cast:
    return "T.Cast(\"" + ir::to_string(e->dtype) + "\", " +
           constructor_text(static_cast<const ir::CastNode *>(e.get())->value) + ")";
  case ExprKind::Select: {
    auto *s = static_cast<const ir::SelectNode *>(e.get());
    return "T.Select(" + constructor_text(s->condition) + ", " + constructor_text(s->true_value) +
           ", " + constructor_text(s->false_value) + ")";
  }
  case ExprKind::Not:
    return "T.Not(" + constructor_text(static_cast<const ir::NotNode *>(e.get())->a) + ")";
  default:
    break;
  }
  const char *name = constructor_name(e->kind);
  if (!name)
    throw Unsupported(std::string("no constructor text for ") + ir::kind_name(e->kind));
  auto *b = static_cast<const ir::BinaryNode *>(e.get());
  return std::string(name) + "(" + constructor_text(b->a) + ", " + constructor_text(b->b) + ")";
}

namespace {

// The parsed tree with the reader's parameter Vars replaced by the caller's (by name); only the
// node kinds the encodings know, so that what comes back can be evaluated and proved.
PrimExpr rebind(const PrimExpr &e, const std::map<std::string, ir::Var> &by_name,
                std::string *why) {
  switch (e->kind) {
  case ExprKind::Var: {
    auto it = by_name.find(static_cast<const ir::VarNode *>(e.get())->name_hint);
    if (it == by_name.end()) {
      *why = "unknown variable " + static_cast<const ir::VarNode *>(e.get())->name_hint;
      return nullptr;
    }
    return it->second;
  }
  case ExprKind::IntImm:
    return e;
  case ExprKind::Cast: {
    PrimExpr v = rebind(static_cast<const ir::CastNode *>(e.get())->value, by_name, why);
    return v ? std::make_shared<ir::CastNode>(e->dtype, v) : nullptr;
  }
  case ExprKind::Select: {
    auto *s = static_cast<const ir::SelectNode *>(e.get());
    PrimExpr c = rebind(s->condition, by_name, why);
    PrimExpr t = c ? rebind(s->true_value, by_name, why) : nullptr;
    PrimExpr f = t ? rebind(s->false_value, by_name, why) : nullptr;
    return f ? std::make_shared<ir::SelectNode>(c, t, f) : nullptr;
  }
  case ExprKind::Not: {
    PrimExpr a = rebind(static_cast<const ir::NotNode *>(e.get())->a, by_name, why);
    return a ? std::make_shared<ir::NotNode>(a) : nullptr;
  }
  default:
    break;
  }
  if (!ir::is_binary(e->kind)) {
    *why = std::string("a ") + ir::kind_name(e->kind) + " node";
    return nullptr;
  }
  auto *b = static_cast<const ir::BinaryNode *>(e.get());
  PrimExpr x = rebind(b->a, by_name, why);
  PrimExpr y = x ? rebind(b->b, by_name, why) : nullptr;
  return y ? ir::make_binary(e->kind, x, y) : nullptr;
}

} // namespace

PrimExpr parse_expr_text(const std::string &text, const std::vector<ir::Var> &vars,
                         std::string *why) {
  ScopedPhase phase(Phase::Read);
  if (text.find('\n') != std::string::npos) {
    *why = "more than one line";
    return nullptr;
  }
  // The reader reads programs: the expression becomes the one statement of a PrimFunc whose
  // parameters are the variables, as TVM's own printer would write it there.
  std::string src = "from tvm.script import tir as T\n\n@T.prim_func\ndef f(";
  std::map<std::string, ir::Var> by_name;
  for (size_t i = 0; i < vars.size(); ++i) {
    src += (i ? ", " : "") + vars[i]->name_hint + ": T." + ir::to_string(vars[i]->dtype);
    by_name[vars[i]->name_hint] = vars[i];
  }
  // T.ret, not T.evaluate: the reader drops an Evaluate of a constant, as TVM's parser does.
  src += "):\n    T.ret(" + text + ")\n";
  ir::ReadResult r = ir::read_tvmscript(src, "simplified");
  if (!r.ok()) {
    *why = r.diagnostics.empty() ? "unreadable" : r.diagnostics.front().message;
    return nullptr;
  }
  if (r.module->functions.size() != 1) {
    *why = "not one expression";
    return nullptr;
  }
  const ir::Stmt &body = r.module->functions[0].second->body;
  auto *ev = body && body->kind == ir::StmtKind::Evaluate
                 ? static_cast<const ir::EvaluateNode *>(body.get())
                 : nullptr;
  auto *ret = ev ? ir::as<ir::CallNode>(ev->value) : nullptr;
  if (!ret || !ret->is_builtin("tir.ret") || ret->args.size() != 1) {
    *why = "not one expression";
    return nullptr;
  }
  return rebind(ret->args[0], by_name, why);
}

// ---------------------------------------------------------------------------------- the classes

const char *to_string(SimplifyClass c) {
  switch (c) {
  case SimplifyClass::Wrong:
    return "wrong";
  case SimplifyClass::IntroducesOverflow:
    return "overflow";
  case SimplifyClass::InputOverflows:
    return "input-overflows";
  case SimplifyClass::InternalError:
    return "internal-error";
  case SimplifyClass::Equal:
    return "equal";
  case SimplifyClass::Unparseable:
    return "unparseable";
  case SimplifyClass::Undecided:
    return "undecided";
  }
  return "?";
}

bool is_finding(SimplifyClass c) {
  return c == SimplifyClass::Wrong || c == SimplifyClass::IntroducesOverflow ||
         c == SimplifyClass::InternalError;
}

namespace {

// The class of the pair at one point; Equal when they agree there, Undecided when the point
// cannot be evaluated.
SimplifyClass class_at(const PrimExpr &source, const PrimExpr &target, const ExprEnv &env) {
  Eval s = eval_expr(source, env), t = eval_expr(target, env);
  if (s.kind == Eval::TooBig || t.kind == Eval::TooBig)
    return SimplifyClass::Undecided;
  if (!breaks_refinement(s, t))
    return SimplifyClass::Equal;
  IntegerEval si = eval_integers(source, env), ti = eval_integers(target, env);
  if (si.result.kind == Eval::TooBig || ti.result.kind == Eval::TooBig)
    return SimplifyClass::Undecided;
  if (si.overflow)
    return SimplifyClass::InputOverflows;
  // No operation of the source overflows, so its value at the width is its value over the
  // integers; where the target's integer value is that value too, the target overflowed.
  return breaks_refinement(si.result, ti.result) ? SimplifyClass::Wrong
                                                 : SimplifyClass::IntroducesOverflow;
}

int severity(SimplifyClass c) {
  switch (c) {
  case SimplifyClass::Wrong:
    return 3;
  case SimplifyClass::IntroducesOverflow:
    return 2;
  case SimplifyClass::InputOverflows:
    return 1;
  default:
    return 0;
  }
}

std::map<const ir::VarNode *, Int128> to_env(const std::map<const ir::VarNode *, int64_t> &in) {
  std::map<const ir::VarNode *, Int128> env;
  for (const auto &[v, x] : in)
    env[v] = x;
  return env;
}

// Fills the witness from the oracle; false when the oracle does not see the two differ.
bool confirm(const PrimExpr &source, const PrimExpr &target,
             const std::map<const ir::VarNode *, int64_t> &in, Classification &c) {
  ScopedPhase phase(Phase::Confirm);
  SideOutcome s = run_expr(source, in), t = run_expr(target, in);
  if (!breaks_refinement(s, t))
    return false;
  c.inputs = in;
  c.source = s;
  c.target = t;
  return true;
}

// The source over the integers with every operation's value constrained to its dtype's range
// (wherever it is evaluated and ends normally): the source as it is wherever it does not
// overflow, where its value at the width is this value.
IntEncoding::Val
encode_without_overflow(IntEncoding &enc, const PrimExpr &e,
                        const std::map<const ir::VarNode *, IntEncoding::Val> &vars,
                        std::vector<smt::Expr> &in_range) {
  if (e->dtype.lanes != 1 || !e->dtype.is_integer())
    throw Unsupported("not an integer scalar: " + ir::to_string(e->dtype));
  switch (e->kind) {
  case ExprKind::Var:
  case ExprKind::IntImm:
    return encode_expr(enc, e, vars);
  case ExprKind::Select: {
    auto *s = static_cast<const ir::SelectNode *>(e.get());
    auto c = encode_without_overflow(enc, s->condition, vars, in_range);
    auto t = encode_without_overflow(enc, s->true_value, vars, in_range);
    auto f = encode_without_overflow(enc, s->false_value, vars, in_range);
    return enc.select(c, t, f);
  }
  case ExprKind::Not:
    return enc.logical_not(
        encode_without_overflow(enc, static_cast<const ir::NotNode *>(e.get())->a, vars, in_range));
  default:
    break;
  }
  if (!ir::is_binary(e->kind))
    throw Unsupported(std::string("no encoding of ") + ir::kind_name(e->kind));
  auto *b = static_cast<const ir::BinaryNode *>(e.get());
  auto x = encode_without_overflow(enc, b->a, vars, in_range);
  auto y = encode_without_overflow(enc, b->b, vars, in_range);
  auto r = enc.binary(e->kind, x, y, Width::integers());
  if (!e->dtype.is_bool())
    in_range.push_back(z3::implies(r.st.ok(), enc.fits(r, Width::of(e->dtype)).b));
  return r;
}

enum class Answer { Unsat, Sat, Unknown };

// Is there a point where the source does not overflow and the target does not refine it at
// the width? Purified first (a cheap proof that there is none), then exact for a model.
Answer differs_without_overflow(const PrimExpr &source, const PrimExpr &target,
                                const ClassifyOptions &opts,
                                std::map<const ir::VarNode *, int64_t> &model) {
  ScopedPhase phase(Phase::NoOverflow);
  std::vector<const ir::VarNode *> vars = free_vars_of(source);
  for (auto *v : free_vars_of(target))
    if (std::find(vars.begin(), vars.end(), v) == vars.end())
      vars.push_back(v);
  std::optional<z3::context> own;
  if (!opts.refine.session)
    own.emplace();
  z3::context &c = opts.refine.session ? opts.refine.session->context() : *own;
  for (auto mode : {IntEncoding::Mode::Purified, IntEncoding::Mode::Exact}) {
    try {
      IntEncoding enc(c, mode);
      std::map<const ir::VarNode *, IntEncoding::Val> in;
      for (size_t i = 0; i < vars.size(); ++i)
        in.emplace(vars[i], enc.int_input(vars[i]->name_hint + "#" + std::to_string(i),
                                          Width::of(vars[i]->dtype)));
      std::vector<smt::Expr> in_range;
      auto S = encode_without_overflow(enc, source, in, in_range);
      auto T = encode_expr(enc, target, in);
      smt::Solver s(c, smt::Solver::Kind::Plain);
      for (const auto &f : enc.finish())
        s.add(f);
      for (const auto &f : in_range)
        s.add(f);
      s.add(!refines(S.st, T.st, enc.equal(S, T)));
      unsigned ms = mode == IntEncoding::Mode::Purified ? opts.refine.quick_timeout_ms
                                                        : opts.refine.timeout_ms;
      smt::Result r = s.check(smt::wall_ms(ms), {}, smt::work_units(ms));
      if (r == smt::Result::Unsat)
        return Answer::Unsat;
      if (r == smt::Result::Sat && mode == IntEncoding::Mode::Exact) {
        z3::model m = s.model();
        for (size_t i = 0; i < vars.size(); ++i) {
          auto v =
              smt::model_int(m, enc.input_term(vars[i]->name_hint + "#" + std::to_string(i)), true);
          if (!v || *v < INT64_MIN || *v > INT64_MAX)
            return Answer::Unknown;
          model[vars[i]] = static_cast<int64_t>(*v);
        }
        return Answer::Sat;
      }
    } catch (const PolyOverflow &) {
    }
  }
  return Answer::Unknown;
}

} // namespace

Classification classify(const PrimExpr &source, const PrimExpr &target,
                        const ClassifyOptions &opts) {
  Classification out;
  if (source->dtype != target->dtype) {
    out.cls = SimplifyClass::Undecided;
    out.detail = "the output is " + ir::to_string(target->dtype) + ", the input " +
                 ir::to_string(source->dtype);
    return out;
  }
  if (oracle::arith::same_expr(source, target)) {
    out.cls = SimplifyClass::Equal;
    out.engine = "unchanged";
    return out;
  }
  std::vector<const ir::VarNode *> vars = free_vars_of(source);
  for (auto *v : free_vars_of(target))
    if (std::find(vars.begin(), vars.end(), v) == vars.end())
      vars.push_back(v);
  // 1. Points: the worst class seen, with its witness.
  Rng rng(opts.refine.seed);
  SimplifyClass worst = SimplifyClass::Equal;
  std::map<const ir::VarNode *, Int128> witness;
  std::optional<ScopedPhase> points(Phase::Points);
  for (int i = 0; i < opts.samples && worst != SimplifyClass::Wrong; ++i) {
    ExprEnv env;
    for (auto *v : vars)
      env.set(v, draw_value(rng, Width::of(v->dtype)));
    SimplifyClass c = class_at(source, target, env);
    if (severity(c) > severity(worst)) {
      worst = c;
      witness = env.to_map();
    }
  }
  auto witness64 = [&] {
    std::map<const ir::VarNode *, int64_t> in;
    for (const auto &[v, x] : witness)
      in[v] = static_cast<int64_t>(x);
    return in;
  };
  points.reset();
  if (worst == SimplifyClass::Wrong || worst == SimplifyClass::IntroducesOverflow) {
    if (confirm(source, target, witness64(), out)) {
      out.cls = worst;
      out.engine = "points";
      return out;
    }
    out.cls = SimplifyClass::Undecided;
    out.detail = "prover bug: the oracle does not confirm the evaluated difference";
    return out;
  }
  if (opts.points_only) {
    out.cls = SimplifyClass::Undecided;
    out.detail = "points only";
    return out;
  }
  try {
    // 2. No difference seen: the proof at the width (prover/equiv.h), which may also refute.
    if (worst == SimplifyClass::Equal) {
      RefinementOptions ro = opts.refine;
      ro.samples = 0; // the points above were that
      RefinementResult r = [&] {
        ScopedPhase proof(Phase::Proof);
        return check_refinement(source, target, ro);
      }();
      if (r.verdict == Verdict::Proven) {
        out.cls = SimplifyClass::Equal;
        out.engine = r.engine;
        return out;
      }
      if (r.verdict == Verdict::Unknown) {
        out.cls = SimplifyClass::Undecided;
        out.detail = r.detail;
        return out;
      }
      witness = to_env(r.inputs);
      SimplifyClass c = class_at(source, target, witness);
      if (c == SimplifyClass::Wrong || c == SimplifyClass::IntroducesOverflow) {
        out.cls = c;
        out.engine = r.engine;
        out.inputs = r.inputs;
        out.source = r.source;
        out.target = r.target;
        return out;
      }
      if (c != SimplifyClass::InputOverflows) {
        out.cls = SimplifyClass::Undecided;
        out.detail = "the refutation by " + r.engine + " does not evaluate as a difference";
        return out;
      }
    }
    // 3. They differ where the input overflows: do they differ anywhere it does not?
    std::map<const ir::VarNode *, int64_t> model;
    switch (differs_without_overflow(source, target, opts, model)) {
    case Answer::Unsat:
      if (!confirm(source, target, witness64(), out)) {
        out.cls = SimplifyClass::Undecided;
        out.detail = "prover bug: the oracle does not confirm the evaluated difference";
        return out;
      }
      out.cls = SimplifyClass::InputOverflows;
      out.engine = "points, and int-no-overflow proves no other difference";
      return out;
    case Answer::Sat: {
      SimplifyClass c = class_at(source, target, to_env(model));
      if ((c == SimplifyClass::Wrong || c == SimplifyClass::IntroducesOverflow) &&
          confirm(source, target, model, out)) {
        out.cls = c;
        out.engine = "int-no-overflow";
        return out;
      }
      out.cls = SimplifyClass::Undecided;
      out.detail = "the model of int-no-overflow does not evaluate as a difference";
      return out;
    }
    case Answer::Unknown:
      out.cls = SimplifyClass::Undecided;
      out.detail = "differs where the input overflows; no answer within the budget whether it "
                   "differs elsewhere";
      return out;
    }
  } catch (const Unsupported &e) {
    out.cls = SimplifyClass::Undecided;
    out.detail = std::string("cannot encode: ") + e.what();
  }
  return out;
}

// ------------------------------------------------------------------------------------ shrinking

namespace {

PrimExpr with_operands(const PrimExpr &e, const std::vector<PrimExpr> &ops) {
  if (e->kind == ExprKind::Select)
    return std::make_shared<ir::SelectNode>(ops[0], ops[1], ops[2]);
  if (e->kind == ExprKind::Not)
    return std::make_shared<ir::NotNode>(ops[0]);
  return ir::make_binary(e->kind, ops[0], ops[1]);
}

// Every expression one step smaller than e: a node replaced by one of its operands of the same
// dtype, by 0, 1, -1 or a Var of e; a constant replaced by a smaller one.
void one_step_smaller(const PrimExpr &e, const std::vector<ir::Var> &vars,
                      std::vector<PrimExpr> &out) {
  std::vector<PrimExpr> ops = operands(e);
  if (!ops.empty()) {
    for (const auto &o : ops)
      if (o->dtype == e->dtype)
        out.push_back(o);
    if (e->dtype.is_bool()) {
      out.push_back(ir::make_bool(false));
      out.push_back(ir::make_bool(true));
    } else {
      for (int64_t v : {0, 1, -1})
        out.push_back(ir::make_int(e->dtype, v));
      for (const auto &v : vars)
        if (v->dtype == e->dtype)
          out.push_back(v);
    }
    for (size_t i = 0; i < ops.size(); ++i) {
      std::vector<PrimExpr> sub;
      one_step_smaller(ops[i], vars, sub);
      for (const auto &s : sub) {
        std::vector<PrimExpr> copy = ops;
        copy[i] = s;
        out.push_back(with_operands(e, copy));
      }
    }
  } else if (e->kind == ExprKind::IntImm && !e->dtype.is_bool()) {
    int64_t v = static_cast<const ir::IntImmNode *>(e.get())->value;
    // Magnitudes in 128 bits: -INT64_MIN does not fit in int64_t.
    auto mag = [](int64_t x) { return x < 0 ? -static_cast<Int128>(x) : static_cast<Int128>(x); };
    for (int64_t w : {int64_t{0}, int64_t{1}, int64_t{-1}, v / 2, v / 16})
      if (mag(w) < mag(v) || (w == 1 && v == -1))
        out.push_back(ir::make_int(e->dtype, w));
  }
}

// Orders candidates: fewer nodes first, then smaller constants in total.
Int128 weight(const PrimExpr &e) {
  Int128 w = 0;
  std::function<void(const PrimExpr &)> walk = [&](const PrimExpr &x) {
    w += Int128{1} << 70;
    if (x->kind == ExprKind::IntImm) {
      int64_t v = static_cast<const ir::IntImmNode *>(x.get())->value;
      w += v == INT64_MIN ? Int128{1} << 63 : (v < 0 ? -v : v);
    }
    for (const auto &o : operands(x))
      walk(o);
  };
  walk(e);
  return w;
}

std::vector<ir::Var> vars_of(const PrimExpr &e) {
  std::vector<ir::Var> out;
  for (auto *v : free_vars_of(e))
    out.push_back(std::static_pointer_cast<const ir::VarNode>(v->shared_from_this()));
  return out;
}

} // namespace

namespace {

// A request that kills the implementation's worker (TVM 0.20's dies of SIGFPE on some
// expressions) is asked again in halves, the worker restarting for each, down to the
// expressions that kill it alone: each of those is answered as a failure of the implementation.
// Any other failure of the transport (the implementation unavailable, a time limit) ends the run.
std::vector<TextAnswer> ask_splitting(const BatchSimplify &simplify,
                                      const std::vector<PrimExpr> &exprs) {
  try {
    return simplify(exprs);
  } catch (const std::runtime_error &e) {
    if (std::string(e.what()).find("the worker died") == std::string::npos)
      throw;
    if (exprs.size() == 1)
      return {{false, std::string("the implementation's worker died: ") + e.what()}};
    size_t half = exprs.size() / 2;
    std::vector<TextAnswer> out =
        ask_splitting(simplify, std::vector<PrimExpr>(exprs.begin(), exprs.begin() + half));
    std::vector<TextAnswer> rest =
        ask_splitting(simplify, std::vector<PrimExpr>(exprs.begin() + half, exprs.end()));
    out.insert(out.end(), rest.begin(), rest.end());
    return out;
  }
}

} // namespace

void shrink(ExternalResult &r, const BatchSimplify &simplify, const ClassifyOptions &opts,
            ShrinkMemo *memo) {
  ScopedPhase phase(Phase::Shrink);
  r.minimal = r.source;
  r.minimal_answer = r.answer;
  r.minimal_target = r.target;
  r.minimal_c = r.c;
  const SimplifyClass goal = r.c.cls;
  auto shape_of = [&](const PrimExpr &e) {
    return std::string(to_string(goal)) + " " + canonical_form({e});
  };
  // The shapes this path passes through; a shape met before ends it with that path's end.
  std::vector<std::string> path;
  auto known_end = [&]() {
    path.push_back(shape_of(r.minimal));
    if (!memo || path.back().size() <= std::strlen(to_string(goal)) + 1)
      return false;
    std::lock_guard<std::mutex> hold(memo->lock);
    auto it = memo->ends.find(path.back());
    if (it == memo->ends.end())
      return false;
    const ExternalResult &end = *it->second;
    r.minimal = end.minimal;
    r.minimal_answer = end.minimal_answer;
    r.minimal_target = end.minimal_target;
    r.minimal_c = end.minimal_c;
    r.shape = end.shape;
    r.shape_reused = true;
    return true;
  };
  auto finish = [&]() {
    r.shape = shape_of(r.minimal);
    if (!memo)
      return;
    std::lock_guard<std::mutex> hold(memo->lock);
    memo->done.push_back(std::make_unique<ExternalResult>(r));
    for (const auto &s : path)
      memo->ends.emplace(s, memo->done.back().get());
    memo->ends.emplace(r.shape, memo->done.back().get());
  };
  std::vector<ir::Var> vars = vars_of(r.source);
  ClassifyOptions quick = opts;
  quick.points_only = true;
  quick.samples = 64;
  // Round 0 asks for every sub-expression at once (most findings are one rewrite deep inside);
  // later rounds take one step at a time, the lightest candidates first.
  for (int round = 0; round < 24; ++round) {
    std::vector<PrimExpr> cands;
    if (round == 0) {
      std::function<void(const PrimExpr &)> walk = [&](const PrimExpr &x) {
        if (x != r.minimal)
          cands.push_back(x);
        for (const auto &o : operands(x))
          walk(o);
      };
      walk(r.minimal);
    } else {
      one_step_smaller(r.minimal, vars, cands);
    }
    std::stable_sort(cands.begin(), cands.end(),
                     [](const PrimExpr &a, const PrimExpr &b) { return weight(a) < weight(b); });
    Int128 now = weight(r.minimal);
    std::vector<PrimExpr> smaller;
    for (const auto &c : cands)
      if (weight(c) < now && c->dtype == r.source->dtype && smaller.size() < 48)
        smaller.push_back(c);
    if (smaller.empty())
      continue;
    std::vector<TextAnswer> answers = ask_splitting(simplify, smaller);
    bool shrunk = false;
    for (size_t i = 0; i < smaller.size() && i < answers.size() && !shrunk; ++i) {
      if (goal == SimplifyClass::InternalError) {
        if (!answers[i].ok) {
          r.minimal = smaller[i];
          r.minimal_answer = answers[i].text;
          r.minimal_target = nullptr;
          shrunk = true;
        }
        continue;
      }
      if (!answers[i].ok)
        continue;
      std::string why;
      PrimExpr t = parse_expr_text(answers[i].text, vars, &why);
      if (!t)
        continue;
      // The witness that showed the class first: it often still does.
      std::map<const ir::VarNode *, Int128> env = to_env(r.minimal_c.inputs);
      Classification c;
      if (class_at(smaller[i], t, env) == goal && confirm(smaller[i], t, r.minimal_c.inputs, c)) {
        c.cls = goal;
        c.engine = "points";
      } else {
        c = classify(smaller[i], t, quick);
      }
      if (c.cls == goal) {
        r.minimal = smaller[i];
        r.minimal_answer = answers[i].text;
        r.minimal_target = t;
        r.minimal_c = c;
        shrunk = true;
      }
    }
    if (shrunk && known_end())
      return;
    if (!shrunk && round > 0)
      break;
  }
  finish();
}

// ------------------------------------------------------------------------------------ the check

ExternalSummary run_external_check(const ExternalCheckOptions &opts,
                                   const std::function<BatchSimplify()> &make_simplify) {
  auto t0 = std::chrono::steady_clock::now();
  ExternalSummary sum;
  sum.phases = std::make_shared<PhaseTimes>();
  ExprGen gen(opts.seed);
  std::vector<PrimExpr> exprs;
  for (int i = 0; i < opts.count; ++i)
    exprs.push_back(gen.next(opts.widths[static_cast<size_t>(i) % opts.widths.size()]));
  std::vector<ExternalResult> results(exprs.size());
  // Work in batches: one request per batch, then its expressions classified by the same job.
  const size_t batch = static_cast<size_t>(std::max(1, opts.batch));
  std::atomic<size_t> next{0};
  std::mutex lock;
  ShrinkMemo memo;
  std::exception_ptr failure;
  double simplify_seconds = 0;
  const bool trace = std::getenv("TIRCONF_CHECK_TRACE") != nullptr;
  auto job = [&] {
    try {
      install_phase_times(sum.phases.get());
      BatchSimplify simplify = [inner = make_simplify()](const std::vector<PrimExpr> &exprs) {
        ScopedPhase phase(Phase::Simplify);
        return inner(exprs);
      };
      for (size_t start; (start = next.fetch_add(batch)) < exprs.size();) {
        size_t end = std::min(exprs.size(), start + batch);
        // A session per batch, not per job: which job takes a batch varies from run to run, and
        // Z3's answers may depend on what its context saw before.
        ProofSession session(opts.proof_cache);
        std::vector<PrimExpr> part(exprs.begin() + start, exprs.begin() + end);
        auto q0 = std::chrono::steady_clock::now();
        std::vector<TextAnswer> answers = ask_splitting(simplify, part);
        double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - q0).count();
        {
          std::lock_guard<std::mutex> hold(lock);
          simplify_seconds += took;
        }
        if (answers.size() != part.size())
          throw std::runtime_error("the simplifier answered " + std::to_string(answers.size()) +
                                   " of " + std::to_string(part.size()) + " expressions");
        for (size_t k = 0; k < part.size(); ++k) {
          size_t i = start + k;
          ExternalResult &r = results[i];
          r.index = static_cast<int>(i);
          r.source = part[k];
          r.answer = answers[k].text;
          if (!answers[k].ok) {
            r.c.cls = SimplifyClass::InternalError;
            r.c.detail = answers[k].text;
          } else {
            std::string why;
            r.target = parse_expr_text(answers[k].text, vars_of(r.source), &why);
            if (!r.target) {
              r.c.cls = SimplifyClass::Unparseable;
              r.c.detail = why;
            } else {
              ClassifyOptions co = opts.classify;
              co.refine.seed = opts.seed * 1000003 + i;
              co.refine.session = &session;
              auto c0 = std::chrono::steady_clock::now();
              r.c = classify(r.source, r.target, co);
              if (trace)
                std::cerr
                    << "expr " << i << " " << ir::to_string(r.source->dtype) << ": "
                    << to_string(r.c.cls) << " by " << r.c.engine << " in "
                    << std::chrono::duration<double>(std::chrono::steady_clock::now() - c0).count()
                    << " s\n";
            }
          }
          if (opts.shrink && is_finding(r.c.cls)) {
            ClassifyOptions co = opts.classify;
            co.refine.seed = opts.seed * 1000003 + i;
            shrink(r, simplify, co, &memo);
          }
        }
        std::lock_guard<std::mutex> hold(lock);
        sum.proof_lookups += session.lookups();
        sum.proof_hits += session.hits();
      }
    } catch (...) {
      std::lock_guard<std::mutex> hold(lock);
      if (!failure)
        failure = std::current_exception();
      next = exprs.size();
    }
    install_phase_times(nullptr);
  };
  int jobs = std::max(1, opts.jobs);
  std::vector<std::thread> threads;
  for (int j = 1; j < jobs; ++j)
    threads.emplace_back(job);
  job();
  for (auto &t : threads)
    t.join();
  if (failure)
    std::rethrow_exception(failure);
  for (auto &r : results) {
    ++sum.count;
    ++sum.counts[ir::to_string(r.source->dtype)][r.c.cls];
    if (is_finding(r.c.cls)) {
      sum.shrinks_reused += r.shape_reused;
      sum.findings.push_back(std::move(r));
    } else if (r.c.cls == SimplifyClass::Unparseable || r.c.cls == SimplifyClass::Undecided)
      sum.others.push_back(std::move(r));
  }
  sum.simplify_seconds = simplify_seconds;
  sum.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return sum;
}

// ------------------------------------------------------------------------ the conformance file

std::string rule_of(const PrimExpr &e) {
  switch (e->kind) {
  case ExprKind::Add:
    return "sem.expr.add";
  case ExprKind::Sub:
    return "sem.expr.sub";
  case ExprKind::Mul:
    return "sem.expr.mul";
  case ExprKind::Div:
    return "sem.expr.div";
  case ExprKind::Mod:
    return "sem.expr.mod";
  case ExprKind::FloorDiv:
    return "sem.expr.floordiv";
  case ExprKind::FloorMod:
    return "sem.expr.floormod";
  case ExprKind::Min:
    return "sem.expr.min";
  case ExprKind::Max:
    return "sem.expr.max";
  case ExprKind::Select:
    return "sem.expr.select";
  case ExprKind::And:
    return "sem.expr.and";
  case ExprKind::Or:
    return "sem.expr.or";
  case ExprKind::Not:
    return "sem.expr.not";
  case ExprKind::EQ:
  case ExprKind::NE:
  case ExprKind::LT:
  case ExprKind::LE:
  case ExprKind::GE:
  case ExprKind::GT:
    return "sem.expr.cmp";
  default:
    return "sem.expr.int_wrap";
  }
}

namespace {

std::string yaml_quoted(const std::string &s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\';
    out += c;
  }
  return out + "\"";
}

} // namespace

std::string conformance_file(const ExternalResult &r, const std::string &impl, uint64_t seed) {
  const PrimExpr &e = r.minimal ? r.minimal : r.source;
  const Classification &c = r.minimal ? r.minimal_c : r.c;
  std::vector<ir::Var> vars = vars_of(e);
  std::string dtype = ir::to_string(e->dtype);
  std::ostringstream s;
  std::string what;
  switch (c.cls) {
  case SimplifyClass::Wrong:
    what = "simplifies it to " + r.minimal_answer +
           (c.source.kind == SideOutcome::Error ? ", which loses the input's division by zero"
                                                : ", which differs over the integers");
    break;
  case SimplifyClass::IntroducesOverflow:
    what = "simplifies it to " + r.minimal_answer + ", which overflows " + dtype +
           " where the input does not";
    break;
  default:
    what = "fails on it: " + r.minimal_answer;
    break;
  }
  s << "\"\"\"\n"
    << "description: "
    << yaml_quoted(impl + "'s simplifier " + what + " (tirconf simplify-check --impl " + impl +
                   " --seed " + std::to_string(seed) + ", expression " + std::to_string(r.index) +
                   ")")
    << "\n"
    << "rules: [" << rule_of(e) << "]\n"
    << "args:\n";
  for (const auto &v : vars) {
    auto it = c.inputs.find(v.get());
    s << "  " << v->name_hint << ": " << (it == c.inputs.end() ? 0 : it->second) << "\n";
  }
  s << "  B: {dtype: " << dtype << ", shape: [1]}\n"
    << "expect:\n";
  SideOutcome expected = c.source;
  if (c.cls == SimplifyClass::InternalError) {
    std::map<const ir::VarNode *, int64_t> in;
    for (const auto &v : vars)
      in[v.get()] = 0;
    expected = run_expr(e, in);
  }
  switch (expected.kind) {
  case SideOutcome::Ok:
    s << "  buffers: {B: [" << expected.value << "]}\n";
    break;
  case SideOutcome::Error:
    s << "  error: divide-by-zero\n";
    break;
  case SideOutcome::Unspecified:
    s << "  unspecified: overflow\n";
    break;
  }
  s << "\"\"\"\nfrom tvm.script import tir as T\n\n\n@T.prim_func\ndef main(";
  for (const auto &v : vars)
    s << v->name_hint << ": T." << ir::to_string(v->dtype) << ", ";
  s << "B: T.Buffer((1,), \"" << dtype << "\")):\n"
    << "    B[0] = " << ir::print_expr(e) << "\n";
  return s.str();
}

} // namespace tirconf::prover
