// The order in which the interpreter runs the iterations of a parallel construct: increasing, or
// a permutation drawn from a seed (any interleaving is allowed, sem.stmt.for.parallel). Up to
// 2^20 iterations the permutation is a uniform shuffle; beyond, an affine permutation
// i -> (a * i + c) mod n with gcd(a, n) = 1, so nothing of size n is materialized.
#pragma once

#include <cstdint>
#include <vector>

namespace tirconf::oracle::eval {

class IterationOrder {
public:
  IterationOrder(int64_t n, bool shuffle, uint64_t seed);
  // The position of the k-th iteration to run, in [0, n).
  int64_t at(int64_t k) const;

private:
  int64_t n_;
  bool shuffle_;
  std::vector<int64_t> perm_; // when shuffled and small
  uint64_t a_ = 1, c_ = 0;    // when shuffled and large
};

} // namespace tirconf::oracle::eval
