#include "prover/poly.h"

#include <algorithm>

namespace tirconf::prover {

namespace {

const Int128 kLimit = static_cast<Int128>(1) << 120;

Int128 checked(Int128 v) {
  if (v > kLimit || v < -kLimit)
    throw PolyOverflow();
  return v;
}

Int128 checked_mul(Int128 a, Int128 b) {
  Int128 r;
  if (__builtin_mul_overflow(a, b, &r))
    throw PolyOverflow();
  return checked(r);
}

} // namespace

Poly Poly::constant(Int128 c) {
  Poly p;
  p.add_term({}, checked(c));
  return p;
}

Poly Poly::atom(uint32_t id) {
  Poly p;
  p.add_term({id}, 1);
  return p;
}

void Poly::add_term(const Mono &m, Int128 c) {
  if (c == 0)
    return;
  auto [it, fresh] = terms_.emplace(m, c);
  if (!fresh) {
    it->second = checked(it->second + c);
    if (it->second == 0)
      terms_.erase(it);
  }
}

Poly Poly::operator+(const Poly &o) const {
  Poly r = *this;
  for (const auto &[m, c] : o.terms_)
    r.add_term(m, c);
  return r;
}

Poly Poly::operator-(const Poly &o) const {
  Poly r = *this;
  for (const auto &[m, c] : o.terms_)
    r.add_term(m, -c);
  return r;
}

Poly Poly::operator*(const Poly &o) const {
  Poly r;
  for (const auto &[m1, c1] : terms_)
    for (const auto &[m2, c2] : o.terms_) {
      Mono m;
      m.reserve(m1.size() + m2.size());
      std::merge(m1.begin(), m1.end(), m2.begin(), m2.end(), std::back_inserter(m));
      r.add_term(m, checked_mul(c1, c2));
    }
  return r;
}

Poly Poly::scaled(Int128 k) const {
  Poly r;
  for (const auto &[m, c] : terms_)
    r.add_term(m, checked_mul(c, k));
  return r;
}

Int128 Poly::constant_value() const {
  auto it = terms_.find(Mono{});
  return it == terms_.end() ? 0 : it->second;
}

bool Poly::single_monomial(Mono &m, Int128 &c) const {
  if (terms_.size() != 1)
    return false;
  m = terms_.begin()->first;
  c = terms_.begin()->second;
  return true;
}

std::string Poly::key() const {
  std::string s;
  for (const auto &[m, c] : terms_) {
    s += std::to_string(static_cast<long long>(c >> 64)) + ":" +
         std::to_string(static_cast<unsigned long long>(c)) + "*";
    for (auto a : m)
      s += "#" + std::to_string(a);
    s += ";";
  }
  return s;
}

bool divide_monomial(const Mono &m, const Mono &d, Mono &quotient) {
  if (!std::includes(m.begin(), m.end(), d.begin(), d.end()))
    return false;
  quotient.clear();
  std::set_difference(m.begin(), m.end(), d.begin(), d.end(), std::back_inserter(quotient));
  return true;
}

} // namespace tirconf::prover
