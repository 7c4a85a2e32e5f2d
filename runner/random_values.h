// Random values of a dtype, biased to its edges, for the arguments tirconf makes itself
// (runner/random_arguments.h). Bugs live at the edges — 0, -1, the minimum and the maximum of
// an integer type, -0.0, NaN and infinities of a float type — so those come up far more often
// than a uniform draw would make them.
//
// Deterministic for a seed on every platform: splitmix64 and our own reductions, never the
// std:: distributions, whose output the standard leaves to each library.
#pragma once

#include <cstdint>

#include "ir/dtype.h"
#include "runtime/value.h"

namespace tirconf::runner {

class SplitMix64 {
public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}
  uint64_t next();
  // Uniform in [0, n) for n >= 1 (the modulo bias, at most n / 2^64, does not matter here).
  uint64_t below(uint64_t n) { return n <= 1 ? 0 : next() % n; }
  // Uniform in [lo, hi], lo <= hi.
  int64_t range(int64_t lo, int64_t hi) {
    return lo + static_cast<int64_t>(below(static_cast<uint64_t>(hi - lo) + 1));
  }
  bool percent(int p) { return below(100) < static_cast<uint64_t>(p); }

private:
  uint64_t state_;
};

// One lane of a scalar Int, UInt (bool included), Float or BFloat type, as its raw pattern
// (runtime/value.h):
//   integers: an edge (0, 1, -1, min, max) about half the time, else a small value in [-8, 8]
//             or any pattern; bool 0 or 1;
//   floats:   an edge (+-0, +-1, 0.5, +-max, the smallest normal, +-the smallest subnormal), NaN or
//             an infinity one time in ten, else a small integer or a short binary fraction.
uint64_t random_lane(SplitMix64 &r, ir::DataType element);

// A value of t (a vector's lanes drawn independently). Int, UInt, Float and BFloat only.
runtime::Value random_value(SplitMix64 &r, ir::DataType t);

} // namespace tirconf::runner
