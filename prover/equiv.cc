#include "prover/equiv.h"

#include "oracle/arith/interval.h"
#include "oracle/arith/match.h"
#include "prover/bv_encoding.h"
#include "prover/encode.h"
#include "prover/evaluate.h"
#include "prover/int_encoding.h"
#include "prover/recheck.h"
#include "prover/rng.h"
#include "prover/sample.h"

namespace tirconf::prover {

using ir::ExprKind;
using ir::PrimExpr;

namespace {

void collect(const PrimExpr &e, std::vector<const ir::VarNode *> &out) {
  if (e->kind == ExprKind::Var) {
    auto *v = static_cast<const ir::VarNode *>(e.get());
    for (auto *seen : out)
      if (seen == v)
        return;
    out.push_back(v);
  } else if (auto *s = ir::as<ir::SelectNode>(e)) {
    collect(s->condition, out);
    collect(s->true_value, out);
    collect(s->false_value, out);
  } else if (auto *n = ir::as<ir::NotNode>(e)) {
    collect(n->a, out);
  } else if (auto *c = ir::as<ir::CastNode>(e)) {
    collect(c->value, out);
  } else if (ir::is_binary(e->kind)) {
    auto *b = static_cast<const ir::BinaryNode *>(e.get());
    collect(b->a, out);
    collect(b->b, out);
  }
}

struct Setup {
  std::vector<const ir::VarNode *> vars;
  Width width;
};

Setup setup(const PrimExpr &source, const PrimExpr &target) {
  Setup st;
  collect(source, st.vars);
  collect(target, st.vars);
  std::optional<ir::DataType> t;
  for (auto *v : st.vars) {
    if (!v->dtype.is_int() || v->dtype.lanes != 1)
      throw Unsupported("variable " + v->name_hint + " is not a signed integer scalar");
    if (t && *t != v->dtype)
      throw Unsupported("variables of different dtypes");
    t = v->dtype;
  }
  if (!t)
    t = source->dtype.is_int() ? source->dtype : ir::DataType::Int(32);
  st.width = Width::of(*t);
  return st;
}

std::string name_of(const ir::VarNode *v, size_t i) {
  return v->name_hint + "#" + std::to_string(i);
}

template <class Enc>
smt::Expr goal(Enc &enc, const Setup &st, const PrimExpr &source, const PrimExpr &target,
               std::map<const ir::VarNode *, typename Enc::Val> &vars) {
  auto S = encode_expr(enc, source, vars);
  auto T = encode_expr(enc, target, vars);
  return !refines(S.st, T.st, enc.equal(S, T));
}

void confirm(const PrimExpr &source, const PrimExpr &target,
             const std::map<const ir::VarNode *, int64_t> &in, RefinementResult &out) {
  SideOutcome s = run_expr(source, in), t = run_expr(target, in);
  if (!breaks_refinement(s, t)) {
    out.verdict = Verdict::Unknown;
    out.detail = "prover bug: the oracle does not confirm the counterexample (source " +
                 s.to_string() + ", target " + t.to_string() + ")";
    return;
  }
  out.verdict = Verdict::Refuted;
  out.inputs = in;
  out.source = s;
  out.target = t;
}

// Reads the inputs off a model; false if a value does not fit in int64.
bool read_model(const z3::model &m, const Setup &st, const std::vector<smt::Expr> &terms,
                std::map<const ir::VarNode *, int64_t> &in) {
  for (size_t i = 0; i < st.vars.size(); ++i) {
    auto v = smt::model_int(m, terms[i], true);
    if (!v || *v < INT64_MIN || *v > INT64_MAX)
      return false;
    in[st.vars[i]] = static_cast<int64_t>(*v);
  }
  return true;
}

// Sub-trees the target shares with the source (the simplifier leaves most of an expression
// alone), replaced on both sides by fresh Vars when they cannot fault. Sound for proofs: if the
// abstracted target refines the abstracted source for every value of the new Vars, it does for
// the value each shared sub-tree takes (a fault-free pure sub-tree has one value per input).
// The abstraction only loses facts, so a counterexample to it proves nothing; it is used first,
// for speed, and the full question follows when it does not prove.
struct Abstraction {
  PrimExpr source, target;
  int abstracted = 0;
};

void integer_subtrees(const PrimExpr &e, std::vector<PrimExpr> &out) {
  if (e->dtype.is_int() && e->dtype.lanes == 1 && e->kind != ExprKind::Var &&
      e->kind != ExprKind::IntImm)
    out.push_back(e);
  if (auto *s = ir::as<ir::SelectNode>(e)) {
    integer_subtrees(s->condition, out);
    integer_subtrees(s->true_value, out);
    integer_subtrees(s->false_value, out);
  } else if (auto *n = ir::as<ir::NotNode>(e)) {
    integer_subtrees(n->a, out);
  } else if (ir::is_binary(e->kind)) {
    auto *b = static_cast<const ir::BinaryNode *>(e.get());
    integer_subtrees(b->a, out);
    integer_subtrees(b->b, out);
  }
}

PrimExpr substitute(const PrimExpr &e, const std::vector<std::pair<PrimExpr, PrimExpr>> &subst) {
  for (const auto &[from, to] : subst)
    if (oracle::arith::same_expr(e, from))
      return to;
  if (auto *s = ir::as<ir::SelectNode>(e)) {
    PrimExpr c = substitute(s->condition, subst);
    PrimExpr t = substitute(s->true_value, subst);
    PrimExpr f = substitute(s->false_value, subst);
    return std::make_shared<ir::SelectNode>(c, t, f);
  }
  if (auto *n = ir::as<ir::NotNode>(e))
    return std::make_shared<ir::NotNode>(substitute(n->a, subst));
  if (ir::is_binary(e->kind)) {
    auto *b = static_cast<const ir::BinaryNode *>(e.get());
    PrimExpr x = substitute(b->a, subst);
    PrimExpr y = substitute(b->b, subst);
    return ir::make_binary(e->kind, x, y);
  }
  return e;
}

Abstraction abstract_shared(const PrimExpr &source, const PrimExpr &target) {
  std::vector<PrimExpr> in_source, in_target;
  integer_subtrees(source, in_source);
  integer_subtrees(target, in_target); // pre-order: larger sub-trees first
  oracle::arith::Bounds bounds;
  std::vector<std::pair<PrimExpr, PrimExpr>> subst;
  for (const auto &t : in_target) {
    bool covered = false; // inside a sub-tree already abstracted
    for (const auto &[from, to] : subst) {
      std::vector<PrimExpr> inner;
      integer_subtrees(from, inner);
      for (const auto &x : inner)
        covered |= x == t;
    }
    if (covered)
      continue;
    bool shared = false;
    for (const auto &x : in_source)
      shared |= oracle::arith::same_expr(x, t);
    if (!shared || bounds.may_fault(t))
      continue;
    subst.emplace_back(t, ir::make_var("shared" + std::to_string(subst.size()), t->dtype));
  }
  Abstraction a{source, target, static_cast<int>(subst.size())};
  if (!subst.empty()) {
    a.source = substitute(source, subst);
    a.target = substitute(target, subst);
  }
  return a;
}

bool proven_by_parts(const PrimExpr &source, const PrimExpr &target,
                     const RefinementOptions &opts) {
  if (source->kind != target->kind || source->dtype != target->dtype)
    return false;
  std::vector<PrimExpr> s = operands(source), t = operands(target);
  if (s.empty() || s.size() != t.size())
    return false;
  for (size_t i = 0; i < s.size(); ++i) {
    if (oracle::arith::same_expr(s[i], t[i]))
      continue;
    if (s[i]->dtype != t[i]->dtype)
      return false;
    if (check_refinement(s[i], t[i], opts).verdict != Verdict::Proven)
      return false;
  }
  return true;
}

} // namespace

std::vector<const ir::VarNode *> free_vars_of(const PrimExpr &e) {
  std::vector<const ir::VarNode *> out;
  collect(e, out);
  return out;
}

RefinementResult check_refinement(const PrimExpr &source, const PrimExpr &target,
                                  const RefinementOptions &opts) {
  RefinementResult out;
  Setup st = setup(source, target);
  // 1. Sampling, with the oracle's lane arithmetic.
  Rng rng(opts.seed);
  for (int i = 0; i < opts.samples; ++i) {
    std::map<const ir::VarNode *, Int128> env;
    for (auto *v : st.vars)
      env[v] = draw_value(rng, st.width);
    Eval s = eval_expr(source, env), t = eval_expr(target, env);
    if (s.kind == Eval::TooBig || t.kind == Eval::TooBig)
      break;
    if (breaks_refinement(s, t)) {
      std::map<const ir::VarNode *, int64_t> in;
      for (auto &[v, x] : env)
        in[v] = static_cast<int64_t>(x);
      out.engine = "sampling";
      confirm(source, target, in, out);
      if (out.verdict == Verdict::Refuted)
        return out;
    }
  }
  // 2. By parts: the same operator on both sides, and each changed operand refines its
  // counterpart. Refinement is compositional (operands are evaluated in order, and And/Or skip
  // their second operand on the same first values), so the whole refines; and the simplifier
  // mostly rewrites locally, which makes these questions small.
  if (proven_by_parts(source, target, opts)) {
    out.verdict = Verdict::Proven;
    out.engine = "by parts";
    return out;
  }
  // One Z3 context for the queries below, each with its own solver: creating a context costs
  // some 4 ms of CPU, more than most of these queries.
  z3::context c;
  // 3. The purified integer encoding: quick proofs; first with the shared sub-trees abstracted.
  Abstraction abs = abstract_shared(source, target);
  struct Attempt {
    const PrimExpr *source, *target;
    bool products;
  };
  std::vector<Attempt> attempts;
  if (abs.abstracted) {
    attempts.push_back({&abs.source, &abs.target, false});
    attempts.push_back({&abs.source, &abs.target, true});
  }
  attempts.push_back({&source, &target, false});
  attempts.push_back({&source, &target, true});
  for (const Attempt &at : attempts) {
    bool products = at.products;
    try {
      IntEncoding enc(c, IntEncoding::Mode::Purified, products);
      Setup sa = setup(*at.source, *at.target);
      std::map<const ir::VarNode *, IntEncoding::Val> vars;
      for (size_t i = 0; i < sa.vars.size(); ++i)
        vars.emplace(sa.vars[i], enc.int_input(name_of(sa.vars[i], i), sa.width));
      smt::Expr g = goal(enc, sa, *at.source, *at.target, vars);
      smt::Solver s(c, smt::Solver::Kind::Plain);
      for (const auto &f : enc.finish())
        s.add(f);
      s.add(g);
      if (s.check(smt::wall_ms(opts.quick_timeout_ms), {},
                  smt::work_units(opts.quick_timeout_ms)) == smt::Result::Unsat) {
        out.verdict = Verdict::Proven;
        out.engine = std::string(products ? "int-linear+products" : "int-linear") +
                     (at.source == &abs.source ? " (shared sub-trees abstracted)" : "");
        return out;
      }
    } catch (const PolyOverflow &) {
    }
  }
  // 4. Exact encodings: the integers (nonlinear), then bit-vectors.
  auto decide = [&](smt::Solver &s, const std::vector<smt::Expr> &terms, const char *engine,
                    unsigned ms) {
    switch (s.check(smt::wall_ms(ms), {}, smt::work_units(ms))) {
    case smt::Result::Unsat:
      out.verdict = Verdict::Proven;
      out.engine = engine;
      return true;
    case smt::Result::Sat: {
      std::map<const ir::VarNode *, int64_t> in;
      out.engine = engine;
      if (!read_model(s.model(), st, terms, in))
        return false;
      confirm(source, target, in, out);
      return true;
    }
    case smt::Result::Unknown:
      return false;
    }
    return false;
  };
  try {
    IntEncoding enc(c, IntEncoding::Mode::Exact);
    std::map<const ir::VarNode *, IntEncoding::Val> vars;
    std::vector<smt::Expr> terms;
    for (size_t i = 0; i < st.vars.size(); ++i) {
      vars.emplace(st.vars[i], enc.int_input(name_of(st.vars[i], i), st.width));
      terms.push_back(enc.input_term(name_of(st.vars[i], i)));
    }
    smt::Expr g = goal(enc, st, source, target, vars);
    smt::Solver s(c, smt::Solver::Kind::Plain);
    for (const auto &f : enc.finish())
      s.add(f);
    s.add(g);
    if (decide(s, terms, "int-exact", opts.timeout_ms))
      return out;
  } catch (const PolyOverflow &) {
  }
  {
    BvEncoding enc(c, st.width);
    std::map<const ir::VarNode *, BvEncoding::Val> vars;
    std::vector<smt::Expr> terms;
    for (size_t i = 0; i < st.vars.size(); ++i) {
      vars.emplace(st.vars[i], enc.int_input(name_of(st.vars[i], i)));
      terms.push_back(enc.input_term(name_of(st.vars[i], i)));
    }
    smt::Expr g = goal(enc, st, source, target, vars);
    smt::Solver s(c, smt::Solver::Kind::BitVector);
    s.add(g);
    if (decide(s, terms, "bv", opts.timeout_ms))
      return out;
  }
  out.verdict = Verdict::Unknown;
  out.detail = "no answer within the budget of " + std::to_string(opts.timeout_ms) + " ms";
  return out;
}

std::vector<PrimExpr> operands(const PrimExpr &e) {
  if (auto *s = ir::as<ir::SelectNode>(e))
    return {s->condition, s->true_value, s->false_value};
  if (auto *n = ir::as<ir::NotNode>(e))
    return {n->a};
  if (ir::is_binary(e->kind)) {
    auto *b = static_cast<const ir::BinaryNode *>(e.get());
    return {b->a, b->b};
  }
  return {};
}

} // namespace tirconf::prover
