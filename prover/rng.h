// The prover's own pseudo-random numbers, so that a seed means the same on every platform and
// standard library: SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
// generators", OOPSLA 2014), the generator Java's SplittableRandom uses:
//
//   state += 0x9E3779B97F4A7C15;
//   z = state;
//   z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9;
//   z = (z ^ (z >> 27)) * 0x94D049BB133111EB;
//   return z ^ (z >> 31);
#pragma once

#include <cstdint>

namespace tirconf::prover {

class Rng {
public:
  explicit Rng(uint64_t seed) : state_(seed) {}

  uint64_t next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n) for n > 0 (Lemire's multiply-shift; the bias below 2^-64 * n is
  // irrelevant for test generation, and keeping it makes the sequence easy to reproduce).
  uint64_t below(uint64_t n) {
    return static_cast<uint64_t>((static_cast<unsigned __int128>(next()) * n) >> 64);
  }
  int64_t range(int64_t lo, int64_t hi) { // uniform in [lo, hi]
    if (lo == INT64_MIN && hi == INT64_MAX)
      return static_cast<int64_t>(next());
    return lo + static_cast<int64_t>(below(static_cast<uint64_t>(hi - lo) + 1));
  }
  bool chance(unsigned percent) { return below(100) < percent; }

private:
  uint64_t state_;
};

} // namespace tirconf::prover
