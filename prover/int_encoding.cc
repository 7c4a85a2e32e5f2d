#include "prover/int_encoding.h"

#include <algorithm>
#include <stdexcept>

namespace tirconf::prover {

using ir::ExprKind;

namespace {

Int128 pow2(int bits) { return static_cast<Int128>(1) << bits; }

bool is_signed(const Width& w) { return w.unbounded || w.dtype.is_int(); }
Int128 lo(const Width& w) { return w.dtype.is_int() ? -pow2(w.dtype.bits - 1) : 0; }
Int128 hi(const Width& w) {
  return w.dtype.is_int() ? pow2(w.dtype.bits - 1) - 1 : pow2(w.dtype.bits) - 1;
}

// v reduced into w's range, as the two's-complement hardware does ([sem.expr.int_wrap]).
Int128 wrap_constant(Int128 v, const Width& w) {
  if (w.unbounded) return v;
  Int128 m = pow2(w.dtype.bits);
  v %= m;
  if (v < 0) v += m;
  if (v > hi(w)) v -= m;
  return v;
}

bool is_division(ExprKind k) {
  return k == ExprKind::Div || k == ExprKind::Mod || k == ExprKind::FloorDiv ||
         k == ExprKind::FloorMod;
}

}  // namespace

IntEncoding::IntEncoding(z3::context& c, Mode mode) : c_(c), mode_(mode) {}

Poly IntEncoding::fresh(const std::string& prefix) {
  std::string name = prefix + "!" + std::to_string(counter_++);
  atoms_.push_back(c_.int_const(name.c_str()));
  return Poly::atom(static_cast<uint32_t>(atoms_.size() - 1));
}

Poly IntEncoding::fresh_atom(const std::string& name) { return fresh(name); }

IntEncoding::Val IntEncoding::int_input(const std::string& name, const Width& w) {
  atoms_.push_back(c_.int_const(name.c_str()));
  uint32_t id = static_cast<uint32_t>(atoms_.size() - 1);
  inputs_[name] = id;
  return int_input_as(Poly::atom(id), w);
}

IntEncoding::Val IntEncoding::int_input_as(const Poly& value, const Width& w) {
  if (!w.unbounded) {
    smt::Expr v = to_z3(value);
    constraints_.push_back(v >= smt::int_val(c_, lo(w)) && v <= smt::int_val(c_, hi(w)));
  }
  return {false, value, c_.bool_val(false), Status::none(c_)};
}

IntEncoding::Val IntEncoding::bool_input(const std::string& name) {
  return {true, Poly(), c_.bool_const(name.c_str()), Status::none(c_)};
}

smt::Expr IntEncoding::input_term(const std::string& name) const {
  auto it = inputs_.find(name);
  if (it == inputs_.end()) throw std::logic_error("prover bug: no input " + name);
  return atoms_[it->second];
}

IntEncoding::Val IntEncoding::literal(Int128 v, const Width& w) {
  return {false, Poly::constant(wrap_constant(v, w)), c_.bool_val(false), Status::none(c_)};
}

IntEncoding::Val IntEncoding::bool_literal(bool v) {
  return {true, Poly(), c_.bool_val(v), Status::none(c_)};
}

smt::Expr IntEncoding::to_z3(const Poly& p) {
  smt::Expr sum = c_.int_val(0);
  bool first = true;
  for (const auto& [m, coeff] : p.terms()) {
    smt::Expr term = c_.int_val(1);
    if (m.size() == 1) {
      term = atoms_[m[0]];
    } else if (m.size() > 1) {
      if (mode_ == Mode::Purified) {
        auto it = monomials_.find(m);
        if (it == monomials_.end())
          it = monomials_.emplace(m, c_.int_const(("m!" + std::to_string(counter_++)).c_str())).first;
        term = it->second;
      } else {
        term = atoms_[m[0]];
        for (size_t i = 1; i < m.size(); ++i) term = term * atoms_[m[i]];
      }
    }
    smt::Expr t = m.empty() ? smt::int_val(c_, coeff)
                  : coeff == 1 ? term
                               : smt::int_val(c_, coeff) * term;
    sum = first ? t : sum + t;
    first = false;
  }
  return sum;
}

Poly IntEncoding::wrap(const Poly& p, const Width& w) {
  if (w.unbounded) return p;
  if (p.is_constant()) return Poly::constant(wrap_constant(p.constant_value(), w));
  Mono m;
  Int128 c;
  if (p.single_monomial(m, c) && c == 1 && m.size() == 1) {
    // A lone atom: inputs and results are already in range.
    return p;
  }
  Poly k = fresh("k");
  Poly r = p - k.scaled(pow2(w.dtype.bits));
  smt::Expr v = to_z3(r);
  constraints_.push_back(v >= smt::int_val(c_, lo(w)) && v <= smt::int_val(c_, hi(w)));
  return r;
}

Poly IntEncoding::defined_by(const smt::Expr& value, const std::string& prefix) {
  Poly v = fresh(prefix);
  constraints_.push_back(to_z3(v) == value);
  return v;
}

IntEncoding::Val IntEncoding::division(ExprKind op, const Val& a, const Val& b, const Width& w) {
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
    return {false, Poly::constant(quotient ? q : r), c_.bool_val(false),
            then_op(st, err, unspec)};
  }
  std::string key = std::string(floor ? "f|" : "t|") + a.p.key() + "|" + b.p.key();
  auto it = divisions_.find(key);
  if (it == divisions_.end()) {
    Division dv{a.p, b.p, fresh("q"), fresh("r")};
    smt::Expr Q = to_z3(dv.q), R = to_z3(dv.r);
    smt::Expr zero = c_.int_val(0);
    constraints_.push_back(implies(D != 0, to_z3(a.p - b.p * dv.q - dv.r) == zero));
    if (floor) {
      constraints_.push_back(implies(D > 0, R >= 0 && R < D));
      constraints_.push_back(implies(D < 0, R <= 0 && R > D));
    } else {
      constraints_.push_back(implies(A >= 0 && D > 0, R >= 0 && R < D));
      constraints_.push_back(implies(A >= 0 && D < 0, R >= 0 && R < -D));
      constraints_.push_back(implies(A < 0 && D > 0, R <= 0 && R > -D));
      constraints_.push_back(implies(A < 0 && D < 0, R <= 0 && R > D));
    }
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

IntEncoding::Val IntEncoding::binary(ExprKind op, const Val& a, const Val& b, const Width& w) {
  Status st = then(a.st, b.st);
  switch (op) {
  case ExprKind::Add: return {false, wrap(a.p + b.p, w), c_.bool_val(false), st};
  case ExprKind::Sub: return {false, wrap(a.p - b.p, w), c_.bool_val(false), st};
  case ExprKind::Mul: return {false, wrap(a.p * b.p, w), c_.bool_val(false), st};
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
  default: break;
  }
  if (is_division(op)) return division(op, a, b, w);
  if (ir::is_comparison(op)) {
    smt::Expr x = a.is_bool ? a.b : to_z3(a.p), y = b.is_bool ? b.b : to_z3(b.p);
    smt::Expr r = c_.bool_val(false);
    switch (op) {
    case ExprKind::EQ: r = x == y; break;
    case ExprKind::NE: r = x != y; break;
    case ExprKind::LT: r = x < y; break;
    case ExprKind::LE: r = x <= y; break;
    case ExprKind::GT: r = x > y; break;
    case ExprKind::GE: r = x >= y; break;
    default: break;
    }
    return {true, Poly(), r.simplify(), st};
  }
  throw std::logic_error(std::string("prover bug: no integer encoding of ") + ir::kind_name(op));
}

IntEncoding::Val IntEncoding::select(const Val& c, const Val& t, const Val& f) {
  // [sem.expr.select] all three operands are evaluated, in order.
  Status st = then(then(c.st, t.st), f.st);
  if (t.is_bool) return {true, Poly(), ite(c.b, t.b, f.b), st};
  if (c.b.is_true()) return {false, t.p, c_.bool_val(false), st};
  if (c.b.is_false()) return {false, f.p, c_.bool_val(false), st};
  return {false, defined_by(ite(c.b, to_z3(t.p), to_z3(f.p)), "sel"), c_.bool_val(false), st};
}

IntEncoding::Val IntEncoding::logical_not(const Val& a) { return {true, Poly(), !a.b, a.st}; }

IntEncoding::Val IntEncoding::fits(const Val& a, const Width& w) {
  if (w.unbounded) return {true, Poly(), c_.bool_val(true), a.st};
  smt::Expr v = to_z3(a.p);
  return {true, Poly(), v >= smt::int_val(c_, lo(w)) && v <= smt::int_val(c_, hi(w)), a.st};
}

smt::Expr IntEncoding::equal(const Val& a, const Val& b) {
  if (a.is_bool) return a.b == b.b;
  return to_z3(a.p - b.p) == 0;
}

void IntEncoding::add_modular_lemmas() {
  // Group the divisions by divisor.
  std::map<std::string, std::vector<const Division*>> groups;
  for (const auto& [key, dv] : divisions_)
    if (!dv.d.is_constant()) groups[dv.d.key()].push_back(&dv);
  std::vector<std::pair<Mono, smt::Expr>> products(monomials_.begin(), monomials_.end());
  for (const auto& [dkey, divs] : groups) {
    const Poly& d = divs.front()->d;
    // The cofactors u with d * u a term of the query: quotients first, then 1 and the
    // products containing d (when d is a single monomial).
    std::vector<Poly> units;
    std::vector<std::string> seen;
    auto add_unit = [&](const Poly& u) {
      std::string k = u.key();
      if (std::find(seen.begin(), seen.end(), k) != seen.end()) return;
      seen.push_back(k);
      units.push_back(u);
    };
    for (const auto* dv : divs) add_unit(dv->q);
    Mono dm;
    Int128 dc;
    if (d.single_monomial(dm, dc) && (dc == 1 || dc == -1)) {
      add_unit(Poly::constant(1));
      for (const auto& [m, term] : products) {
        Mono cof;
        if (m != dm && divide_monomial(m, dm, cof)) {
          Poly u = Poly::constant(1);
          for (auto a : cof) u = u * Poly::atom(a);
          add_unit(u);
        }
      }
    }
    const size_t kMaxUnits = 7;  // keeps the instances to a few hundred per divisor
    if (units.size() > kMaxUnits) units.resize(kMaxUnits);
    smt::Expr D = to_z3(d);
    size_t n = units.size();
    // Sums of one to three units with coefficients +-1 (the first one +1: t and -t say the same).
    auto emit = [&](const Poly& m) {
      Poly t = d * m;
      smt::Expr T = to_z3(t), M = to_z3(m);
      constraints_.push_back(
          implies((D > 0 && T > -D && T < D) || (D < 0 && T > D && T < -D), T == 0 && M == 0));
    };
    for (size_t i = 0; i < n; ++i) {
      emit(units[i]);
      for (size_t j = i + 1; j < n; ++j)
        for (int sj : {1, -1}) {
          Poly m2 = units[i] + units[j].scaled(sj);
          emit(m2);
          for (size_t k = j + 1; k < n; ++k)
            for (int sk : {1, -1}) emit(m2 + units[k].scaled(sk));
        }
    }
  }
}

std::vector<smt::Expr> IntEncoding::finish() {
  if (mode_ == Mode::Purified) add_modular_lemmas();
  return constraints_;
}

}  // namespace tirconf::prover
