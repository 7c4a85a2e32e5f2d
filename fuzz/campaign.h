// A differential campaign: the engine (shards.h) run for a count of programs or a time budget
// into an out folder that survives anything. Findings are grouped by signature; each new one is
// reduced (reduce_signature.h), known ones (an expectations file's `signatures:`) only counted.
//
// The out folder:
//   checkpoint.json          the campaign's state (campaign_state.h), written every few seconds
//                            and at each new signature; the truth everything else is made from
//   findings/<slug>/         signature.json (count, first and last seen, ...), the kept programs
//                            (<stem>.py conformance file + <stem>.json record), reduced.py
//   stats.json               every minute: counts, rates, time per backend, rules reached
//   result.json              at the end: what was found, independent of timing (campaign_state.h)
//   campaign.log             one line per event (start, resume, new signature, reduction, end)
//   programs/                the engine's finding files before they are sorted (transient)
// Every file is replaced atomically (tools/files.h). A campaign killed at any moment and resumed
// redoes the programs after its last checkpoint; everything derived from the state is rewritten
// from it on resume, so nothing is lost, counted twice or left behind.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "fuzz/campaign_state.h"
#include "fuzz/options.h"

namespace tirconf::fuzz {

struct CampaignOptions {
  // What is compared and how: backends, seed, count or time_limit, profile, shard, jobs, batch,
  // timeout, ulp. On resume the run's identity (CampaignIdentity) comes from the checkpoint.
  DiffOptions diff;
  std::string out;
  bool resume = false;
  // The identity options given explicitly ("backends", "seed", "count", "time", "profile",
  // "shard"): on resume each must agree with the checkpoint.
  std::vector<std::string> given_identity;
  std::vector<std::string> expectations; // files whose `signatures:` are known findings
  double reduce_seconds = 60;            // per new signature; 0: do not reduce
  size_t keep = 5;                       // programs kept per signature (the lowest indices)
  double checkpoint_seconds = 5;
  double stats_seconds = 60;
};

struct CampaignEvents {
  // After each program and about once a second while waiting: the state and this run's seconds.
  std::function<void(const CampaignState &, double seconds)> progress;
  // Each line written to campaign.log, as it is written.
  std::function<void(const std::string &line)> log;
};

struct CampaignOutcome {
  std::string usage_error;           // nothing ran: bad options, unreadable files, not resumable
  std::vector<std::string> problems; // shards that died, files that could not be written
  bool stopped = false;              // by SIGINT/SIGTERM, before its end
  CampaignState state;
};

CampaignOutcome run_campaign(CampaignOptions o, const CampaignEvents &events);

} // namespace tirconf::fuzz
