#include "generators/choices.h"

namespace tirconf::gen {

uint64_t splitmix64(uint64_t &state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

uint64_t derive_seed(uint64_t seed, uint64_t index) {
  uint64_t s = seed ^ (index * 0xd1342543de82ef95ULL);
  splitmix64(s);
  return splitmix64(s);
}

SeededChoices::SeededChoices(uint64_t seed) {
  uint64_t s = seed;
  for (auto &w : s_)
    w = splitmix64(s);
}

static inline uint64_t rotl(uint64_t x, int k) {
  return (x << k) | (x >> (64 - k));
}

uint64_t SeededChoices::next() {
  const uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

int64_t Rand::range(int64_t lo, int64_t hi) {
  if (hi <= lo)
    return lo;
  uint64_t span = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo);
  if (span == UINT64_MAX)
    return static_cast<int64_t>(src_.next());
  return static_cast<int64_t>(static_cast<uint64_t>(lo) + below(span + 1));
}

bool Rand::percent(int p) {
  if (p <= 0)
    return false;
  if (p >= 100)
    return true;
  return below(100) >= static_cast<uint64_t>(100 - p);
}

size_t Rand::pick(std::span<const int> weights) {
  uint64_t total = 0;
  for (int w : weights)
    total += w > 0 ? static_cast<uint64_t>(w) : 0;
  if (total == 0)
    return 0;
  uint64_t r = below(total);
  for (size_t i = 0; i < weights.size(); ++i) {
    uint64_t w = weights[i] > 0 ? static_cast<uint64_t>(weights[i]) : 0;
    if (r < w)
      return i;
    r -= w;
  }
  return weights.size() - 1;
}

} // namespace tirconf::gen
