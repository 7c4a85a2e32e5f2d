// TIR integer semantics over Z3's mathematical integers (the Int sort), at a fixed width or
// unbounded. Every integer value is a polynomial (prover/poly.h) over atoms:
//
//   - inputs (a rule's variables and constant symbols), each within its dtype's range;
//   - wrap counts k: at width w a sum or product p becomes p - 2^w * k, with k chosen by the
//     constraint that the result lies in the dtype's range ([sem.expr.int_wrap]);
//   - quotient and remainder pairs (q, r), one per distinct (dividend, divisor), defined by
//     a = d * q + r with the remainder bounds of flooring or truncating division
//     ([sem.expr.floordiv], [sem.expr.floormod], [sem.expr.div], [sem.expr.mod]);
//   - Min, Max and integer Select results, defined by an if-then-else.
//
// Two modes. Exact: products of atoms are Z3 products, so a model is a real counterexample (the
// solver works in nonlinear arithmetic). Purified: each distinct product of atoms is a fresh
// unknown, which keeps the question linear; the answer "unsat" is then still a proof (every
// constraint is a true fact of the exact semantics), while "sat" may be spurious. To recover what
// purification forgets about divisibility, finish() adds, for every symbolic divisor d, instances
// of the fact "an integer multiple of d lies strictly between -|d| and |d| only if it is 0" for
// small sums of the terms known to be multiples of d (the quotients q with a = d*q + r, and the
// products that contain d). Those instances are what modular identities such as
// (x + c1) % c2 == (x + c1 % c2) % c2 need, and they are valid for every integer, so the proof
// stays sound. Alongside, for the same divisor: division is monotone in the dividend, and a
// cofactor u of a product d * u is no larger than the product.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "ir/node.h"
#include "oracle/arith/rewrite_rules.h"
#include "prover/poly.h"
#include "prover/status.h"

namespace tirconf::prover {

using oracle::arith::Width;

class IntEncoding {
public:
  enum class Mode { Exact, Purified };

  struct Val {
    bool is_bool = false;
    Poly p;      // integer value
    smt::Expr b; // boolean value
    Status st;
  };

  // `products`: in purified mode, also multiply division facts by divisor atoms and add the
  // signs of products (add_product_lemmas): stronger, and slower.
  IntEncoding(z3::context &c, Mode mode, bool products = false);

  // A fresh input of width w (its range is a constraint), or one bound to a polynomial.
  Val int_input(const std::string &name, const Width &w);
  Val int_input_as(const Poly &value, const Width &w);
  Val bool_input(const std::string &name);
  // A fresh atom without constraints (the k in a substitution x := d * k).
  Poly fresh_atom(const std::string &name);
  smt::Expr input_term(const std::string &name) const; // the Z3 constant of an input

  Val literal(Int128 v, const Width &w);
  Val bool_literal(bool v);
  // The TIR operator `op` (Add .. Or) on a and b, at width w (unbounded: exact integers).
  Val binary(ir::ExprKind op, const Val &a, const Val &b, const Width &w);
  Val select(const Val &c, const Val &t, const Val &f);
  Val logical_not(const Val &a);
  Val fits(const Val &a, const Width &w); // a's exact value lies in w's range

  // Whether `products` would add anything to what was encoded so far: it speaks only of
  // products of unknowns and of divisions.
  bool has_products_or_divisions() const { return !products_.empty() || !divisions_.empty(); }

  smt::Expr equal(const Val &a, const Val &b); // the values are equal
  smt::Expr to_z3(const Poly &p);

  // The side condition says `p` (an exact value) lies in the dtype's range (a top-level fits()):
  // wrapping it is the identity, so no wrap count is introduced for it.
  void assume_in_range(const Poly &p) { in_range_.insert(p.key()); }

  // Adds the divisibility facts and returns every constraint to assert.
  std::vector<smt::Expr> finish();

  z3::context &ctx() { return c_; }
  Mode mode() const { return mode_; }

private:
  struct Range {
    smt::Expr guard;
    Poly lo, hi; // where guard holds: lo <= r <= hi
  };
  struct Division {
    Poly a, d;
    Poly q, r;
    bool floor = true;
    std::vector<Range> ranges;
  };
  Poly fresh(const std::string &prefix);
  Poly wrap(const Poly &p, const Width &w);
  Val division(ir::ExprKind op, const Val &a, const Val &b, const Width &w);
  Poly defined_by(const smt::Expr &value, const std::string &prefix);
  void add_modular_lemmas();
  void add_product_lemmas();
  Poly reduce(const Poly &p, const Mono &d, const std::set<const Division *> &skip) const;

  z3::context &c_;
  Mode mode_;
  bool products_lemmas_ = false;
  std::vector<smt::Expr> atoms_;           // atom id -> Z3 Int constant
  std::map<std::string, uint32_t> inputs_; // input name -> atom id
  std::map<Mono, smt::Expr> monomials_;    // purified products
  std::map<std::string, Poly> wrapped_;    // reduced form -> its wrapped value
  std::map<unsigned, Poly> defined_;       // Z3 term id of a definition -> its atom
  std::vector<smt::Expr> defined_keep_;    // keeps those terms (and their ids) alive
  std::set<Mono> products_;                // every product of atoms used (both modes)
  std::set<uint32_t> quotient_atoms_;
  std::map<std::string, Division> divisions_; // "<kind>|a|d" -> its quotient and remainder
  std::vector<smt::Expr> constraints_;
  std::set<std::string> in_range_; // keys of polynomials known to fit
  int counter_ = 0;
};

} // namespace tirconf::prover
