// `tirconf fuzz merge`: the out folders of a campaign's shards (the same seed, backends, profile
// and count, each run with --shard I/N) made into one folder as if one machine had run them all:
// counts summed, rules reached united, each signature's count summed and its kept programs the
// lowest-index ones of all shards, its reduced reproducer the one of the shard that met it first.
#pragma once

#include <string>
#include <vector>

#include "fuzz/campaign_state.h"

namespace tirconf::fuzz {

struct MergeOutcome {
  std::string usage_error; // nothing was written
  std::vector<std::string> problems;
  CampaignState state;
};

MergeOutcome merge_campaigns(const std::vector<std::string> &dirs, const std::string &out,
                             size_t keep = 5);

} // namespace tirconf::fuzz
