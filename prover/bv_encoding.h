// TIR integer semantics as Z3 bit-vectors at a fixed width: two's-complement wrapping + - *
// ([sem.expr.int_wrap]), truncating Div/Mod as SMT-LIB's bvsdiv/bvsrem ([sem.expr.div],
// [sem.expr.mod]), and FloorDiv/FloorMod built from them with the sign correction: one less
// quotient, and the divisor added to the remainder, when the remainder is nonzero and its sign
// differs from the divisor's ([sem.expr.floordiv], [sem.expr.floormod]). A zero divisor is an
// error and INT_MIN / -1 is unspecified ([unspec.int_min_div]); both show in the Status, not in
// the value.
//
// Side conditions are read over the mathematical integers; here they are computed exactly in
// bit-vectors wide enough that nothing overflows (a sum gets one more bit than its widest
// operand, a product the sum of its operands' bits), so a condition means the same as in the
// integer encoding.
#pragma once

#include <map>
#include <string>

#include "ir/node.h"
#include "oracle/arith/rewrite_rules.h"
#include "prover/status.h"

namespace tirconf::prover {

using oracle::arith::Width;
using Int128 = __int128;

class BvEncoding {
public:
  struct Val {
    bool is_bool = false;
    smt::Expr v;              // bit-vector (integers) or Bool
    bool exact = false;       // a mathematical integer in signed two's complement of v's size
    bool is_unsigned = false; // a UInt value of the rule's dtype (not exact)
    Status st;
  };

  BvEncoding(z3::context &c, const Width &dtype); // dtype: the rule's fixed width

  Val int_input(const std::string &name);
  Val bool_input(const std::string &name);
  smt::Expr input_term(const std::string &name) const;

  Val literal(Int128 v, const Width &w); // w unbounded: an exact literal
  Val bool_literal(bool v);
  // `op` at width w: the rule's dtype (TIR semantics) or unbounded (exact, for conditions).
  Val binary(ir::ExprKind op, const Val &a, const Val &b, const Width &w);
  Val select(const Val &c, const Val &t, const Val &f);
  Val logical_not(const Val &a);
  Val fits(const Val &a, const Width &w);

  smt::Expr equal(const Val &a, const Val &b);
  std::vector<smt::Expr> finish() { return {}; }
  z3::context &ctx() { return c_; }

private:
  Val exact(const Val &a) const; // a as an exact signed value
  Val exact_binary(ir::ExprKind op, const Val &a, const Val &b);
  Val tir_binary(ir::ExprKind op, const Val &a, const Val &b);

  z3::context &c_;
  Width dtype_;
  unsigned bits_;
  std::map<std::string, smt::Expr> inputs_;
};

} // namespace tirconf::prover
