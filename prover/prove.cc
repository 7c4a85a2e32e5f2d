#include "prover/prove.h"

#include <atomic>
#include <cstdlib>
#include <iostream>
#include <set>
#include <thread>

#include "prover/bv_encoding.h"
#include "prover/encode.h"
#include "prover/int_encoding.h"
#include "prover/recheck.h"
#include "prover/sample.h"

namespace tirconf::prover {

using ir::ExprKind;
using oracle::arith::Pat;
using oracle::arith::PatKind;

const char *to_string(Verdict v) {
  switch (v) {
  case Verdict::Proven:
    return "proven";
  case Verdict::Refuted:
    return "refuted";
  case Verdict::Unknown:
    return "unknown";
  }
  return "?";
}

bool RuleResult::contradicts_claim() const {
  for (const auto &w : widths) {
    auto c = rule->claim_at(w.width);
    if (c == Claim::Valid && w.verdict == Verdict::Refuted)
      return true;
    if (c == Claim::Invalid && w.verdict == Verdict::Proven)
      return true;
  }
  return false;
}

bool RuleResult::claim_undecided() const {
  for (const auto &w : widths)
    if (rule->claim_at(w.width) && w.verdict == Verdict::Unknown)
      return true;
  return false;
}

bool RuleResult::fails_only_at_fixed_width() const {
  bool unbounded_proven = false, fixed_refuted = false;
  for (const auto &w : widths) {
    if (w.width.unbounded)
      unbounded_proven = w.verdict == Verdict::Proven;
    else
      fixed_refuted |= w.verdict == Verdict::Refuted;
  }
  return unbounded_proven && fixed_refuted;
}

std::vector<Width> widths_for(const RewriteRule &rule, const ProveOptions &opts) {
  if (!opts.widths.empty())
    return opts.widths;
  std::vector<Width> out;
  for (const auto &[w, c] : rule.claims)
    out.push_back(w);
  bool has_unbounded = false;
  for (const auto &w : out)
    has_unbounded |= w.unbounded;
  if (!has_unbounded)
    out.insert(out.begin(), Width::integers());
  return out;
}

namespace {

// ---------------------------------------------------------------- building a query
// A rule's names: constant symbols and integer variables, then boolean variables.
struct Names {
  std::vector<std::string> ints, bools;
};

Names names_of(const RewriteRule &r) {
  Names n;
  for (const auto &s : oracle::arith::pattern_syms(*r.lhs))
    n.ints.push_back(s);
  for (const auto &v : oracle::arith::pattern_vars(*r.lhs))
    (r.is_bool_var(v) ? n.bools : n.ints).push_back(v);
  return n;
}

void conjuncts(const Pat *c, std::vector<const Pat *> &out) {
  if (c->kind == PatKind::Op && c->op == ExprKind::And) {
    conjuncts(c->args[0].get(), out);
    conjuncts(c->args[1].get(), out);
  } else {
    out.push_back(c);
  }
}

bool is_zero(const Pat &p) {
  return p.kind == PatKind::Lit && p.value == 0;
}

// `A % B == 0` or `Mod(A, B) == 0` (either way round) with A a name: A is a multiple of B, so
// the integer encoding may write A as B * k with a fresh k (sound and complete: B is nonzero
// wherever the condition holds, since it is defined there).
bool divisibility(const Pat &c, std::string &a, const Pat *&b) {
  if (c.kind != PatKind::Op || c.op != ExprKind::EQ)
    return false;
  const Pat *rem = is_zero(*c.args[1])   ? c.args[0].get()
                   : is_zero(*c.args[0]) ? c.args[1].get()
                                         : nullptr;
  if (!rem || rem->kind != PatKind::Op ||
      (rem->op != ExprKind::FloorMod && rem->op != ExprKind::Mod))
    return false;
  const Pat &x = *rem->args[0];
  if (x.kind != PatKind::Sym && x.kind != PatKind::Var)
    return false;
  a = x.name;
  b = rem->args[1].get();
  for (const auto &n : oracle::arith::pattern_vars(*b))
    if (n == a)
      return false;
  for (const auto &n : oracle::arith::pattern_syms(*b))
    if (n == a)
      return false;
  return true;
}

struct Query {
  std::vector<smt::Expr> facts;
  smt::Expr goal;                                        // the condition holds and refinement fails
  std::vector<std::pair<std::string, smt::Expr>> inputs; // each name's value, for models
};

smt::Expr truth(const IntEncoding::Val &v) {
  return v.b;
}
smt::Expr truth(const BvEncoding::Val &v) {
  return v.v;
}

// A side condition holds: it is defined (no division by zero on the way) and true.
template <class Val> smt::Expr holds(const Val &c) {
  return c.st.never_faults() ? truth(c) : c.st.ok() && truth(c);
}

Query encode_int(IntEncoding &enc, const RewriteRule &r, const Width &w) {
  Names names = names_of(r);
  std::map<std::string, IntEncoding::Val> env;
  std::vector<std::pair<std::string, const Pat *>> subst;
  std::set<std::string> substituted;
  if (r.cond) {
    std::vector<const Pat *> cs;
    conjuncts(r.cond.get(), cs);
    for (const Pat *c : cs) {
      std::string a;
      const Pat *b = nullptr;
      if (!divisibility(*c, a, b) || substituted.count(a) || r.is_bool_var(a))
        continue;
      bool plain = true;
      for (const auto &n : oracle::arith::pattern_vars(*b))
        plain &= !substituted.count(n);
      for (const auto &n : oracle::arith::pattern_syms(*b))
        plain &= !substituted.count(n);
      for (const auto &[other, ob] : subst)
        for (const auto &n : oracle::arith::pattern_syms(*ob))
          plain &= n != a;
      if (!plain)
        continue;
      subst.emplace_back(a, b);
      substituted.insert(a);
    }
  }
  for (const auto &n : names.ints)
    if (!substituted.count(n))
      env.emplace(n, enc.int_input(n, w));
  for (const auto &n : names.bools)
    env.emplace(n, enc.bool_input(n));
  const Width math = Width::integers();
  for (const auto &[a, b] : subst) {
    IntEncoding::Val bv = encode_pattern(enc, *b, math, w, env);
    if (!bv.st.never_faults()) { // a divisor that may itself be undefined: no substitution
      env.emplace(a, enc.int_input(a, w));
      continue;
    }
    env.emplace(a, enc.int_input_as(bv.p * enc.fresh_atom("k_" + a), w));
  }
  // Top-level fits(e): e's exact value is in range wherever the condition holds.
  if (r.cond && !w.unbounded) {
    std::vector<const Pat *> cs;
    conjuncts(r.cond.get(), cs);
    for (const Pat *c : cs)
      if (c->kind == PatKind::Fits) {
        IntEncoding::Val v = encode_pattern(enc, *c->args[0], math, w, env);
        if (v.st.never_faults())
          enc.assume_in_range(v.p);
      }
  }
  Query q{{}, enc.ctx().bool_val(true), {}};
  for (const auto &n : names.ints)
    q.inputs.emplace_back(n, enc.to_z3(env.at(n).p));
  for (const auto &n : names.bools)
    q.inputs.emplace_back(n, env.at(n).b);
  smt::Expr cond = enc.ctx().bool_val(true);
  if (r.cond)
    cond = holds(encode_pattern(enc, *r.cond, math, w, env));
  auto L = encode_pattern(enc, *r.lhs, w, w, env);
  auto R = encode_pattern(enc, *r.rhs, w, w, env);
  q.goal = cond && !refines(L.st, R.st, enc.equal(L, R));
  q.facts = enc.finish();
  return q;
}

Query encode_bv(BvEncoding &enc, const RewriteRule &r, const Width &w) {
  Names names = names_of(r);
  std::map<std::string, BvEncoding::Val> env;
  Query q{{}, enc.ctx().bool_val(true), {}};
  for (const auto &n : names.ints) {
    env.emplace(n, enc.int_input(n));
    q.inputs.emplace_back(n, enc.input_term(n));
  }
  for (const auto &n : names.bools) {
    env.emplace(n, enc.bool_input(n));
    q.inputs.emplace_back(n, enc.input_term(n));
  }
  smt::Expr cond = enc.ctx().bool_val(true);
  if (r.cond)
    cond = holds(encode_pattern(enc, *r.cond, Width::integers(), w, env));
  auto L = encode_pattern(enc, *r.lhs, w, w, env);
  auto R = encode_pattern(enc, *r.rhs, w, w, env);
  q.goal = cond && !refines(L.st, R.st, enc.equal(L, R));
  return q;
}

// ---------------------------------------------------------------- counterexamples
// Re-checks a counterexample with the oracle and fills in `out`: refuted, or unknown when the
// oracle does not confirm it (that would be a bug in an encoding, and is said so).
void confirm(const RewriteRule &r, const Width &w, const Inputs &in,
             const std::vector<std::string> &order, WidthResult &out) {
  Counterexample cex;
  for (const auto &name : order) {
    Int128 v = in.at(name);
    cex.inputs.emplace_back(name,
                            r.is_bool_var(name) ? (v ? "true" : "false") : smt::to_decimal(v));
  }
  auto cond = condition_holds(r, w, in);
  if (cond && !*cond) {
    out.verdict = Verdict::Unknown;
    out.detail = "prover bug: the counterexample violates the side condition";
    return;
  }
  std::string by_l, by_r;
  auto lhs = evaluate_side(r, *r.lhs, w, in, by_l);
  auto rhs = evaluate_side(r, *r.rhs, w, in, by_r);
  if (!lhs || !rhs) {
    out.verdict = Verdict::Unknown;
    out.detail = "counterexample too large to re-check";
    return;
  }
  cex.lhs = *lhs;
  cex.rhs = *rhs;
  cex.checked_by = by_l;
  out.cex = cex;
  if (!breaks_refinement(*lhs, *rhs)) {
    out.verdict = Verdict::Unknown;
    out.detail = "prover bug: the oracle does not confirm the counterexample (lhs " +
                 lhs->to_string() + ", rhs " + rhs->to_string() + ")";
    return;
  }
  out.verdict = Verdict::Refuted;
}

std::vector<std::string> input_order(const Query &q) {
  std::vector<std::string> order;
  for (const auto &[name, term] : q.inputs)
    order.push_back(name);
  return order;
}

// Reads a counterexample off a Z3 model and confirms it.
void counterexample(const RewriteRule &r, const Width &w, const Query &q, const z3::model &m,
                    WidthResult &out) {
  Inputs in;
  bool is_signed = w.unbounded || w.dtype.is_int();
  for (const auto &[name, term] : q.inputs) {
    if (r.is_bool_var(name)) {
      in[name] = smt::model_bool(m, term);
      continue;
    }
    auto v = smt::model_int(m, term, is_signed);
    if (!v) {
      out.verdict = Verdict::Unknown;
      out.detail = "counterexample value of " + name + " beyond 128 bits";
      return;
    }
    in[name] = *v;
  }
  confirm(r, w, in, input_order(q), out);
}

using smt::wall_ms;
unsigned work(unsigned ms) {
  return smt::work_units(ms);
}

// The bit-vector encoding at w; true if it decided (out then says how).
bool exact_bv(z3::context &c, const RewriteRule &r, const Width &w, unsigned timeout_ms,
              WidthResult &out) {
  BvEncoding enc(c, w);
  Query q = encode_bv(enc, r, w);
  smt::Solver s(c, smt::Solver::Kind::BitVector);
  s.add(q.goal);
  switch (s.check(wall_ms(timeout_ms), {}, work(timeout_ms))) {
  case smt::Result::Unsat:
    out.verdict = Verdict::Proven;
    out.engine = "bv";
    out.detail.clear();
    return true;
  case smt::Result::Sat:
    out.engine = "bv";
    out.detail.clear();
    counterexample(r, w, q, s.model(), out);
    return true;
  case smt::Result::Unknown:
    break;
  }
  out.detail += std::string(out.detail.empty() ? "" : "; ") +
                "no bit-vector answer within the budget of " + std::to_string(timeout_ms) + " ms";
  return false;
}

// The exact integer encoding (nonlinear arithmetic); true if it decided.
bool exact_int(z3::context &c, const RewriteRule &r, const Width &w, unsigned timeout_ms,
               WidthResult &out) {
  try {
    IntEncoding enc(c, IntEncoding::Mode::Exact);
    Query q = encode_int(enc, r, w);
    smt::Solver s(c, smt::Solver::Kind::Plain); // the incremental core suits the nonlinear solver
    for (const auto &f : q.facts)
      s.add(f);
    s.add(q.goal);
    smt::Result res = s.check(wall_ms(timeout_ms), {}, work(timeout_ms));
    if (res == smt::Result::Sat && w.unbounded) {
      // Prefer a small counterexample: readable, and re-checkable on the oracle at int64.
      z3::expr_vector small(c);
      for (const auto &[name, term] : q.inputs)
        if (!r.is_bool_var(name))
          small.push_back(term >= -(1 << 20) && term <= (1 << 20));
      if (!small.empty()) {
        z3::model big = s.model();
        s.add(z3::mk_and(small));
        if (s.check(wall_ms(timeout_ms / 4), {}, work(timeout_ms / 4)) != smt::Result::Sat) {
          counterexample(r, w, q, big, out);
          out.engine = "int-exact";
          out.detail.clear();
          return true;
        }
      }
    }
    switch (res) {
    case smt::Result::Unsat:
      out.verdict = Verdict::Proven;
      out.engine = "int-exact";
      out.detail.clear();
      return true;
    case smt::Result::Sat:
      out.engine = "int-exact";
      out.detail.clear();
      counterexample(r, w, q, s.model(), out);
      return true;
    case smt::Result::Unknown:
      break;
    }
    out.detail += std::string(out.detail.empty() ? "" : "; ") +
                  "no integer answer within the budget of " + std::to_string(timeout_ms) + " ms";
  } catch (const PolyOverflow &) {
    out.detail += std::string(out.detail.empty() ? "" : "; ") + "coefficients beyond 2^120";
  }
  return false;
}

// `c`: a Z3 context for this rule and width, shared by its linear queries (each has its own
// solver; creating a context costs some 4 ms of CPU, more than most of them take).
WidthResult prove_at(z3::context &c, const RewriteRule &r, const Width &w,
                     const ProveOptions &opts) {
  WidthResult out;
  out.width = w;
  auto t0 = std::chrono::steady_clock::now();
  auto done = [&]() -> WidthResult {
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return out;
  };
  // 1. Evaluation on boundary and random inputs: most wrong rules break there at once.
  if (auto in = sample_counterexample(r, w, 0x7469726366ull, opts.samples)) {
    Names names = names_of(r);
    std::vector<std::string> order = names.ints;
    order.insert(order.end(), names.bools.begin(), names.bools.end());
    out.engine = "sampling";
    confirm(r, w, *in, order, out);
    if (out.verdict == Verdict::Refuted)
      return done();
  }
  // 2. The linear, purified integer encoding: fast proofs; its models are not trusted. First with
  // the divisibility facts only, then with the product facts too (slower, proves more).
  for (bool products : {false, true}) {
    try {
      IntEncoding enc(c, IntEncoding::Mode::Purified, products);
      Query q = encode_int(enc, r, w);
      smt::Solver s(c, smt::Solver::Kind::Plain);
      for (const auto &f : q.facts)
        s.add(f);
      s.add(q.goal);
      smt::Result res = s.check(wall_ms(opts.quick_timeout_ms), {}, work(opts.quick_timeout_ms));
      if (std::getenv("TIRCONF_PROVE_TRACE"))
        std::cerr << r.id << " " << oracle::arith::to_string(w) << " linear"
                  << (products ? "+products" : "") << ": " << smt::to_string(res) << " in "
                  << s.seconds() << " s, " << q.facts.size() << " facts\n";
      if (res == smt::Result::Sat && std::getenv("TIRCONF_PROVE_TRACE") &&
          std::string(std::getenv("TIRCONF_PROVE_TRACE")) == "2")
        std::cerr << s.model() << "\n";
      if (res == smt::Result::Unsat) {
        out.verdict = Verdict::Proven;
        out.engine = products ? "int-linear+products" : "int-linear";
        return done();
      }
    } catch (const PolyOverflow &) {
    }
  }
  // 3. An exact encoding: a proof or a real counterexample. The integer encoding (with its wrap
  // counts) reasons about products and quotients of unknowns symbolically; bit-blasting them is
  // complete but slow even at 16 bits, so it comes second.
  // Each in a fresh context: Z3 takes up to ten times longer on some of these in the context the
  // linear queries used (rw.floordiv.nested_add_fits at int8: 4.1 M resource units against 0.4 M).
  auto exact_int_fresh = [&] {
    z3::context fresh;
    return exact_int(fresh, r, w, opts.timeout_ms, out);
  };
  auto exact_bv_fresh = [&] {
    z3::context fresh;
    return exact_bv(fresh, r, w, opts.timeout_ms, out);
  };
  if (w.unbounded) {
    exact_int_fresh();
  } else {
    exact_int_fresh() || exact_bv_fresh();
  }
  return done();
}

} // namespace

RuleResult prove_rule(const RewriteRule &rule, const ProveOptions &opts) {
  return prove_rules({&rule}, opts).front();
}

std::vector<RuleResult> prove_rules(const std::vector<const RewriteRule *> &rules,
                                    const ProveOptions &opts) {
  // One task per (rule, width), so that a slow query does not hold up a whole rule's widths.
  std::vector<RuleResult> results(rules.size());
  std::vector<std::pair<size_t, size_t>> tasks;
  for (size_t i = 0; i < rules.size(); ++i) {
    results[i].rule = rules[i];
    for (const auto &w : widths_for(*rules[i], opts)) {
      WidthResult wr;
      wr.width = w;
      results[i].widths.push_back(wr);
      tasks.emplace_back(i, results[i].widths.size() - 1);
    }
  }
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t t; (t = next++) < tasks.size();) {
      // A context per task, not per worker: what Z3 does depends on what its context has seen,
      // so sharing one across tasks would make a verdict depend on which worker ran what before.
      z3::context c;
      auto [i, j] = tasks[t];
      results[i].widths[j] = prove_at(c, *rules[i], results[i].widths[j].width, opts);
    }
  };
  int jobs = std::max(1, opts.jobs);
  std::vector<std::thread> threads;
  for (int j = 1; j < jobs; ++j)
    threads.emplace_back(worker);
  worker();
  for (auto &t : threads)
    t.join();
  return results;
}

} // namespace tirconf::prover
