#include "prover/simplify_check.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <memory>
#include <sstream>
#include <thread>

#include "ir/tvmscript/printer.h"
#include "oracle/arith/match.h"
#include "oracle/arith/simplify.h"
#include "prover/encode.h"
#include "prover/expr_gen.h"

namespace tirconf::prover {

using ir::ExprKind;
using ir::PrimExpr;
using oracle::arith::same_expr;

std::vector<std::string> simplifier_names() {
  return {"tirconf", "tirconf-unsound", "identity"};
}

std::optional<SimplifierImpl> make_simplifier(const std::string &name) {
  if (name == "tirconf" || name == "tirconf-unsound") {
    oracle::arith::SimplifyOptions o;
    o.include_invalid = name == "tirconf-unsound";
    auto s = std::make_shared<oracle::arith::Simplifier>(o);
    std::string what = o.include_invalid
                           ? "oracle/arith with the catalog's known-wrong rules as well"
                           : "oracle/arith, the catalog's rules claimed valid";
    return SimplifierImpl{
        name, what, [s](const PrimExpr &e) -> std::optional<PrimExpr> { return s->simplify(e); }};
  }
  if (name == "identity")
    return SimplifierImpl{name, "returns its input",
                          [](const PrimExpr &e) -> std::optional<PrimExpr> { return e; }};
  return std::nullopt;
}

namespace {

// Sub-expressions (integer or boolean scalars), children before parents.
void subexprs(const PrimExpr &e, std::vector<PrimExpr> &out) {
  if (auto *s = ir::as<ir::SelectNode>(e)) {
    subexprs(s->condition, out);
    subexprs(s->true_value, out);
    subexprs(s->false_value, out);
  } else if (auto *n = ir::as<ir::NotNode>(e)) {
    subexprs(n->a, out);
  } else if (ir::is_binary(e->kind)) {
    auto *b = static_cast<const ir::BinaryNode *>(e.get());
    subexprs(b->a, out);
    subexprs(b->b, out);
  }
  out.push_back(e);
}

// e with its `target`-th node in pre-order replaced by `by`.
PrimExpr replace_at(const PrimExpr &e, int &index, const PrimExpr &by) {
  if (index-- == 0)
    return by;
  if (auto *s = ir::as<ir::SelectNode>(e)) {
    PrimExpr c = replace_at(s->condition, index, by);
    PrimExpr t = replace_at(s->true_value, index, by);
    PrimExpr f = replace_at(s->false_value, index, by);
    return std::make_shared<ir::SelectNode>(c, t, f);
  }
  if (auto *n = ir::as<ir::NotNode>(e))
    return std::make_shared<ir::NotNode>(replace_at(n->a, index, by));
  if (ir::is_binary(e->kind)) {
    auto *b = static_cast<const ir::BinaryNode *>(e.get());
    PrimExpr x = replace_at(b->a, index, by);
    PrimExpr y = replace_at(b->b, index, by);
    return ir::make_binary(e->kind, x, y);
  }
  return e;
}

// Whether impl gets `e` wrong; fills the finding's minimal pair when it does.
bool fails(const PrimExpr &e, const SimplifierImpl &impl, const RefinementOptions &opts,
           Finding &f) {
  std::optional<PrimExpr> s;
  try {
    s = impl.simplify(e);
  } catch (const std::exception &) {
    return false;
  }
  if (!s || same_expr(e, *s))
    return false;
  RefinementResult r;
  try {
    r = check_refinement(e, *s, opts);
  } catch (const Unsupported &) {
    return false;
  }
  if (r.verdict != Verdict::Refuted)
    return false;
  f.minimal = e;
  f.minimal_simplified = *s;
  f.result = r;
  return true;
}

std::string inputs_text(const RefinementResult &r) {
  std::string s;
  std::vector<std::pair<std::string, int64_t>> named;
  for (const auto &[v, x] : r.inputs)
    named.emplace_back(v->name_hint, x);
  std::sort(named.begin(), named.end());
  for (const auto &[n, x] : named)
    s += (s.empty() ? "" : ", ") + n + " = " + std::to_string(x);
  return s.empty() ? "(none)" : s;
}

} // namespace

Finding minimize(const PrimExpr &e, const SimplifierImpl &impl, const RefinementOptions &opts) {
  Finding best;
  best.original = e;
  // 1. The smallest failing sub-expression (children come first, so sizes grow).
  std::vector<PrimExpr> subs;
  subexprs(e, subs);
  std::stable_sort(subs.begin(), subs.end(), [](const PrimExpr &a, const PrimExpr &b) {
    return oracle::arith::node_count(a) < oracle::arith::node_count(b);
  });
  bool found = false;
  for (const auto &c : subs)
    if (c->dtype.is_integer() && fails(c, impl, opts, best)) {
      found = true;
      break;
    }
  if (!found)
    return best;
  // 2. Replace parts by leaves (0, 1, a Var of the expression) while it still fails.
  for (int round = 0; round < 40; ++round) {
    PrimExpr cur = best.minimal;
    std::vector<PrimExpr> pre; // cur's nodes in pre-order (replace_at's numbering)
    std::function<void(const PrimExpr &)> walk = [&](const PrimExpr &x) {
      pre.push_back(x);
      if (auto *s = ir::as<ir::SelectNode>(x)) {
        walk(s->condition);
        walk(s->true_value);
        walk(s->false_value);
      } else if (auto *nn = ir::as<ir::NotNode>(x)) {
        walk(nn->a);
      } else if (ir::is_binary(x->kind)) {
        walk(static_cast<const ir::BinaryNode *>(x.get())->a);
        walk(static_cast<const ir::BinaryNode *>(x.get())->b);
      }
    };
    walk(cur);
    bool shrunk = false;
    for (size_t i = 1; i < pre.size() && !shrunk; ++i) {
      const PrimExpr &node = pre[i];
      if (oracle::arith::node_count(node) == 1)
        continue;
      std::vector<PrimExpr> options;
      if (node->dtype.is_bool()) {
        options = {ir::make_bool(false), ir::make_bool(true)};
      } else {
        options = {ir::make_int(node->dtype, 0), ir::make_int(node->dtype, 1)};
        for (auto *v : free_vars_of(node))
          options.push_back(std::static_pointer_cast<const ir::VarNode>(v->shared_from_this()));
      }
      for (const auto &leaf : options) {
        int index = static_cast<int>(i);
        PrimExpr candidate = replace_at(cur, index, leaf);
        Finding f = best;
        if (fails(candidate, impl, opts, f)) {
          best = f;
          shrunk = true;
          break;
        }
      }
    }
    if (!shrunk)
      break;
  }
  return best;
}

std::string describe(const Finding &f, const CheckOptions &opts) {
  std::ostringstream s;
  const auto &r = f.result;
  s << "# tirconf simplify-check: the simplified expression does not refine the original\n"
    << "seed:                " << opts.seed << "\n"
    << "expression:          " << f.index << "\n"
    << "simplifier:          " << opts.impl << "\n"
    << "dtype:               " << ir::to_string(f.original->dtype) << "\n"
    << "original:            " << ir::print_expr(f.original) << "\n"
    << "simplified:          " << ir::print_expr(f.simplified) << "\n"
    << "minimal:             " << ir::print_expr(f.minimal) << "\n"
    << "minimal, simplified: " << ir::print_expr(f.minimal_simplified) << "\n"
    << "inputs:              " << inputs_text(r) << "\n"
    << "minimal ends:        " << r.source.to_string() << " (oracle)\n"
    << "simplified ends:     " << r.target.to_string() << " (oracle)\n"
    << "found by:            " << r.engine << "\n";
  return s.str();
}

CheckSummary run_simplify_check(const CheckOptions &opts) {
  auto t0 = std::chrono::steady_clock::now();
  CheckSummary sum;
  ExprGen gen(opts.seed);
  std::vector<PrimExpr> exprs;
  for (int i = 0; i < opts.count; ++i)
    exprs.push_back(gen.next());
  enum class Kind { Unchanged, Proven, Refuted, Unknown, Declined };
  struct Outcome {
    Kind kind = Kind::Declined;
    size_t in = 0, out = 0;
    std::optional<Finding> finding;
    std::string why;
  };
  std::vector<Outcome> outcomes(exprs.size());
  std::atomic<size_t> next{0};
  auto worker = [&] {
    auto impl = make_simplifier(opts.impl); // one instance per thread
    for (size_t i; (i = next++) < exprs.size();) {
      const PrimExpr &e = exprs[i];
      Outcome &o = outcomes[i];
      o.in = oracle::arith::node_count(e);
      std::optional<PrimExpr> s;
      try {
        s = impl->simplify(e);
      } catch (const std::exception &ex) {
        o.why = std::string("the simplifier threw: ") + ex.what();
      }
      if (!s)
        continue;
      o.out = oracle::arith::node_count(*s);
      if (same_expr(e, *s)) {
        o.kind = Kind::Unchanged;
        continue;
      }
      RefinementOptions ro = opts.refine;
      ro.seed = opts.seed * 1000003 + i;
      auto q0 = std::chrono::steady_clock::now();
      RefinementResult r = check_refinement(e, *s, ro);
      if (std::getenv("TIRCONF_CHECK_TRACE"))
        std::cerr << "expr " << i << " nodes " << o.in << " -> " << o.out << ": "
                  << to_string(r.verdict) << " by " << r.engine << " in "
                  << std::chrono::duration<double>(std::chrono::steady_clock::now() - q0).count()
                  << " s\n";
      if (r.verdict == Verdict::Proven) {
        o.kind = Kind::Proven;
      } else if (r.verdict == Verdict::Unknown) {
        o.kind = Kind::Unknown;
        o.why = r.detail;
      } else {
        o.kind = Kind::Refuted;
        Finding f = minimize(e, *impl, ro);
        if (!f.minimal) { // minimization found nothing smaller: the whole expression
          f.minimal = e;
          f.minimal_simplified = *s;
          f.result = r;
        }
        f.index = static_cast<int>(i);
        f.original = e;
        f.simplified = *s;
        o.finding = f;
      }
    }
  };
  int jobs = std::max(1, opts.jobs);
  std::vector<std::thread> threads;
  for (int j = 1; j < jobs; ++j)
    threads.emplace_back(worker);
  worker();
  for (auto &t : threads)
    t.join();
  for (size_t i = 0; i < exprs.size(); ++i) {
    const Outcome &o = outcomes[i];
    ++sum.count;
    (exprs[i]->dtype.bits == 64 ? sum.int64 : sum.int32)++;
    sum.nodes_in += o.in;
    sum.nodes_out += o.kind == Kind::Declined ? o.in : o.out;
    switch (o.kind) {
    case Kind::Unchanged:
      ++sum.unchanged;
      break;
    case Kind::Proven:
      ++sum.proven;
      break;
    case Kind::Unknown:
      ++sum.unknown;
      sum.unknowns.emplace_back(static_cast<int>(i), o.why);
      break;
    case Kind::Refuted:
      ++sum.refuted;
      sum.findings.push_back(*o.finding);
      break;
    case Kind::Declined:
      ++sum.declined;
      if (!o.why.empty())
        sum.unknowns.emplace_back(static_cast<int>(i), o.why);
      break;
    }
  }
  sum.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return sum;
}

} // namespace tirconf::prover
