// Our small wrapper over Z3's C++ API (as Alive2 keeps Z3 behind its own smt::expr): the rest of
// the prover builds terms with these helpers and asks questions through smt::Solver, so the
// choices that matter (timeouts, how a result is read, how big numbers cross the API) live here.
//
// Only the prover's encoders, and the tests of the encodings, include this header; tools use
// prover/prove.h and prover/simplify_check.h, which do not mention Z3.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <z3++.h>

namespace tirconf::prover::smt {

using Expr = z3::expr;
using Int128 = __int128;

// Decimal spelling of a 128-bit integer (Z3 numerals are strings beyond 64 bits).
std::string to_decimal(Int128 v);
// Parses a decimal numeral; nullopt if it does not fit in 128 bits.
std::optional<Int128> parse_decimal(std::string_view s);

// Integer (Int sort) and bit-vector numerals of any size.
Expr int_val(z3::context &c, Int128 v);
Expr bv_val(z3::context &c, Int128 v, unsigned bits); // v reduced modulo 2^bits

// Bit-vector helpers named after what they mean (signed unless said otherwise).
Expr sext_to(const Expr &e, unsigned bits); // sign-extends (or keeps) to `bits`
Expr zext_to(const Expr &e, unsigned bits);
Expr bv_sdiv(const Expr &a, const Expr &b); // truncating quotient (SMT-LIB bvsdiv)
Expr bv_srem(const Expr &a, const Expr &b); // remainder with the dividend's sign (bvsrem)
Expr bv_udiv(const Expr &a, const Expr &b);
Expr bv_urem(const Expr &a, const Expr &b);
Expr bv_slt(const Expr &a, const Expr &b);
Expr bv_sle(const Expr &a, const Expr &b);
Expr bv_ult(const Expr &a, const Expr &b);
Expr bv_ule(const Expr &a, const Expr &b);

// The value of `e` in `m` as a signed integer (bit-vectors read as two's complement when
// `is_signed`), or nullopt when it does not fit in 128 bits.
std::optional<Int128> model_int(const z3::model &m, const Expr &e, bool is_signed = true);
bool model_bool(const z3::model &m, const Expr &e);

// Query budgets: Z3 resource units (rlimit), about 500 per millisecond of a query on the
// machine the figures in bench/README.md come from, so that whether a query ends "unknown"
// does not depend on the machine's load; the wall-clock limit (four times the nominal time)
// only guards against a runaway.
inline unsigned work_units(unsigned ms) {
  return ms * 500;
}
inline unsigned wall_ms(unsigned ms) {
  return ms * 4;
}

enum class Result { Sat, Unsat, Unknown };
const char *to_string(Result r);

// One satisfiability question with a time limit. `check` never reports Unsat for a query it
// gave up on: Z3's "unknown" (time limit, incompleteness) stays Unknown.
class Solver {
public:
  // Which Z3 solver: the default one picks a strategy per query, at a start-up cost of some
  // 14 ms a check; the plain SMT core starts in well under a millisecond and is what linear
  // questions need; QF_BV is Z3's bit-vector configuration.
  enum class Kind { Default, Plain, BitVector };
  explicit Solver(z3::context &c, Kind kind = Kind::Default);
  void add(const Expr &e) { s_.add(e); }
  // `work`: Z3's resource limit (rlimit; roughly half a million units a second here), which
  // makes "unknown" the same on a loaded machine as on an idle one; 0 for none. `timeout_ms` is
  // a wall-clock limit on top of it.
  Result check(unsigned timeout_ms, const std::vector<Expr> &assumptions = {}, unsigned work = 0);
  z3::model model() const { return s_.get_model(); }
  std::string to_smt2() { return s_.to_smt2(); }
  double seconds() const { return seconds_; } // time the last check took

private:
  z3::solver s_;
  double seconds_ = 0;
};

} // namespace tirconf::prover::smt
