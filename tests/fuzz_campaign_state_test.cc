// The campaign's state (fuzz/campaign_state.h): which programs are done, the lowest-index
// programs kept per signature, and the checkpoint's JSON round trip.
#include <gtest/gtest.h>

#include <tuple>

#include "fuzz/campaign_state.h"

namespace tirconf::fuzz {
namespace {

ProgramResult result(uint64_t index, std::vector<std::string> signatures) {
  ProgramResult r;
  r.index = index;
  r.backends.resize(1);
  r.finding = !signatures.empty();
  if (r.finding) {
    r.backends[0].status = BackendStatus::Finding;
    r.stem = "diff_1_" + std::to_string(index);
  }
  r.signatures = std::move(signatures);
  return r;
}

const std::string kSig = "wrong-value | llvm-O2 | int32 buffer element";

TEST(CampaignState, DoneBelowAdvancesOverThisShardsPrograms) {
  CampaignState s;
  s.identity.shard = 1;
  s.identity.shards = 3;
  s.identity.batch = 1; // programs 1, 4, 7, ...
  s.add(result(4, {}), 5, "t");
  EXPECT_EQ(s.done_below, 1u); // program 1 is not done yet
  EXPECT_TRUE(s.is_done(4));
  EXPECT_FALSE(s.is_done(1));
  s.add(result(1, {}), 5, "t");
  EXPECT_EQ(s.done_below, 7u); // 1 and 4 done, 2, 3, 5, 6 are other shards'
  EXPECT_TRUE(s.done.empty());
  EXPECT_EQ(s.tally.done, 2u);
}

TEST(CampaignState, ShardsTakeWholeChunks) {
  CampaignState s;
  s.identity.shard = 1;
  s.identity.shards = 2;
  s.identity.batch = 4; // programs 4..7, 12..15, ...
  EXPECT_FALSE(s.identity.selects(3));
  EXPECT_TRUE(s.identity.selects(4));
  EXPECT_FALSE(s.identity.selects(8));
  for (uint64_t i : {5, 6, 7})
    s.add(result(i, {}), 5, "t");
  EXPECT_EQ(s.done_below, 4u);
  s.add(result(4, {}), 5, "t");
  EXPECT_EQ(s.done_below, 12u);
}

TEST(CampaignState, KeepsTheLowestIndexProgramsWhateverTheOrder) {
  CampaignState s;
  // (index, kept now, evicted now) with two kept per signature.
  const std::tuple<uint64_t, const char *, const char *> steps[] = {{9, "diff_1_9", ""},
                                                                    {3, "diff_1_3", ""},
                                                                    {7, "diff_1_7", "diff_1_9"},
                                                                    {1, "diff_1_1", "diff_1_7"},
                                                                    {5, "", ""}};
  for (const auto &[index, kept, evicted] : steps) {
    const auto added = s.add(result(index, {kSig}), 2, "t" + std::to_string(index));
    EXPECT_EQ(added.new_signatures.size(), index == 9 ? 1u : 0u);
    EXPECT_EQ(added.keep.empty() ? "" : added.keep[0].second, kept) << index;
    EXPECT_EQ(added.evict.empty() ? "" : added.evict[0].second, evicted) << index;
  }
  const SignatureRecord &r = s.signatures.at(kSig);
  EXPECT_EQ(r.count, 5u);
  EXPECT_EQ(r.first_index, 1u);
  EXPECT_EQ(r.last_index, 9u);
  EXPECT_EQ(r.first_seen, "t9");
  EXPECT_EQ(r.last_seen, "t5");
  ASSERT_EQ(r.kept.size(), 2u);
  EXPECT_EQ(r.kept.begin()->first, 1u);
  EXPECT_EQ(r.kept.rbegin()->first, 3u);
}

TEST(CampaignState, CheckpointRoundTrips) {
  CampaignState s;
  s.identity = {"oracle,llvm-O2", "default", 7, 100, 0, 0, 1, 16};
  s.compared = {"llvm-O2"};
  s.tally = Tally(1);
  s.add(result(0, {kSig}), 5, "a");
  s.add(result(2, {}), 5, "b");
  s.rules_reached = {"sem.expr.add"};
  s.signatures.at(kSig).reduce = ReduceStatus::Reduced;
  s.signatures.at(kSig).reduce_note = "40 -> 5 IR nodes";
  s.elapsed_seconds = 12.5;
  std::string error;
  const auto back = state_from_json(to_json(s), error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(to_json(*back), to_json(s));
  EXPECT_EQ(back->done_below, 1u);
  EXPECT_EQ(back->done, std::set<uint64_t>{2});
  EXPECT_EQ(back->signatures.at(kSig).reduce, ReduceStatus::Reduced);
  EXPECT_FALSE(state_from_json("{\"version\": 1}", error));
  EXPECT_NE(error.find("malformed checkpoint"), std::string::npos);
}

TEST(CampaignState, ResultLeavesOutTimingAndSharding) {
  CampaignState a, b;
  for (CampaignState *s : {&a, &b}) {
    s->identity = {"oracle,llvm-O2", "default", 7, 4, 0, 0, 1, 2};
    s->compared = {"llvm-O2"};
  }
  b.identity.shard = 1;
  b.identity.shards = 2;
  for (uint64_t i : {0, 1, 2, 3})
    a.add(result(i, i % 2 ? std::vector<std::string>{kSig} : std::vector<std::string>{}), 5,
          "early");
  for (uint64_t i : {3, 2, 1, 0})
    b.add(result(i, i % 2 ? std::vector<std::string>{kSig} : std::vector<std::string>{}), 5,
          "late");
  b.elapsed_seconds = 99;
  b.tally.oracle_seconds = 3;
  EXPECT_EQ(result_json(a), result_json(b));
}

} // namespace
} // namespace tirconf::fuzz
