#include "runner/random_values.h"

#include <iterator>
#include <stdexcept>

namespace tirconf::runner {

using ir::DataType;

uint64_t SplitMix64::next() {
  uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

namespace {

uint64_t mask_of(int bits) {
  return bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
}

uint64_t integer_lane(SplitMix64 &r, DataType t) {
  if (t.is_bool())
    return r.below(2);
  const uint64_t mask = mask_of(t.bits);
  const uint64_t sign = uint64_t{1} << (t.bits - 1);
  if (r.percent(45)) {
    // Patterns: for Int 0, 1, -1, min, max; for UInt 0, 1, max, max - 1 and the top bit alone
    // (the value that is negative once reinterpreted as signed).
    const uint64_t int_edges[] = {0, 1, mask, sign, sign - 1};
    const uint64_t uint_edges[] = {0, 1, mask, mask - 1, sign};
    return t.is_int() ? int_edges[r.below(std::size(int_edges))]
                      : uint_edges[r.below(std::size(uint_edges))];
  }
  if (r.percent(55)) {
    // Small values: what real programs hold in index and size computations.
    const int64_t v = t.is_int() ? r.range(-8, 8) : r.range(0, 8);
    return static_cast<uint64_t>(v) & mask;
  }
  return r.next() & mask;
}

// The layout of a float format: exponent and mantissa widths.
struct FloatFormat {
  int exponent, mantissa;
};
FloatFormat format_of(DataType t) {
  if (t.is_bfloat())
    return {8, 7};
  switch (t.bits) {
  case 16:
    return {5, 10};
  case 32:
    return {8, 23};
  default:
    return {11, 52};
  }
}

uint64_t float_lane(SplitMix64 &r, DataType t) {
  const auto [e, m] = format_of(t);
  const uint64_t sign = uint64_t{1} << (e + m);
  const uint64_t inf = mask_of(e) << m;
  const uint64_t one = (mask_of(e - 1)) << m; // exponent field = bias
  if (r.percent(35)) {
    const uint64_t edges[] = {0,                        // +0
                              sign,                     // -0
                              one,                      // 1
                              sign | one,               // -1
                              one - (uint64_t{1} << m), // 0.5
                              inf - 1,                  // the largest finite value
                              sign | (inf - 1),         // its negation
                              uint64_t{1} << m,         // the smallest normal
                              1,                        // the smallest subnormal
                              sign | 1};                // its negation
    return edges[r.below(std::size(edges))];
  }
  if (r.percent(15)) {
    const uint64_t specials[] = {inf | (uint64_t{1} << (m - 1)), inf, sign | inf};
    return specials[r.below(std::size(specials))];
  }
  const DataType element = t.element_of();
  if (r.percent(50))
    return runtime::Value::from_double(element, static_cast<double>(r.range(-8, 8))).bits();
  // A short binary fraction (rounded where the format has fewer digits: bfloat16 keeps 8).
  const double num = static_cast<double>(r.range(-4096, 4096));
  const double den = static_cast<double>(uint64_t{1} << r.range(0, 12));
  return runtime::Value::from_double(element, num / den).bits();
}

} // namespace

uint64_t random_lane(SplitMix64 &r, DataType element) {
  if (element.is_integer())
    return integer_lane(r, element);
  if (element.is_floating())
    return float_lane(r, element);
  throw std::invalid_argument("random_lane: no random values of " + ir::to_string(element));
}

runtime::Value random_value(SplitMix64 &r, DataType t) {
  runtime::Value v = runtime::Value::zeros(t);
  for (int lane = 0; lane < v.lanes(); ++lane)
    v.set_bits(lane, random_lane(r, t.element_of()));
  return v;
}

} // namespace tirconf::runner
