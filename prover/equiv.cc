#include "prover/equiv.h"

#include <algorithm>
#include <optional>
#include <unordered_map>

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

RefinementResult refine(const PrimExpr &source, const PrimExpr &target,
                        const RefinementOptions &opts, bool top);

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
    if (refine(s[i], t[i], opts, false).verdict != Verdict::Proven)
      return false;
  }
  return true;
}

// Every input, where they take at most `limit` values together: a proof (or a refutation, on
// the oracle) by evaluation. False when the inputs take more values, or a side cannot be
// evaluated.
bool exhaustive(const PrimExpr &source, const PrimExpr &target, const Setup &st, uint64_t limit,
                RefinementResult &out) {
  uint64_t n = 1;
  for (auto *v : st.vars) {
    if (v->dtype.bits > 16)
      return false;
    n <<= v->dtype.bits;
    if (n > limit)
      return false;
  }
  ExprEnv env;
  for (uint64_t i = 0; i < n; ++i) {
    uint64_t k = i;
    for (auto *v : st.vars) {
      const int bits = v->dtype.bits;
      const Int128 lo = -(static_cast<Int128>(1) << (bits - 1));
      env.set(v, lo + static_cast<Int128>(k & ((uint64_t{1} << bits) - 1)));
      k >>= bits;
    }
    Eval s = eval_expr(source, env), t = eval_expr(target, env);
    if (s.kind == Eval::TooBig || t.kind == Eval::TooBig)
      return false;
    if (breaks_refinement(s, t)) {
      std::map<const ir::VarNode *, int64_t> in;
      for (auto *v : st.vars)
        in[v] = static_cast<int64_t>(*env.find(v));
      out.engine = "exhaustive";
      confirm(source, target, in, out);
      return true;
    }
  }
  out.verdict = Verdict::Proven;
  out.engine = "exhaustive";
  return true;
}

// The pair written out with its Vars numbered in order of occurrence: equal keys, the same
// question. Empty for a node outside what the encodings take (the question is not cached).
bool canonical(const PrimExpr &e, std::vector<const ir::VarNode *> &vars, std::string &out) {
  out += ir::kind_name(e->kind);
  out += ':';
  out += ir::to_string(e->dtype);
  if (e->kind == ExprKind::Var) {
    auto *v = static_cast<const ir::VarNode *>(e.get());
    size_t i = std::find(vars.begin(), vars.end(), v) - vars.begin();
    if (i == vars.size())
      vars.push_back(v);
    out += '#' + std::to_string(i);
    return true;
  }
  if (e->kind == ExprKind::IntImm) {
    out += '=' + std::to_string(static_cast<const ir::IntImmNode *>(e.get())->value);
    return true;
  }
  if (e->kind != ExprKind::Select && e->kind != ExprKind::Not && !ir::is_binary(e->kind))
    return false;
  out += '(';
  for (const auto &o : operands(e)) {
    if (!canonical(o, vars, out))
      return false;
    out += ',';
  }
  out += ')';
  return true;
}

} // namespace

std::string canonical_form(const std::vector<PrimExpr> &exprs) {
  std::vector<const ir::VarNode *> vars;
  std::string key;
  for (const auto &e : exprs) {
    if (!key.empty())
      key += " -> ";
    if (!canonical(e, vars, key))
      return {};
  }
  return key;
}

std::vector<const ir::VarNode *> free_vars_of(const PrimExpr &e) {
  std::vector<const ir::VarNode *> out;
  collect(e, out);
  return out;
}

struct ProofSession::Impl {
  z3::context ctx;
  bool cache = true;
  std::unordered_map<std::string, std::string> proven; // canonical pair -> the engine
  int lookups = 0, hits = 0;
};

ProofSession::ProofSession(bool cache) : impl_(std::make_unique<Impl>()) {
  impl_->cache = cache;
}
ProofSession::~ProofSession() = default;
int ProofSession::lookups() const {
  return impl_->lookups;
}
int ProofSession::hits() const {
  return impl_->hits;
}
z3::context &ProofSession::context() {
  return impl_->ctx;
}

RefinementResult check_refinement(const PrimExpr &source, const PrimExpr &target,
                                  const RefinementOptions &opts) {
  return refine(source, target, opts, true);
}

namespace {

RefinementResult refine_uncached(const PrimExpr &source, const PrimExpr &target, const Setup &st,
                                 const RefinementOptions &opts, bool top,
                                 ProofSession::Impl *session);

// `top`: the question asked; below it, the questions of a proof by parts, which get smaller
// budgets and no bit-vectors (the slowest): when a part needs more, the whole is asked anyway.
RefinementResult refine(const PrimExpr &source, const PrimExpr &target,
                        const RefinementOptions &opts, bool top) {
  RefinementResult out;
  Setup st = setup(source, target);
  ProofSession::Impl *session = opts.session ? &opts.session->impl() : nullptr;
  std::string key;
  if (session && session->cache) {
    key = canonical_form({source, target});
    if (!key.empty()) {
      ++session->lookups;
      auto it = session->proven.find(key);
      if (it != session->proven.end()) {
        ++session->hits;
        out.verdict = Verdict::Proven;
        out.engine = it->second;
        return out;
      }
    }
  }
  out = refine_uncached(source, target, st, opts, top, session);
  if (!key.empty() && out.verdict == Verdict::Proven)
    session->proven.emplace(key, out.engine);
  return out;
}

RefinementResult refine_uncached(const PrimExpr &source, const PrimExpr &target, const Setup &st,
                                 const RefinementOptions &opts, bool top,
                                 ProofSession::Impl *session) {
  RefinementResult out;
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
  // 2. Every input, when they take few values.
  if (exhaustive(source, target, st, opts.exhaustive_points, out))
    return out;
  // 3. By parts: the same operator on both sides, and each changed operand refines its
  // counterpart. Refinement is compositional (operands are evaluated in order, and And/Or skip
  // their second operand on the same first values), so the whole refines; and the simplifier
  // mostly rewrites locally, which makes these questions small.
  if (proven_by_parts(source, target, opts)) {
    out.verdict = Verdict::Proven;
    out.engine = "by parts";
    return out;
  }
  // One Z3 context for the queries below, each with its own solver: creating a context costs
  // some 4 ms of CPU, more than most of these queries; the session's, when there is one.
  std::optional<z3::context> own;
  if (!session)
    own.emplace();
  z3::context &c = session ? session->ctx : *own;
  // 4. The purified integer encoding: quick proofs; first with the shared sub-trees abstracted.
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
  // A part is a small question: a quarter of the budget.
  const unsigned quick_ms = top ? opts.quick_timeout_ms : std::max(1u, opts.quick_timeout_ms / 4);
  // A products attempt that would ask the linear attempt's question again is left out.
  bool linear_had_products = true;
  for (const Attempt &at : attempts) {
    bool products = at.products;
    if (products && !linear_had_products)
      continue;
    if (!products)
      linear_had_products = true; // unless the encoding says otherwise
    try {
      IntEncoding enc(c, IntEncoding::Mode::Purified, products);
      Setup sa = setup(*at.source, *at.target);
      std::map<const ir::VarNode *, IntEncoding::Val> vars;
      for (size_t i = 0; i < sa.vars.size(); ++i)
        vars.emplace(sa.vars[i], enc.int_input(name_of(sa.vars[i], i), sa.width));
      smt::Expr g = goal(enc, sa, *at.source, *at.target, vars);
      if (!products)
        linear_had_products = enc.has_products_or_divisions();
      smt::Solver s(c, smt::Solver::Kind::Plain);
      for (const auto &f : enc.finish())
        s.add(f);
      s.add(g);
      if (s.check(smt::wall_ms(quick_ms), {}, smt::work_units(quick_ms)) == smt::Result::Unsat) {
        out.verdict = Verdict::Proven;
        out.engine = std::string(products ? "int-linear+products" : "int-linear") +
                     (at.source == &abs.source ? " (shared sub-trees abstracted)" : "");
        return out;
      }
    } catch (const PolyOverflow &) {
    }
  }
  // 5. Exact encodings: the integers (nonlinear), then bit-vectors.
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
    if (decide(s, terms, "int-exact", top ? opts.timeout_ms : opts.quick_timeout_ms))
      return out;
  } catch (const PolyOverflow &) {
  }
  if (!top) {
    out.verdict = Verdict::Unknown;
    out.detail = "a part: no proof by the quicker engines";
    return out;
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

} // namespace

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
