// The generators' source of randomness: explicit algorithms with known outputs (so a seed means
// the same program on every machine), and the "0 is simplest" convention shrinking relies on.
#include <gtest/gtest.h>

#include "generators/choices.h"

namespace tirconf::gen {
namespace {

TEST(GenChoices, Splitmix64ReferenceOutputs) {
  // Reference values of splitmix64 started from state 0 (Vigna's splitmix64.c).
  uint64_t s = 0;
  EXPECT_EQ(splitmix64(s), 0xe220a8397b1dcdafULL);
  EXPECT_EQ(splitmix64(s), 0x6e789e6aa1b965f4ULL);
  EXPECT_EQ(splitmix64(s), 0x06c45d188009454fULL);
}

TEST(GenChoices, Xoshiro256StarStarReferenceOutputs) {
  // xoshiro256** seeded with the four splitmix64 outputs above, computed independently (a
  // Python transcription of Blackman and Vigna's xoshiro256starstar.c).
  SeededChoices c(0);
  EXPECT_EQ(c.next(), 0x99ec5f36cb75f2b4ULL);
  EXPECT_EQ(c.next(), 0xbf6e1f784956452aULL);
  EXPECT_EQ(c.next(), 0x1a5f849d4933e6e0ULL);
}

TEST(GenChoices, ReplayReturnsTheListThenZeros) {
  ReplayChoices c({5, 7});
  EXPECT_EQ(c.next(), 5u);
  EXPECT_EQ(c.next(), 7u);
  EXPECT_EQ(c.next(), 0u);
  EXPECT_EQ(c.consumed(), 2u);
}

TEST(GenChoices, ZeroDrawsAreTheSimplestChoice) {
  ReplayChoices zeros({});
  Rand r(zeros);
  EXPECT_EQ(r.below(10), 0u);
  EXPECT_EQ(r.range(3, 9), 3);
  EXPECT_FALSE(r.percent(99));
  const int w[] = {0, 5, 3};
  EXPECT_EQ(r.pick(w), 1u); // the first alternative with a positive weight
}

TEST(GenChoices, RangesAndPicksStayInBounds) {
  SeededChoices c(42);
  Rand r(c);
  int counts[3] = {0, 0, 0};
  const int w[] = {1, 0, 3};
  for (int i = 0; i < 4000; ++i) {
    int64_t v = r.range(-5, 5);
    ASSERT_GE(v, -5);
    ASSERT_LE(v, 5);
    ++counts[r.pick(w)];
  }
  EXPECT_EQ(counts[1], 0);
  // 1:3 weights: the heavier one is drawn about three times as often.
  EXPECT_GT(counts[2], 2 * counts[0]);
  EXPECT_LT(counts[2], 4 * counts[0]);
  EXPECT_EQ(r.range(INT64_MIN, INT64_MIN), INT64_MIN);
}

TEST(GenChoices, DerivedSeedsDifferPerIndex) {
  EXPECT_NE(derive_seed(1, 0), derive_seed(1, 1));
  EXPECT_NE(derive_seed(1, 0), derive_seed(2, 0));
  EXPECT_EQ(derive_seed(3, 4), derive_seed(3, 4));
}

} // namespace
} // namespace tirconf::gen
