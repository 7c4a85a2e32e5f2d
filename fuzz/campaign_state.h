// What a campaign has done and found, as its checkpoint keeps it: which programs are done, their
// counts, the rules the oracle reached, and every finding signature with its count and the
// programs kept for it. Everything a campaign's out folder holds is derived from this state, so
// that a campaign killed at any moment resumes from its last checkpoint and ends exactly where an
// uninterrupted one would.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "fuzz/program_result.h"
#include "fuzz/tally.h"

namespace tirconf::fuzz {

// What makes two campaigns the same run (to resume one, or to merge its shards).
struct CampaignIdentity {
  std::string backends; // as given: "oracle,llvm-O0,llvm-O2"
  std::string profile;
  uint64_t seed = 0;
  uint64_t count = 0;    // 0: until the time limit
  double time_limit = 0; // seconds, over all resumes; 0: until count
  uint64_t shard = 0, shards = 1;
  uint64_t batch = 16;        // programs per chunk (DiffOptions::batch): the unit shards take
  bool fresh_workers = false; // DiffOptions::fresh_worker_per_chunk

  // Whether program k is one of this part's (DiffOptions::shard).
  bool selects(uint64_t k) const { return (k / std::max<uint64_t>(1, batch)) % shards == shard; }
};

enum class ReduceStatus { Pending, Reduced, Failed, Known, Off };
std::string_view to_string(ReduceStatus s);

struct SignatureRecord {
  std::string text, slug; // runner::Signature::text() and slug()
  bool known = false;     // listed in an expectations file
  std::string known_reason;
  uint64_t count = 0;                       // programs showing it
  uint64_t first_index = 0, last_index = 0; // lowest and highest program index
  std::string first_seen, last_seen;        // UTC, when they were found
  std::map<uint64_t, std::string> kept;     // the lowest-index programs kept: index -> stem
  ReduceStatus reduce = ReduceStatus::Pending;
  std::string reduce_note; // the reduced file's size, or why it was not reduced
};

struct CampaignState {
  CampaignIdentity identity;
  std::vector<std::string> compared; // the compared backends, in order (the oracle not among them)
  // Done programs: every index below done_below (of this shard's), and those in done.
  uint64_t done_below = 0;
  std::set<uint64_t> done;
  Tally tally{0};
  std::set<std::string> rules_reached;
  std::map<std::string, SignatureRecord> signatures; // by text
  double elapsed_seconds = 0;                        // over all runs of the campaign
  // CPU seconds of the campaign's own work (grouping, files, checkpoints, stats) in this process,
  // and of everything (this process, its shards, their workers, as far as they were waited for).
  double bookkeeping_seconds = 0, cpu_seconds = 0;
  std::string started, updated;
  int runs = 0;        // 1 + resumes
  bool merged = false; // made by `tirconf fuzz merge` from shards: cannot be resumed
  std::vector<uint64_t> merged_shards;

  // Adds a program's result; says which signatures it shows for the first time.
  // `keep`: how many programs to keep per signature (the lowest indices).
  struct Added {
    std::vector<std::string> new_signatures;
    // (signature text, stem) pairs: files to link into the signature's folder, and to remove.
    std::vector<std::pair<std::string, std::string>> keep, evict;
  };
  Added add(const ProgramResult &r, size_t keep, const std::string &now);
  bool is_done(uint64_t index) const { return index < done_below || done.count(index); }
  uint64_t new_signatures() const; // not known
};

// The checkpoint: the whole state as JSON, and back (nothing, with `error`, if malformed).
std::string to_json(const CampaignState &s);
std::optional<CampaignState> state_from_json(const std::string &text, std::string &error);

// What the campaign found, without anything that depends on timing or on how the work was
// spread (shards, jobs, resumes): equal for an uninterrupted run, a resumed one, and merged
// shards of the same seeds.
std::string result_json(const CampaignState &s);
// The record of one signature, written into its folder.
std::string signature_json(const SignatureRecord &r);

// The current UTC time, ISO 8601 to the second.
std::string utc_now();

} // namespace tirconf::fuzz
