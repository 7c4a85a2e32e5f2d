#include "fuzz/campaign_merge.h"

#include <algorithm>
#include <filesystem>
#include <map>

#include "fuzz/campaign_folder.h"
#include "tools/files.h"

namespace tirconf::fuzz {

namespace fs = std::filesystem;

namespace {

bool same_run(const CampaignIdentity &a, const CampaignIdentity &b) {
  return a.backends == b.backends && a.profile == b.profile && a.seed == b.seed &&
         a.count == b.count && a.time_limit == b.time_limit && a.shards == b.shards &&
         a.batch == b.batch && a.fresh_workers == b.fresh_workers;
}

void add_tally(Tally &into, const Tally &t) {
  into.done += t.done;
  into.compared += t.compared;
  into.invalid += t.invalid;
  into.unspecified += t.unspecified;
  into.limit += t.limit;
  into.expects_invalid += t.expects_invalid;
  into.bad += t.bad;
  into.oracle_bugs += t.oracle_bugs;
  into.findings += t.findings;
  into.oracle_seconds += t.oracle_seconds;
  into.per_backend.resize(std::max(into.per_backend.size(), t.per_backend.size()));
  for (size_t i = 0; i < t.per_backend.size(); ++i) {
    auto &p = into.per_backend[i];
    const auto &q = t.per_backend[i];
    p.compared += q.compared;
    p.findings += q.findings;
    p.unsupported += q.unsupported;
    p.compiles += q.compiles;
    p.compile_seconds += q.compile_seconds;
  }
}

struct Shard {
  CampaignFolder folder;
  CampaignState state;
};

} // namespace

MergeOutcome merge_campaigns(const std::vector<std::string> &dirs, const std::string &out,
                             size_t keep) {
  MergeOutcome m;
  std::vector<Shard> shards;
  for (const auto &dir : dirs) {
    CampaignFolder folder(dir);
    auto s = folder.load_checkpoint(m.usage_error);
    if (!s)
      return m;
    if (s->merged) {
      m.usage_error = dir + ": a merge already; merge the shards' own folders";
      return m;
    }
    for (const auto &other : shards) {
      if (!same_run(other.state.identity, s->identity) || other.state.compared != s->compared) {
        m.usage_error = dir + ": not a shard of the same run as " + other.folder.root().string() +
                        " (seed, backends, profile, count, time, batch and shard count must agree)";
        return m;
      }
      if (other.state.identity.shard == s->identity.shard) {
        m.usage_error = dir + ": shard " + std::to_string(s->identity.shard) + " given twice";
        return m;
      }
    }
    shards.push_back({folder, std::move(*s)});
  }
  if (shards.empty()) {
    m.usage_error = "no shard folders to merge";
    return m;
  }
  CampaignFolder target(out);
  if (fs::exists(target.checkpoint())) {
    std::string error;
    const auto s = target.load_checkpoint(error);
    if (!s || !s->merged) {
      m.usage_error = out + ": holds a campaign that is not a merge; give an empty folder";
      return m;
    }
  }
  std::sort(shards.begin(), shards.end(), [](const Shard &a, const Shard &b) {
    return a.state.identity.shard < b.state.identity.shard;
  });

  CampaignState &s = m.state;
  s.identity = shards.front().state.identity;
  s.identity.shard = 0;
  s.compared = shards.front().state.compared;
  s.tally = Tally(s.compared.size());
  s.merged = true;
  s.started = shards.front().state.started;
  // Where each kept program comes from, and which shards met each signature.
  std::map<std::string, std::map<uint64_t, const Shard *>> program_from;
  std::map<std::string, std::vector<const Shard *>> met_by;
  for (const Shard &sh : shards) {
    const CampaignState &t = sh.state;
    s.merged_shards.push_back(t.identity.shard);
    add_tally(s.tally, t.tally);
    s.rules_reached.insert(t.rules_reached.begin(), t.rules_reached.end());
    s.elapsed_seconds = std::max(s.elapsed_seconds, t.elapsed_seconds); // they ran side by side
    s.started = std::min(s.started, t.started);
    s.updated = std::max(s.updated, t.updated);
    s.runs += t.runs;
    s.cpu_seconds += t.cpu_seconds;
    s.bookkeeping_seconds += t.bookkeeping_seconds;
    for (const auto &[text, r] : t.signatures) {
      met_by[text].push_back(&sh);
      auto [it, fresh] = s.signatures.try_emplace(text, r);
      SignatureRecord &into = it->second;
      for (const auto &[index, stem] : r.kept)
        program_from[text][index] = &sh;
      if (fresh)
        continue;
      into.count += r.count;
      into.first_index = std::min(into.first_index, r.first_index);
      into.last_index = std::max(into.last_index, r.last_index);
      into.first_seen = std::min(into.first_seen, r.first_seen);
      into.last_seen = std::max(into.last_seen, r.last_seen);
      into.known = into.known || r.known;
      into.kept.insert(r.kept.begin(), r.kept.end());
    }
  }
  // Each signature's reduced reproducer: from the shard that met it first among those that
  // reduced it; without one, the reduction status of the shard that met it first.
  std::map<std::string, const Shard *> reduced_from;
  for (auto &[text, r] : s.signatures) {
    auto &holders = met_by[text];
    std::sort(holders.begin(), holders.end(), [&](const Shard *a, const Shard *b) {
      return a->state.signatures.at(text).first_index < b->state.signatures.at(text).first_index;
    });
    const Shard *from = holders.front();
    for (const Shard *h : holders)
      if (h->state.signatures.at(text).reduce == ReduceStatus::Reduced) {
        from = reduced_from[text] = h;
        break;
      }
    r.reduce = from->state.signatures.at(text).reduce;
    r.reduce_note = from->state.signatures.at(text).reduce_note;
    while (r.kept.size() > keep)
      r.kept.erase(std::prev(r.kept.end()));
  }

  std::error_code ec;
  fs::create_directories(target.findings(), ec);
  for (auto &p : target.reconcile(s))
    m.problems.push_back(p);
  for (const auto &[text, r] : s.signatures) {
    for (const auto &[index, stem] : r.kept) {
      const Shard *from = program_from[text][index];
      const fs::path dir = from->folder.signature_dir(from->state.signatures.at(text));
      if (std::string p = target.link_program(dir, r, stem); !p.empty())
        m.problems.push_back(p);
    }
    if (auto it = reduced_from.find(text); it != reduced_from.end()) {
      const Shard *from = it->second;
      auto reduced = tools::read_file(from->folder.reduced(from->state.signatures.at(text)));
      if (!reduced || !tools::write_atomically(target.reduced(r), *reduced))
        m.problems.push_back(target.reduced(r).string() + ": cannot copy the reduced file");
    } else {
      fs::remove(target.reduced(r), ec);
    }
  }
  for (const auto &p :
       {target.write_checkpoint(s), target.write_result(s), target.write_stats(s, 0, 0)})
    if (!p.empty())
      m.problems.push_back(p);
  target.log("MERGED " + std::to_string(shards.size()) +
             " shards: " + std::to_string(s.tally.done) + " programs, " +
             std::to_string(s.signatures.size()) + " signatures");
  return m;
}

} // namespace tirconf::fuzz
