// The prover's int8 verdicts against plain enumeration: catalog rules are proved at int8
// (whatever they claim), then their sides are evaluated on int8 inputs with oracle/numeric
// (prover/evaluate.h, no Z3). A rule Z3 proved must not break on any input tried; a
// counterexample it reported must break, and where every input was tried enumeration must find
// one too.
//
// By default (ctest): the division families (spec/rewrites/{laws,div_mod,floordiv,floormod}.yaml,
// where the encodings work hardest) on a grid of boundary and small values. By hand,
// TIRCONF_PROVE_EXHAUSTIVE=1: the whole catalog, every int8 value for rules of at most two integer
// names (65,536 inputs each) and the grid for the others (about a minute).
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>

#include "oracle/arith/rewrite_rules.h"
#include "prover/evaluate.h"
#include "prover/prove.h"
#include "prover/smt.h"

namespace tirconf::prover {
namespace {

using oracle::arith::RuleSet;

const ir::DataType i8 = ir::DataType::Int(8);

struct Domain {
  std::vector<std::string> names;          // integers, then booleans
  std::vector<std::vector<Int128>> values; // per name
};

Domain domain_of(const RewriteRule &r, bool exhaustive) {
  std::vector<Int128> all, grid = {-128, -127, -126, -65, -64, -63, -33, -32, -31,
                                   31,   32,   33,   63,  64,  65,  125, 126, 127};
  std::vector<Int128> small = {-128, -127, -64, -63, -8, -2, -1, 0, 1, 2, 3, 7, 8, 63, 64, 127};
  for (int v = -128; v <= 127; ++v)
    all.push_back(v);
  for (int v = -12; v <= 12; ++v)
    grid.push_back(v);
  Domain d;
  std::vector<std::string> bools;
  for (const auto &s : oracle::arith::pattern_syms(*r.lhs))
    d.names.push_back(s);
  for (const auto &v : oracle::arith::pattern_vars(*r.lhs))
    (r.is_bool_var(v) ? bools : d.names).push_back(v);
  bool few = d.names.size() <= 2;
  const auto &each = exhaustive ? (few ? all : grid) : (few ? grid : small);
  for (size_t i = 0; i < d.names.size(); ++i)
    d.values.push_back(each);
  for (const auto &b : bools) {
    d.names.push_back(b);
    d.values.push_back({0, 1});
  }
  return d;
}

// Calls f on every assignment of the domain until it returns false.
template <class F> void enumerate(const Domain &d, F f) {
  Inputs in;
  std::vector<size_t> idx(d.names.size(), 0);
  for (;;) {
    for (size_t i = 0; i < idx.size(); ++i)
      in[d.names[i]] = d.values[i][idx[i]];
    if (!f(in))
      return;
    size_t i = 0;
    while (i < idx.size() && ++idx[i] == d.values[i].size())
      idx[i++] = 0;
    if (i == idx.size())
      return;
  }
}

// Whether the rule breaks on `in` at int8: the condition holds and the right side does not
// refine the left.
bool breaks(const RewriteRule &r, const Inputs &in) {
  if (r.cond) {
    auto c = eval_condition_exact(*r.cond, in, i8);
    if (!c || !*c)
      return false;
  }
  return breaks_refinement(eval_at(*r.lhs, i8, in), eval_at(*r.rhs, i8, in));
}

std::string show(const Inputs &in) {
  std::string s;
  for (const auto &[n, v] : in)
    s += n + "=" + smt::to_decimal(v) + " ";
  return s;
}

TEST(ProveExhaustive, Int8VerdictsAgreeWithEnumeration) {
  const bool exhaustive = std::getenv("TIRCONF_PROVE_EXHAUSTIVE") != nullptr;
  std::vector<const RewriteRule *> all;
  for (const auto &r : RuleSet::builtin().rules()) {
    bool division = false;
    for (const char *f : {"/laws.yaml", "/div_mod.yaml", "/floordiv.yaml", "/floormod.yaml"})
      division |= r.file.size() >= std::strlen(f) &&
                  r.file.compare(r.file.size() - std::strlen(f), std::string::npos, f) == 0;
    if (exhaustive || division)
      all.push_back(&r);
  }
  ProveOptions o;
  o.widths = {oracle::arith::Width::of(i8)};
  auto results = prove_rules(all, o);
  int proven = 0, refuted = 0, complete = 0;
  for (const auto &res : results) {
    const RewriteRule &r = *res.rule;
    const WidthResult &w = res.widths.at(0);
    Domain d = domain_of(r, exhaustive);
    bool every_value = true;
    for (const auto &v : d.values)
      every_value &= v.size() == 256 || v.size() == 2;
    complete += every_value;
    std::optional<Inputs> broken;
    enumerate(d, [&](const Inputs &in) {
      if (breaks(r, in))
        broken = in;
      return !broken;
    });
    switch (w.verdict) {
    case Verdict::Proven:
      ++proven;
      EXPECT_FALSE(broken) << r.id << " proven at int8 but breaks at " << show(*broken);
      break;
    case Verdict::Refuted: {
      ++refuted;
      ASSERT_TRUE(w.cex) << r.id;
      Inputs in;
      for (const auto &[n, v] : w.cex->inputs)
        in[n] = v == "true" ? 1 : v == "false" ? 0 : *smt::parse_decimal(v);
      EXPECT_TRUE(breaks(r, in)) << r.id << ": the reported counterexample does not break it";
      // With every input tried, enumeration finds a counterexample too.
      if (every_value) {
        EXPECT_TRUE(broken) << r.id;
      }
      break;
    }
    case Verdict::Unknown:
      ADD_FAILURE() << r.id << " undecided at int8: " << w.detail;
      break;
    }
  }
  std::cout << "int8: " << proven << " proven, " << refuted << " refuted; " << complete << " of "
            << results.size() << " rules enumerated over every input\n";
  if (exhaustive) {
    EXPECT_GT(complete, 100);
  }
  EXPECT_GT(proven, 50);
  EXPECT_GT(refuted, 20);
}

} // namespace
} // namespace tirconf::prover
