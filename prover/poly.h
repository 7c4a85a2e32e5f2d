// Polynomials with integer coefficients over atoms (numbered unknowns: a rule's variables and
// constant symbols, and the quotients, remainders and wrap counts the integer encoding
// introduces). The integer encoding keeps every integer value in this normal form so that it can
// see which terms are multiples of a divisor (prover/int_encoding.h explains why).
#pragma once

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace tirconf::prover {

using Int128 = __int128;
using Mono = std::vector<uint32_t>; // sorted atom ids, with repetition; empty: the constant 1

// A coefficient grew past 2^120: the encoding gives up on the query (reported as unknown).
struct PolyOverflow : std::runtime_error {
  PolyOverflow() : std::runtime_error("polynomial coefficient overflow") {}
};

class Poly {
public:
  Poly() = default;
  static Poly constant(Int128 c);
  static Poly atom(uint32_t id);

  Poly operator+(const Poly &o) const;
  Poly operator-(const Poly &o) const;
  Poly operator*(const Poly &o) const;
  Poly scaled(Int128 k) const;

  bool is_constant() const {
    return terms_.empty() || (terms_.size() == 1 && terms_.begin()->first.empty());
  }
  Int128 constant_value() const; // the constant term
  const std::map<Mono, Int128> &terms() const { return terms_; }
  // If this is c * m for a single monomial m, sets them and returns true.
  bool single_monomial(Mono &m, Int128 &c) const;
  // A canonical spelling (atoms as #id), usable as a map key.
  std::string key() const;

private:
  void add_term(const Mono &m, Int128 c);
  std::map<Mono, Int128> terms_; // no zero coefficients
};

// The monomial as a polynomial (coefficient 1).
Poly poly_of(const Mono &m);

// m / d for monomials (multiset difference) when d divides m; false otherwise.
bool divide_monomial(const Mono &m, const Mono &d, Mono &quotient);

} // namespace tirconf::prover
