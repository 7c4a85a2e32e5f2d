#include "prover/int_encoding.h"

#include <algorithm>
#include <optional>
#include <stdexcept>

namespace tirconf::prover {

using ir::ExprKind;

Poly poly_of(const Mono &m) {
  Poly p = Poly::constant(1);
  for (auto a : m)
    p = p * Poly::atom(a);
  return p;
}

namespace {

Int128 pow2(int bits) {
  return static_cast<Int128>(1) << bits;
}

bool is_signed(const Width &w) {
  return w.unbounded || w.dtype.is_int();
}
Int128 lo(const Width &w) {
  return w.dtype.is_int() ? -pow2(w.dtype.bits - 1) : 0;
}
Int128 hi(const Width &w) {
  return w.dtype.is_int() ? pow2(w.dtype.bits - 1) - 1 : pow2(w.dtype.bits) - 1;
}

// v reduced into w's range, as the two's-complement hardware does ([sem.expr.int_wrap]).
Int128 wrap_constant(Int128 v, const Width &w) {
  if (w.unbounded)
    return v;
  Int128 m = pow2(w.dtype.bits);
  v %= m;
  if (v < 0)
    v += m;
  if (v > hi(w))
    v -= m;
  return v;
}

// a / d when d is c * D for a monomial D and every term of a is a multiple of it.
std::optional<Poly> exact_quotient(const Poly &a, const Poly &d) {
  Mono dm;
  Int128 dc;
  if (!d.single_monomial(dm, dc) || dc == 0)
    return std::nullopt;
  Poly q;
  for (const auto &[m, c] : a.terms()) {
    Mono rest;
    if (c % dc != 0 || !divide_monomial(m, dm, rest))
      return std::nullopt;
    Poly t = Poly::constant(c / dc);
    for (auto atom : rest)
      t = t * Poly::atom(atom);
    q = q + t;
  }
  return q;
}

bool is_division(ExprKind k) {
  return k == ExprKind::Div || k == ExprKind::Mod || k == ExprKind::FloorDiv ||
         k == ExprKind::FloorMod;
}

} // namespace

IntEncoding::IntEncoding(z3::context &c, Mode mode, bool products)
    : c_(c), mode_(mode), products_lemmas_(products) {}

Poly IntEncoding::fresh(const std::string &prefix) {
  std::string name = prefix + "!" + std::to_string(counter_++);
  atoms_.push_back(c_.int_const(name.c_str()));
  return Poly::atom(static_cast<uint32_t>(atoms_.size() - 1));
}

Poly IntEncoding::fresh_atom(const std::string &name) {
  return fresh(name);
}

IntEncoding::Val IntEncoding::int_input(const std::string &name, const Width &w) {
  atoms_.push_back(c_.int_const(name.c_str()));
  uint32_t id = static_cast<uint32_t>(atoms_.size() - 1);
  inputs_[name] = id;
  return int_input_as(Poly::atom(id), w);
}

IntEncoding::Val IntEncoding::int_input_as(const Poly &value, const Width &w) {
  if (!w.unbounded) {
    smt::Expr v = to_z3(value);
    constraints_.push_back(v >= smt::int_val(c_, lo(w)) && v <= smt::int_val(c_, hi(w)));
  }
  return {false, value, c_.bool_val(false), Status::none(c_)};
}

IntEncoding::Val IntEncoding::bool_input(const std::string &name) {
  return {true, Poly(), c_.bool_const(name.c_str()), Status::none(c_)};
}

smt::Expr IntEncoding::input_term(const std::string &name) const {
  auto it = inputs_.find(name);
  if (it == inputs_.end())
    throw std::logic_error("prover bug: no input " + name);
  return atoms_[it->second];
}

IntEncoding::Val IntEncoding::literal(Int128 v, const Width &w) {
  return {false, Poly::constant(wrap_constant(v, w)), c_.bool_val(false), Status::none(c_)};
}

IntEncoding::Val IntEncoding::bool_literal(bool v) {
  return {true, Poly(), c_.bool_val(v), Status::none(c_)};
}

smt::Expr IntEncoding::to_z3(const Poly &p) {
  smt::Expr sum = c_.int_val(0);
  bool first = true;
  for (const auto &[m, coeff] : p.terms()) {
    smt::Expr term = c_.int_val(1);
    if (m.size() > 1)
      products_.insert(m);
    if (m.size() == 1) {
      term = atoms_[m[0]];
    } else if (m.size() > 1) {
      if (mode_ == Mode::Purified) {
        // An uninterpreted product, folded left over the sorted factors: the solver knows
        // nothing of multiplication but congruence (a == a' gives a * b == a' * b).
        auto it = monomials_.find(m);
        if (it == monomials_.end()) {
          z3::func_decl mul = z3::function("mul!", c_.int_sort(), c_.int_sort(), c_.int_sort());
          smt::Expr prod = atoms_[m[0]];
          for (size_t i = 1; i < m.size(); ++i)
            prod = mul(prod, atoms_[m[i]]);
          it = monomials_.emplace(m, prod).first;
        }
        term = it->second;
      } else {
        term = atoms_[m[0]];
        for (size_t i = 1; i < m.size(); ++i)
          term = term * atoms_[m[i]];
      }
    }
    smt::Expr t = m.empty()    ? smt::int_val(c_, coeff)
                  : coeff == 1 ? term
                               : smt::int_val(c_, coeff) * term;
    sum = first ? t : sum + t;
    first = false;
  }
  return sum;
}

Poly IntEncoding::wrap(const Poly &p, const Width &w) {
  if (w.unbounded)
    return p;
  if (p.is_constant())
    return Poly::constant(wrap_constant(p.constant_value(), w));
  if (in_range_.count(p.key()))
    return p; // the side condition says it fits
  // Coefficients modulo 2^bits first (the difference is a multiple of 2^bits, which the wrap
  // count absorbs), so that equal values get equal forms: (x + INT_MIN) * -7 and x * -7 + ...
  Poly red;
  for (const auto &[m, c] : p.terms())
    red = red + poly_of(m).scaled(wrap_constant(c, Width::of(ir::DataType::Int(w.dtype.bits))));
  if (red.is_constant())
    return Poly::constant(wrap_constant(red.constant_value(), w));
  Mono m;
  Int128 c;
  if (red.single_monomial(m, c) && c == 1 && m.size() == 1)
    return red; // an atom is in range
  // The same form wrapped twice is the same value: one wrap count.
  std::string key = red.key() + (w.dtype.is_int() ? "@i" : "@u") + std::to_string(w.dtype.bits);
  if (auto it = wrapped_.find(key); it != wrapped_.end())
    return it->second;
  Poly k = fresh("k");
  Poly r = red - k.scaled(pow2(w.dtype.bits));
  smt::Expr v = to_z3(r);
  constraints_.push_back(v >= smt::int_val(c_, lo(w)) && v <= smt::int_val(c_, hi(w)));
  wrapped_.emplace(key, r);
  return r;
}

Poly IntEncoding::defined_by(const smt::Expr &value, const std::string &prefix) {
  // The same definition (Z3 terms are hash-consed) gives the same atom: Min(0, x) written twice
  // is one value, which later divisions and products can see.
  auto [it, fresh] = defined_.emplace(value.id(), Poly());
  if (!fresh)
    return it->second;
  Poly v = fresh_atom(prefix);
  constraints_.push_back(to_z3(v) == value);
  defined_keep_.push_back(value);
  it->second = v;
  return v;
}

IntEncoding::Val IntEncoding::division(ExprKind op, const Val &a, const Val &b, const Width &w) {
  bool sgn = is_signed(w);
  bool floor = !sgn || op == ExprKind::FloorDiv || op == ExprKind::FloorMod;
  bool quotient = op == ExprKind::Div || op == ExprKind::FloorDiv;
  Status st = then(a.st, b.st);
  smt::Expr A = to_z3(a.p), D = to_z3(b.p);
  smt::Expr err = b.p.is_constant() ? c_.bool_val(b.p.constant_value() == 0) : D == 0;
  // [unspec.int_min_div] INT_MIN / -1 (and its Mod, FloorDiv, FloorMod) at a signed width.
  smt::Expr unspec = c_.bool_val(false);
  if (sgn && !w.unbounded) {
    if (b.p.is_constant())
      unspec = b.p.constant_value() == -1 ? A == smt::int_val(c_, lo(w)) : c_.bool_val(false);
    else
      unspec = A == smt::int_val(c_, lo(w)) && D == -1;
  }
  if (a.p.is_constant() && b.p.is_constant()) {
    // Both known: compute here (the quotient is garbage when the status says it faults).
    Int128 x = a.p.constant_value(), y = b.p.constant_value();
    Int128 q = 0, r = 0;
    if (y != 0 && !(sgn && !w.unbounded && x == lo(w) && y == -1)) {
      q = x / y;
      r = x % y;
      if (floor && r != 0 && ((r < 0) != (y < 0))) {
        q -= 1;
        r += y;
      }
    }
    return {false, Poly::constant(quotient ? q : r), c_.bool_val(false), then_op(st, err, unspec)};
  }
  // A dividend that is a multiple of the divisor as polynomials: the quotient is the cofactor
  // and the remainder 0, for flooring and truncating division alike.
  if (auto m = exact_quotient(a.p, b.p))
    return {false, quotient ? *m : Poly(), c_.bool_val(false), then_op(st, err, unspec)};
  std::string key = std::string(floor ? "f|" : "t|") + a.p.key() + "|" + b.p.key();
  auto it = divisions_.find(key);
  if (it == divisions_.end()) {
    Division dv{a.p, b.p, fresh("q"), fresh("r"), floor, {}};
    quotient_atoms_.insert(dv.q.terms().begin()->first[0]);
    smt::Expr Q = to_z3(dv.q), R = to_z3(dv.r);
    smt::Expr zero = c_.int_val(0);
    constraints_.push_back(implies(D != 0, to_z3(a.p - b.p * dv.q - dv.r) == zero));
    // The remainder's bounds, integer-tight (r < d as r <= d - 1), as (guard, lo, hi).
    const Poly one = Poly::constant(1), zero_poly;
    const Poly &d = b.p;
    if (floor) {
      dv.ranges.push_back({D > 0, zero_poly, d - one});
      dv.ranges.push_back({D < 0, d + one, zero_poly});
    } else {
      dv.ranges.push_back({A >= 0 && D > 0, zero_poly, d - one});
      dv.ranges.push_back({A >= 0 && D < 0, zero_poly, d.scaled(-1) - one});
      dv.ranges.push_back({A < 0 && D > 0, d.scaled(-1) + one, zero_poly});
      dv.ranges.push_back({A < 0 && D < 0, d + one, zero_poly});
    }
    for (const auto &rg : dv.ranges)
      constraints_.push_back(implies(rg.guard, to_z3(rg.lo) <= R && R <= to_z3(rg.hi)));
    // The quotient is no larger in magnitude than the dividend (|d| >= 1): linear facts that the
    // purified encoding cannot derive from a = d * q + r.
    if (floor) {
      constraints_.push_back(implies(D > 0 && A >= 0, Q >= 0 && Q <= A));
      constraints_.push_back(implies(D > 0 && A < 0, Q >= A && Q <= -1));
      constraints_.push_back(implies(D < 0 && A > 0, Q >= -A && Q <= -1));
      constraints_.push_back(implies(D < 0 && A <= 0, Q >= 0 && Q <= -A));
    } else {
      constraints_.push_back(implies(D > 0 && A >= 0, Q >= 0 && Q <= A));
      constraints_.push_back(implies(D > 0 && A < 0, Q >= A && Q <= 0));
      constraints_.push_back(implies(D < 0 && A >= 0, Q >= -A && Q <= 0));
      constraints_.push_back(implies(D < 0 && A < 0, Q >= 0 && Q <= -A));
    }
    it = divisions_.emplace(key, std::move(dv)).first;
  }
  return {false, quotient ? it->second.q : it->second.r, c_.bool_val(false),
          then_op(st, err, unspec)};
}

IntEncoding::Val IntEncoding::binary(ExprKind op, const Val &a, const Val &b, const Width &w) {
  Status st = then(a.st, b.st);
  switch (op) {
  case ExprKind::Add:
    return {false, wrap(a.p + b.p, w), c_.bool_val(false), st};
  case ExprKind::Sub:
    return {false, wrap(a.p - b.p, w), c_.bool_val(false), st};
  case ExprKind::Mul:
    return {false, wrap(a.p * b.p, w), c_.bool_val(false), st};
  case ExprKind::Min:
  case ExprKind::Max: {
    if (a.p.is_constant() && b.p.is_constant()) {
      Int128 x = a.p.constant_value(), y = b.p.constant_value();
      Int128 v = op == ExprKind::Min ? std::min(x, y) : std::max(x, y);
      return {false, Poly::constant(v), c_.bool_val(false), st};
    }
    smt::Expr A = to_z3(a.p), B = to_z3(b.p);
    smt::Expr v = op == ExprKind::Min ? ite(A <= B, A, B) : ite(A >= B, A, B);
    return {false, defined_by(v, op == ExprKind::Min ? "min" : "max"), c_.bool_val(false), st};
  }
  case ExprKind::And:
    return {true, Poly(), a.b && b.b, then_if(a.st, a.b, b.st)};
  case ExprKind::Or:
    return {true, Poly(), a.b || b.b, then_if(a.st, !a.b, b.st)};
  default:
    break;
  }
  if (is_division(op))
    return division(op, a, b, w);
  if (ir::is_comparison(op)) {
    smt::Expr x = a.is_bool ? a.b : to_z3(a.p), y = b.is_bool ? b.b : to_z3(b.p);
    smt::Expr r = c_.bool_val(false);
    switch (op) {
    case ExprKind::EQ:
      r = x == y;
      break;
    case ExprKind::NE:
      r = x != y;
      break;
    case ExprKind::LT:
      r = x < y;
      break;
    case ExprKind::LE:
      r = x <= y;
      break;
    case ExprKind::GT:
      r = x > y;
      break;
    case ExprKind::GE:
      r = x >= y;
      break;
    default:
      break;
    }
    return {true, Poly(), r.simplify(), st};
  }
  throw std::logic_error(std::string("prover bug: no integer encoding of ") + ir::kind_name(op));
}

IntEncoding::Val IntEncoding::select(const Val &c, const Val &t, const Val &f) {
  // [sem.expr.select] all three operands are evaluated, in order.
  Status st = then(then(c.st, t.st), f.st);
  if (t.is_bool)
    return {true, Poly(), ite(c.b, t.b, f.b), st};
  if (c.b.is_true())
    return {false, t.p, c_.bool_val(false), st};
  if (c.b.is_false())
    return {false, f.p, c_.bool_val(false), st};
  return {false, defined_by(ite(c.b, to_z3(t.p), to_z3(f.p)), "sel"), c_.bool_val(false), st};
}

IntEncoding::Val IntEncoding::logical_not(const Val &a) {
  return {true, Poly(), !a.b, a.st};
}

IntEncoding::Val IntEncoding::fits(const Val &a, const Width &w) {
  if (w.unbounded)
    return {true, Poly(), c_.bool_val(true), a.st};
  smt::Expr v = to_z3(a.p);
  return {true, Poly(), v >= smt::int_val(c_, lo(w)) && v <= smt::int_val(c_, hi(w)), a.st};
}

smt::Expr IntEncoding::equal(const Val &a, const Val &b) {
  if (a.is_bool)
    return a.b == b.b;
  return to_z3(a.p - b.p) == 0;
}

void IntEncoding::add_modular_lemmas() {
  // Group the divisions by divisor up to sign: a = (-d) * q + r is a = d * (-q) + r.
  struct Member {
    const Division *dv;
    Poly unit; // the cofactor of d: q, or -q for the divisor -d
    bool flipped;
  };
  std::map<std::string, std::pair<Poly, std::vector<Member>>> groups;
  for (const auto &[key, dv] : divisions_) {
    // Constant divisors too: the solver finds 9 * (q1 - q2) == r2 - r1 forcing q1 == q2 slowly.
    if (dv.d.is_constant() && dv.d.constant_value() == 0)
      continue;
    bool flip = dv.d.terms().begin()->second < 0;
    Poly d = flip ? dv.d.scaled(-1) : dv.d;
    auto &g = groups[d.key()];
    g.first = d;
    g.second.push_back({&dv, flip ? dv.q.scaled(-1) : dv.q, flip});
  }
  std::vector<Mono> products;
  for (const auto &m : products_)
    products.push_back(m);
  for (const auto &[dkey, group] : groups) {
    const Poly &d = group.first;
    const auto &members = group.second;
    smt::Expr D = to_z3(d);
    // Monotone in the dividend: the unit is a rounding (floor, ceiling or truncation, the same
    // for both members) of a / d, nondecreasing in a when d > 0 and nonincreasing when d < 0.
    for (size_t i = 0; i < members.size(); ++i)
      for (size_t j = 0; j < members.size(); ++j) {
        const Member &mi = members[i], &mj = members[j];
        if (i == j || mi.dv->floor != mj.dv->floor || mi.flipped != mj.flipped)
          continue;
        smt::Expr Ai = to_z3(mi.dv->a), Aj = to_z3(mj.dv->a);
        smt::Expr Ui = to_z3(mi.unit), Uj = to_z3(mj.unit);
        constraints_.push_back(implies(D > 0 && Ai <= Aj, Ui <= Uj));
        constraints_.push_back(implies(D < 0 && Ai <= Aj, Ui >= Uj));
      }
    auto emit = [&](const Poly &m) {
      Poly t = d * m;
      smt::Expr T = to_z3(t), M = to_z3(m);
      constraints_.push_back(
          implies((D > 0 && T > -D && T < D) || (D < 0 && T > D && T < -D), T == 0 && M == 0));
      // And t has m's sign (d > 0) or the opposite one (d < 0).
      constraints_.push_back(implies(D > 0, (T > 0) == (M > 0) && (T < 0) == (M < 0)));
      constraints_.push_back(implies(D < 0, (T > 0) == (M < 0) && (T < 0) == (M > 0)));
    };
    std::set<std::string> emitted;
    auto emit_once = [&](const Poly &m) {
      if (m.terms().empty() || !emitted.insert(m.key()).second)
        return;
      if (emitted.insert(m.scaled(-1).key()).second)
        emit(m);
    };
    Mono dm;
    Int128 dc;
    bool monomial_divisor = d.single_monomial(dm, dc) && dc == 1;
    // Targeted instances: a_i - a_j = d * (u_i - u_j) + r_i - r_j; the part of a_i - a_j that is
    // visibly a multiple d * m (after writing dividends through their own divisions) gives the
    // instance u_i - u_j - m. Same for a single a_i.
    if (monomial_divisor) {
      auto multiple_part = [&](const Poly &p, std::set<const Division *> skip) {
        Poly m, reduced = reduce(p, dm, skip);
        for (const auto &[mono, c] : reduced.terms()) {
          Mono cof;
          if (divide_monomial(mono, dm, cof))
            m = m + poly_of(cof).scaled(c);
        }
        return m;
      };
      for (size_t i = 0; i < members.size(); ++i) {
        emit_once(members[i].unit - multiple_part(members[i].dv->a, {members[i].dv}));
        for (size_t j = i + 1; j < members.size(); ++j)
          emit_once(
              members[i].unit - members[j].unit -
              multiple_part(members[i].dv->a - members[j].dv->a, {members[i].dv, members[j].dv}));
      }
    }
    // Besides, small sums of the cofactors u with d * u a term of the query: quotients first,
    // then products with a quotient, then 1, then the rest by degree.
    std::vector<Poly> units;
    std::vector<std::string> seen;
    auto add_unit = [&](const Poly &u) {
      std::string k = u.key();
      if (std::find(seen.begin(), seen.end(), k) != seen.end())
        return;
      seen.push_back(k);
      units.push_back(u);
    };
    for (const auto &m : members)
      add_unit(m.unit);
    if (monomial_divisor) {
      std::vector<std::pair<int, Poly>> cofactors;
      for (const auto &m : products) {
        Mono cof;
        if (m == dm || !divide_monomial(m, dm, cof))
          continue;
        Poly u = poly_of(cof);
        int with_quotient = 0;
        for (auto a : cof)
          with_quotient += quotient_atoms_.count(a) ? 1 : 0;
        cofactors.emplace_back(
            with_quotient ? static_cast<int>(cof.size()) : 10 + static_cast<int>(cof.size()), u);
        // |u| <= |d * u| for integers when d != 0, with the same sign when d > 0.
        smt::Expr T = to_z3(d * u), U = to_z3(u);
        constraints_.push_back(implies(D > 0 && T >= 0, U >= 0 && U <= T));
        constraints_.push_back(implies(D > 0 && T < 0, U < 0 && U >= T));
        constraints_.push_back(implies(D < 0 && T >= 0, U <= 0 && U >= -T));
        constraints_.push_back(implies(D < 0 && T<0, U> 0 && U <= -T));
      }
      std::stable_sort(cofactors.begin(), cofactors.end(),
                       [](const auto &a, const auto &b) { return a.first < b.first; });
      size_t i = 0;
      for (; i < cofactors.size() && cofactors[i].first < 10; ++i)
        add_unit(cofactors[i].second);
      add_unit(Poly::constant(1));
      for (; i < cofactors.size(); ++i)
        add_unit(cofactors[i].second);
    }
    const size_t kPairUnits = 8, kTripleUnits = 5; // a hundred or so instances
    if (units.size() > kPairUnits)
      units.resize(kPairUnits);
    size_t n = units.size();
    for (size_t i = 0; i < n; ++i) {
      emit_once(units[i]);
      for (size_t j = i + 1; j < n; ++j)
        for (int sj : {1, -1}) {
          Poly m2 = units[i] + units[j].scaled(sj);
          emit_once(m2);
          if (j >= kTripleUnits)
            continue;
          for (size_t k = j + 1; k < std::min(n, kTripleUnits); ++k)
            for (int sk : {1, -1})
              emit_once(m2 + units[k].scaled(sk));
        }
    }
  }
}

// Rewrites the terms of p that are not multiples of the monomial `d` through the divisions whose
// dividend is a single monomial (M == dk * qk + rk, also inside larger products), a few rounds.
// Only used to choose lemma instances, so it need not be complete.
Poly IntEncoding::reduce(const Poly &p0, const Mono &d,
                         const std::set<const Division *> &skip) const {
  // Lowest-degree dividends first: x * c1 goes through c1 == d * q + r, not through itself.
  std::vector<std::pair<Mono, const Division *>> defs;
  for (const auto &[key, dv] : divisions_) {
    Mono am;
    Int128 ac;
    if (!skip.count(&dv) && dv.a.single_monomial(am, ac) && ac == 1)
      defs.emplace_back(am, &dv);
  }
  std::stable_sort(defs.begin(), defs.end(),
                   [](const auto &a, const auto &b) { return a.first.size() < b.first.size(); });
  Poly p = p0;
  for (int round = 0; round < 3; ++round) {
    bool changed = false;
    Poly out;
    for (const auto &[mono, c] : p.terms()) {
      Mono rest;
      Poly term = poly_of(mono).scaled(c);
      if (mono.empty() || divide_monomial(mono, d, rest)) {
        out = out + term;
        continue;
      }
      bool done = false;
      for (const auto &[am, dv] : defs) {
        if (!divide_monomial(mono, am, rest))
          continue;
        out = out + poly_of(rest).scaled(c) * (dv->d * dv->q + dv->r);
        done = changed = true;
        break;
      }
      if (!done)
        out = out + term;
    }
    p = out;
    if (!changed)
      break;
  }
  return p;
}

void IntEncoding::add_product_lemmas() {
  // Signs of the query's products: m = f * rest for each atom f of m.
  std::vector<Mono> products(products_.begin(), products_.end());
  for (const auto &m : products) {
    if (m.size() > 3)
      continue;
    smt::Expr M = to_z3(poly_of(m));
    for (size_t i = 0; i < m.size(); ++i) {
      if (i && m[i] == m[i - 1])
        continue;
      Mono rest = m;
      rest.erase(rest.begin() + static_cast<long>(i));
      smt::Expr F = atoms_[m[i]], R = to_z3(poly_of(rest));
      constraints_.push_back(implies(F == 0 || R == 0, M == 0));
      // Exact where the factor is +-1 (divisors of -1 and 1 are common at the edges).
      constraints_.push_back(implies(F == 1, M == R));
      constraints_.push_back(implies(F == -1, M == -R));
      // |rest| <= |m| when f != 0: an integer factor only makes a product larger.
      constraints_.push_back(implies(F != 0 && M >= 0, R <= M && R >= -M));
      constraints_.push_back(implies(F != 0 && M < 0, R >= M && R <= -M));
      constraints_.push_back(implies(F > 0, (R > 0) == (M > 0) && (R < 0) == (M < 0)));
      constraints_.push_back(implies(F < 0, (R > 0) == (M < 0) && (R < 0) == (M > 0)));
    }
  }
  // Order of products sharing a factor: f * u1 against f * u2 follows u1 against u2 (reversed
  // when f < 0); u may be 1 (the product f * 1 is f itself).
  std::map<uint32_t, std::vector<std::pair<smt::Expr, smt::Expr>>> by_factor; // f -> (u, f * u)
  for (const auto &m : products) {
    if (m.size() != 2)
      continue;
    for (int i = 0; i < 2; ++i) {
      if (i == 1 && m[0] == m[1])
        break;
      by_factor[m[i]].emplace_back(atoms_[m[1 - i]], to_z3(poly_of(m)));
    }
  }
  for (auto &[f, list] : by_factor) {
    list.emplace_back(c_.int_val(1), atoms_[f]);
    smt::Expr F = atoms_[f];
    for (size_t i = 0; i < list.size(); ++i)
      for (size_t j = i + 1; j < list.size(); ++j) {
        const auto &[u1, m1] = list[i];
        const auto &[u2, m2] = list[j];
        constraints_.push_back(implies(F > 0, (u1 <= u2) == (m1 <= m2) && (u1 < u2) == (m1 < m2)));
        constraints_.push_back(implies(F < 0, (u1 <= u2) == (m1 >= m2) && (u1 < u2) == (m1 > m2)));
      }
  }
  // Each division's definition and remainder bounds multiplied by each atom f of a divisor and
  // each input:
  // f * a == f * d * q + f * r, and f * lo <= f * r <= f * hi (reversed for f < 0). This is
  // what relates divisions by d and by f * d (x // c1 // c2 against x // (c1 * c2)).
  std::set<uint32_t> factors;
  for (const auto &[key, dv] : divisions_)
    for (const auto &[m, c] : dv.d.terms())
      factors.insert(m.begin(), m.end());
  for (const auto &[name, id] : inputs_)
    factors.insert(id);
  std::vector<const Division *> divs;
  for (const auto &[key, dv] : divisions_)
    divs.push_back(&dv);
  for (const Division *dv : divs) {
    smt::Expr D = to_z3(dv->d);
    Poly def = dv->a - dv->d * dv->q - dv->r;
    for (uint32_t f : factors) {
      Poly F = Poly::atom(f);
      smt::Expr Fz = atoms_[f];
      constraints_.push_back(implies(D != 0, to_z3(F * def) == 0));
      smt::Expr fr = to_z3(F * dv->r);
      for (const auto &rg : dv->ranges) {
        smt::Expr lo = to_z3(F * rg.lo), hi = to_z3(F * rg.hi);
        constraints_.push_back(implies(rg.guard && Fz > 0, lo <= fr && fr <= hi));
        constraints_.push_back(implies(rg.guard && Fz < 0, hi <= fr && fr <= lo));
      }
    }
  }
}

std::vector<smt::Expr> IntEncoding::finish() {
  // Valid facts about integers; only the purified (linear) question needs them: in exact mode
  // the nonlinear solver knows them, and extra terms only slow it down.
  if (mode_ == Mode::Exact)
    return constraints_;
  if (products_lemmas_)
    add_product_lemmas();
  add_modular_lemmas();
  return constraints_;
}

} // namespace tirconf::prover
