// Where every random decision of the generators comes from. A program is a pure function of
// (profile, choice sequence): the same sequence gives the same program, byte for byte, on any
// machine. Two sources exist:
//   SeededChoices  xoshiro256** seeded through splitmix64 (explicit algorithms, no <random>
//                  distributions, whose results differ between standard libraries);
//   ReplayChoices  a recorded list of raw draws, replayed; past its end every draw is 0.
// Convention that makes shrinking work (RapidCheck shrinks the recorded list towards zeros and
// shorter lists): a draw of 0 always picks the simplest alternative - the first option of a
// pick, the low end of a range, "no" for a coin - so a shrunk list is a simpler program that is
// still valid, because the generators are free of unspecified behaviour for every sequence.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace tirconf::gen {

class ChoiceSource {
public:
  virtual ~ChoiceSource() = default;
  // A raw 64-bit draw.
  virtual uint64_t next() = 0;
};

// xoshiro256** (Blackman and Vigna, 2018), state seeded by four splitmix64 outputs.
class SeededChoices final : public ChoiceSource {
public:
  explicit SeededChoices(uint64_t seed);
  uint64_t next() override;

private:
  uint64_t s_[4];
};

class ReplayChoices final : public ChoiceSource {
public:
  explicit ReplayChoices(std::vector<uint64_t> draws) : draws_(std::move(draws)) {}
  uint64_t next() override { return pos_ < draws_.size() ? draws_[pos_++] : 0; }
  size_t consumed() const { return pos_; }

private:
  std::vector<uint64_t> draws_;
  size_t pos_ = 0;
};

// splitmix64 (Steele, Lea and Flood, 2014): one step, used for seeding and for deriving the
// seeds of sub-streams (e.g. the i-th program of a run).
uint64_t splitmix64(uint64_t &state);
// The seed of program `index` of a run started with `seed`.
uint64_t derive_seed(uint64_t seed, uint64_t index);

// Typed draws over a ChoiceSource. Every method maps a raw draw of 0 to its simplest result.
class Rand {
public:
  explicit Rand(ChoiceSource &src) : src_(src) {}

  uint64_t raw() { return src_.next(); }
  // Uniform in [0, n), n >= 1: the raw draw reduced modulo n. (The modulo bias is at most
  // n / 2^64 and keeps the map from raw draws to results simple, which shrinking relies on.)
  uint64_t below(uint64_t n) { return n <= 1 ? 0 : src_.next() % n; }
  // Uniform in [lo, hi] (lo when hi <= lo).
  int64_t range(int64_t lo, int64_t hi);
  // True with probability percent/100; a raw 0 gives false.
  bool percent(int percent);
  // Index i with probability weights[i] / sum; weights must not all be 0 (then 0 is returned).
  size_t pick(std::span<const int> weights);
  template <class T> const T &element(std::span<const T> items) {
    return items[below(items.size())];
  }

private:
  ChoiceSource &src_;
};

} // namespace tirconf::gen
