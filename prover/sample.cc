#include "prover/sample.h"

#include "prover/rng.h"

namespace tirconf::prover {

using oracle::arith::Width;

namespace {

// Draw policy: which values an input takes, in percent. Boundary values find wrap-around and
// INT_MIN / -1 problems, small values find off-by-one and sign problems, uniform values the rest.
struct Policy {
  unsigned boundary = 35;
  unsigned small = 40; // in [-small_range, small_range]
  int small_range = 17;
  // The rest: uniform over the width (over +-2^40 when unbounded: large enough to be generic,
  // small enough that products stay exact).
};

Int128 draw(Rng &rng, const Width &w, const Policy &pol) {
  Int128 lo, hi;
  if (w.unbounded) {
    lo = -(static_cast<Int128>(1) << 40);
    hi = static_cast<Int128>(1) << 40;
  } else if (w.dtype.is_int()) {
    lo = -(static_cast<Int128>(1) << (w.dtype.bits - 1));
    hi = (static_cast<Int128>(1) << (w.dtype.bits - 1)) - 1;
  } else {
    lo = 0;
    hi = (static_cast<Int128>(1) << w.dtype.bits) - 1;
  }
  auto clamp = [&](Int128 v) { return v < lo ? lo : v > hi ? hi : v; };
  unsigned pick = static_cast<unsigned>(rng.below(100));
  if (pick < pol.boundary) {
    const Int128 specials[] = {0,  1,      -1,     2,      -2,     3,      lo,
                               hi, lo + 1, hi - 1, lo / 2, hi / 2, hi / 3, lo + 2};
    return clamp(specials[rng.below(sizeof(specials) / sizeof(specials[0]))]);
  }
  if (pick < pol.boundary + pol.small)
    return clamp(rng.range(-pol.small_range, pol.small_range));
  // Uniform over [lo, hi]: 64 random bits reduced into the range.
  unsigned __int128 span = static_cast<unsigned __int128>(hi - lo) + 1;
  unsigned __int128 r = (static_cast<unsigned __int128>(rng.next()) << 64) | rng.next();
  return lo + static_cast<Int128>(r % span);
}

// `v == e` (either way round) inside p, with v a variable not occurring in e: a sample can make
// the comparison true by giving v the value of e, which random draws almost never do.
void equalities(const oracle::arith::Pat &p,
                std::vector<std::pair<std::string, const oracle::arith::Pat *>> &out) {
  using oracle::arith::PatKind;
  if (p.kind == PatKind::Op && p.op == ir::ExprKind::EQ) {
    for (int side = 0; side < 2; ++side) {
      const auto &v = *p.args[side];
      const auto &e = *p.args[1 - side];
      if (v.kind != PatKind::Var)
        continue;
      bool free = true;
      for (const auto &n : oracle::arith::pattern_vars(e))
        free &= n != v.name;
      if (free)
        out.emplace_back(v.name, &e);
    }
  }
  for (const auto &a : p.args)
    equalities(*a, out);
}

} // namespace

Int128 draw_value(Rng &rng, const Width &w) {
  return draw(rng, w, Policy{});
}

namespace {

uint64_t hash(const std::string &s) {
  uint64_t h = 1469598103934665603ull; // FNV-1a
  for (unsigned char c : s)
    h = (h ^ c) * 1099511628211ull;
  return h;
}

} // namespace

std::optional<Inputs> sample_counterexample(const oracle::arith::RewriteRule &rule, const Width &w,
                                            uint64_t seed, int samples) {
  Rng rng(seed ^ hash(rule.id) ^ hash(oracle::arith::to_string(w)));
  Policy pol;
  std::vector<std::string> ints, bools;
  for (const auto &s : oracle::arith::pattern_syms(*rule.lhs))
    ints.push_back(s);
  for (const auto &v : oracle::arith::pattern_vars(*rule.lhs))
    (rule.is_bool_var(v) ? bools : ints).push_back(v);
  std::optional<ir::DataType> fits;
  if (!w.unbounded)
    fits = w.dtype;
  std::vector<std::pair<std::string, const oracle::arith::Pat *>> eqs;
  equalities(*rule.lhs, eqs);
  equalities(*rule.rhs, eqs);
  Inputs in;
  for (int i = 0; i < samples; ++i) {
    for (const auto &n : ints)
      in[n] = draw(rng, w, pol);
    for (const auto &n : bools)
      in[n] = rng.below(2);
    if (!eqs.empty() && rng.chance(30)) {
      const auto &[v, e] = eqs[rng.below(eqs.size())];
      Eval x = w.unbounded ? eval_exact(*e, in, std::nullopt) : eval_at(*e, w.dtype, in);
      if (x.kind == Eval::Ok && !x.is_bool)
        in[v] = x.v;
    }
    if (rule.cond) {
      auto c = eval_condition_exact(*rule.cond, in, fits);
      if (!c || !*c)
        continue;
    }
    Eval l =
        w.unbounded ? eval_exact(*rule.lhs, in, std::nullopt) : eval_at(*rule.lhs, w.dtype, in);
    Eval r =
        w.unbounded ? eval_exact(*rule.rhs, in, std::nullopt) : eval_at(*rule.rhs, w.dtype, in);
    if (l.kind == Eval::TooBig || r.kind == Eval::TooBig)
      continue;
    if (breaks_refinement(l, r))
      return in;
  }
  return std::nullopt;
}

} // namespace tirconf::prover
