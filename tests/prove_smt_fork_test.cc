// A fork while another thread asks Z3 a question with a wall-clock limit (prover/smt.h). Z3 4.8
// registers a fork handler (scoped_timer::finalize) that joins and deletes the threads of its
// timers; a timer that has fired is already back in that pool while its check still uses it, so
// the handler freed it under the check, and the run's heap was corrupted (simplify-check --impl
// tvm restarting TVM's worker while the other job proved: "corrupted double-linked list").
// smt::Solver::check and fork() now wait for each other.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "prover/smt.h"

namespace tirconf::prover::smt {
namespace {

// Questions that run out of wall-clock time (2 ms): factoring a 62-bit semiprime with
// bit-vectors, which Z3 interrupts promptly once its timer fires.
void ask_until(const std::atomic<bool> &stop, std::atomic<long> &checks) {
  while (!stop) {
    z3::context c;
    for (int i = 0; i < 50 && !stop; ++i) {
      Solver s(c, Solver::Kind::BitVector);
      Expr x = c.bv_const("x", 64), y = c.bv_const("y", 64);
      const uint64_t n = 3037000493ull * 1518500291ull + 2 * static_cast<uint64_t>(i);
      s.add(zext_to(x, 128) * zext_to(y, 128) == c.bv_val(n, 128));
      s.add(bv_ult(c.bv_val(1, 64), x) && bv_ult(c.bv_val(1, 64), y));
      s.check(2, {}, work_units(200));
      ++checks;
    }
  }
}

TEST(ProveSmt, AForkWhileAnotherThreadProvesLeavesTheProcessIntact) {
  std::atomic<bool> stop{false};
  std::atomic<long> checks{0};
  {
    // One question first: Z3 registers its fork handler with its first context.
    z3::context c;
    Solver s(c, Solver::Kind::Plain);
    s.add(c.int_const("x") > 0);
    ASSERT_EQ(s.check(1000), Result::Sat);
  }
  std::thread prover(ask_until, std::cref(stop), std::ref(checks));
  int forks = 0;
  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(4);
  while (std::chrono::steady_clock::now() < end) {
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0)
      ::_exit(0);
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    ++forks;
  }
  stop = true;
  prover.join();
  EXPECT_GT(forks, 10);
  EXPECT_GT(checks.load(), 10);
  // The prover still answers in this process.
  z3::context c;
  Solver s(c, Solver::Kind::Plain);
  s.add(c.int_const("x") > 0);
  EXPECT_EQ(s.check(1000), Result::Sat);
}

} // namespace
} // namespace tirconf::prover::smt
