#include "oracle/eval/order.h"

#include <algorithm>
#include <numeric>
#include <random>

namespace tirconf::oracle::eval {

IterationOrder::IterationOrder(int64_t n, bool shuffle, uint64_t seed)
    : n_(n), shuffle_(shuffle && n > 1) {
  if (!shuffle_)
    return;
  std::mt19937_64 rng(seed);
  if (n <= (int64_t{1} << 20)) {
    perm_.resize(static_cast<size_t>(n));
    std::iota(perm_.begin(), perm_.end(), int64_t{0});
    std::shuffle(perm_.begin(), perm_.end(), rng);
    return;
  }
  const uint64_t un = static_cast<uint64_t>(n);
  do
    a_ = rng() % un;
  while (a_ == 0 || std::gcd(a_, un) != 1);
  c_ = rng() % un;
}

int64_t IterationOrder::at(int64_t k) const {
  if (!shuffle_)
    return k;
  if (!perm_.empty())
    return perm_[static_cast<size_t>(k)];
  unsigned __int128 x = static_cast<unsigned __int128>(a_) * static_cast<uint64_t>(k) + c_;
  return static_cast<int64_t>(x % static_cast<uint64_t>(n_));
}

} // namespace tirconf::oracle::eval
