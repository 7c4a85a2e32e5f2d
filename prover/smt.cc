#include "prover/smt.h"

#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <mutex>
#include <thread>

namespace tirconf::prover::smt {

std::string to_decimal(Int128 v) {
  if (v == 0)
    return "0";
  bool neg = v < 0;
  // Work on the magnitude as unsigned so that the most negative value does not overflow.
  unsigned __int128 m =
      neg ? -static_cast<unsigned __int128>(v) : static_cast<unsigned __int128>(v);
  std::string s;
  while (m) {
    s += static_cast<char>('0' + static_cast<int>(m % 10));
    m /= 10;
  }
  if (neg)
    s += '-';
  std::reverse(s.begin(), s.end());
  return s;
}

std::optional<Int128> parse_decimal(std::string_view s) {
  bool neg = !s.empty() && s[0] == '-';
  if (neg)
    s.remove_prefix(1);
  if (s.empty())
    return std::nullopt;
  unsigned __int128 m = 0;
  const unsigned __int128 limit = static_cast<unsigned __int128>(1) << 127;
  for (char c : s) {
    if (c < '0' || c > '9')
      return std::nullopt;
    if (m > (limit - static_cast<unsigned>(c - '0')) / 10)
      return std::nullopt;
    m = m * 10 + static_cast<unsigned>(c - '0');
  }
  if (!neg && m >= limit)
    return std::nullopt;
  return neg ? -static_cast<Int128>(m - 1) - 1 : static_cast<Int128>(m);
}

Expr int_val(z3::context &c, Int128 v) {
  if (v >= INT64_MIN && v <= INT64_MAX)
    return c.int_val(static_cast<int64_t>(v));
  return c.int_val(to_decimal(v).c_str());
}

Expr bv_val(z3::context &c, Int128 v, unsigned bits) {
  if (bits <= 64 && v >= INT64_MIN && v <= INT64_MAX)
    return c.bv_val(static_cast<int64_t>(v), bits);
  // Negative values: the negation of the magnitude's pattern (every caller's |v| < 2^127).
  if (v < 0)
    return -bv_val(c, -v, bits);
  return c.bv_val(to_decimal(v).c_str(), bits);
}

Expr sext_to(const Expr &e, unsigned bits) {
  unsigned w = e.get_sort().bv_size();
  return w >= bits ? e : z3::sext(e, bits - w);
}
Expr zext_to(const Expr &e, unsigned bits) {
  unsigned w = e.get_sort().bv_size();
  return w >= bits ? e : z3::zext(e, bits - w);
}
Expr bv_sdiv(const Expr &a, const Expr &b) {
  return Expr(a.ctx(), Z3_mk_bvsdiv(a.ctx(), a, b));
}
Expr bv_srem(const Expr &a, const Expr &b) {
  return Expr(a.ctx(), Z3_mk_bvsrem(a.ctx(), a, b));
}
Expr bv_udiv(const Expr &a, const Expr &b) {
  return Expr(a.ctx(), Z3_mk_bvudiv(a.ctx(), a, b));
}
Expr bv_urem(const Expr &a, const Expr &b) {
  return Expr(a.ctx(), Z3_mk_bvurem(a.ctx(), a, b));
}
Expr bv_slt(const Expr &a, const Expr &b) {
  return Expr(a.ctx(), Z3_mk_bvslt(a.ctx(), a, b));
}
Expr bv_sle(const Expr &a, const Expr &b) {
  return Expr(a.ctx(), Z3_mk_bvsle(a.ctx(), a, b));
}
Expr bv_ult(const Expr &a, const Expr &b) {
  return Expr(a.ctx(), Z3_mk_bvult(a.ctx(), a, b));
}
Expr bv_ule(const Expr &a, const Expr &b) {
  return Expr(a.ctx(), Z3_mk_bvule(a.ctx(), a, b));
}

std::optional<Int128> model_int(const z3::model &m, const Expr &e, bool is_signed) {
  Expr v = m.eval(e, true);
  if (v.is_bv()) {
    unsigned w = v.get_sort().bv_size();
    if (w > 127)
      return std::nullopt;
    auto u = parse_decimal(Z3_get_numeral_string(v.ctx(), v)); // the unsigned pattern
    if (!u)
      return std::nullopt;
    Int128 x = *u;
    if (is_signed && w > 0 && ((x >> (w - 1)) & 1))
      x -= static_cast<Int128>(1) << w;
    return x;
  }
  if (!v.is_numeral())
    return std::nullopt;
  return parse_decimal(Z3_get_numeral_string(v.ctx(), v));
}

bool model_bool(const z3::model &m, const Expr &e) {
  return m.eval(e, true).is_true();
}

const char *to_string(Result r) {
  switch (r) {
  case Result::Sat:
    return "sat";
  case Result::Unsat:
    return "unsat";
  case Result::Unknown:
    return "unknown";
  }
  return "?";
}

namespace {
z3::solver make_solver(z3::context &c, Solver::Kind kind) {
  switch (kind) {
  case Solver::Kind::Plain:
    return z3::solver(c, z3::solver::simple());
  case Solver::Kind::BitVector:
    return z3::solver(c, "QF_BV");
  case Solver::Kind::Default:
    break;
  }
  return z3::solver(c);
}
} // namespace

// Z3 4.8 (Debian 12 ships 4.8.12) registers a fork handler with its first context,
// scoped_timer::finalize, which joins and deletes the threads that time its checks. It is not safe
// while a check with a wall-clock limit runs in another thread: a timer that has fired goes back
// to the pool while its check still holds it, finalize deletes it, and the check's end then
// unlocks a mutex in freed memory; finalize also clears the pool without its lock (fixed in Z3
// 4.8.14, Z3Prover/z3#5371, and 4.15, #7618). A process that proves in one thread and starts a
// worker in another (simplify-check --impl tvm restarting TVM's worker after it died) corrupted
// its heap. So a fork waits until no thread is inside a check, and no check begins until the fork
// is done: our handler, registered after Z3's, runs before it (fork runs prepare handlers in the
// reverse order of registration). A fork waits at most for the checks under way, whose wall-clock
// limit ends them.
namespace {

std::atomic<int> checks_running{0};
std::atomic<bool> forking{false};

void before_fork() {
  forking = true;
  while (checks_running.load() != 0)
    std::this_thread::sleep_for(std::chrono::microseconds(200));
}
void after_fork_in_parent() {
  forking = false;
}
void after_fork_in_child() {
  checks_running = 0; // the child has only the forking thread, which was in no check
  forking = false;
}

// A check in progress; waits while a fork is under way. The counter goes up before `forking`
// is read and before_fork sets `forking` before reading the counter (both sequentially
// consistent): one of them sees the other.
class InCheck {
public:
  InCheck() {
    // After a context exists, so after Z3's own handler: ours runs first.
    static std::once_flag registered;
    std::call_once(registered, [] {
      ::pthread_atfork(before_fork, after_fork_in_parent, after_fork_in_child);
    });
    for (;;) {
      ++checks_running;
      if (!forking)
        return;
      --checks_running;
      while (forking)
        std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
  }
  ~InCheck() { --checks_running; }
  InCheck(const InCheck &) = delete;
  InCheck &operator=(const InCheck &) = delete;
};

} // namespace

Solver::Solver(z3::context &c, Kind kind) : s_(make_solver(c, kind)) {}

Result Solver::check(unsigned timeout_ms, const std::vector<Expr> &assumptions, unsigned work) {
  z3::params p(s_.ctx());
  p.set("timeout", timeout_ms);
  if (work)
    p.set("rlimit", work);
  s_.set(p);
  auto t0 = std::chrono::steady_clock::now();
  z3::check_result r;
  {
    InCheck in_check; // Z3's timer for this check is made and ended inside
    if (assumptions.empty()) {
      r = s_.check();
    } else {
      z3::expr_vector v(s_.ctx());
      for (const auto &a : assumptions)
        v.push_back(a);
      r = s_.check(v);
    }
  }
  seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (std::getenv("TIRCONF_PROVE_TRACE")) {
    z3::stats st = s_.statistics();
    for (unsigned i = 0; i < st.size(); ++i)
      if (st.key(i) == "rlimit count")
        std::cerr << "  check: "
                  << (r == z3::unsat ? "unsat"
                      : r == z3::sat ? "sat"
                                     : "unknown")
                  << " " << seconds_ << " s, rlimit " << st.uint_value(i) << "\n";
  }
  switch (r) {
  case z3::sat:
    return Result::Sat;
  case z3::unsat:
    return Result::Unsat;
  default:
    return Result::Unknown;
  }
}

} // namespace tirconf::prover::smt
