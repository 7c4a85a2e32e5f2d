#include "fuzz/campaign_state.h"

#include <algorithm>
#include <ctime>

#include <nlohmann/json.hpp>

#include "runner/signature.h"

namespace tirconf::fuzz {

namespace {

using nlohmann::json;

constexpr int kStateVersion = 1;

constexpr std::pair<ReduceStatus, std::string_view> kReduceNames[] = {
    {ReduceStatus::Pending, "pending"}, {ReduceStatus::Reduced, "reduced"},
    {ReduceStatus::Failed, "failed"},   {ReduceStatus::Known, "known"},
    {ReduceStatus::Off, "off"},
};

std::optional<ReduceStatus> parse_reduce_status(std::string_view s) {
  for (const auto &[status, name] : kReduceNames)
    if (name == s)
      return status;
  return std::nullopt;
}

// "kind | implementation | description" back into its parts, for the slug.
runner::Signature parse_signature(const std::string &text) {
  runner::Signature s;
  const size_t a = text.find(" | ");
  const size_t b = a == std::string::npos ? a : text.find(" | ", a + 3);
  if (b == std::string::npos) {
    s.kind = text;
    return s;
  }
  s.kind = text.substr(0, a);
  s.implementation = text.substr(a + 3, b - a - 3);
  s.description = text.substr(b + 3);
  return s;
}

json identity_json(const CampaignIdentity &id) {
  return {{"backends", id.backends},
          {"profile", id.profile},
          {"seed", id.seed},
          {"count", id.count},
          {"time_limit", id.time_limit},
          {"shard", id.shard},
          {"shards", id.shards},
          {"batch", id.batch},
          {"fresh_workers", id.fresh_workers}};
}

CampaignIdentity identity_from(const json &j) {
  CampaignIdentity id;
  id.backends = j.at("backends").get<std::string>();
  id.profile = j.at("profile").get<std::string>();
  id.seed = j.at("seed").get<uint64_t>();
  id.count = j.at("count").get<uint64_t>();
  id.time_limit = j.at("time_limit").get<double>();
  id.shard = j.at("shard").get<uint64_t>();
  id.shards = j.at("shards").get<uint64_t>();
  id.batch = j.at("batch").get<uint64_t>();
  id.fresh_workers = j.at("fresh_workers").get<bool>();
  return id;
}

// The counts that do not depend on timing or on how programs were grouped into batches.
json verdict_counts(const Tally &t) {
  return {{"programs", t.done},
          {"compared", t.compared},
          {"invalid", t.invalid},
          {"unspecified", t.unspecified},
          {"over_budget", t.limit},
          {"bad_input", t.bad},
          {"oracle_internal_errors", t.oracle_bugs},
          {"with_findings", t.findings}};
}

json tally_json(const Tally &t, const std::vector<std::string> &names) {
  json j = verdict_counts(t);
  j["expects_invalid"] = t.expects_invalid;
  j["oracle_seconds"] = t.oracle_seconds;
  json per = json::array();
  for (size_t i = 0; i < t.per_backend.size(); ++i) {
    const auto &p = t.per_backend[i];
    per.push_back({{"backend", i < names.size() ? names[i] : ""},
                   {"compared", p.compared},
                   {"findings", p.findings},
                   {"unsupported", p.unsupported},
                   {"compiles", p.compiles},
                   {"compile_seconds", p.compile_seconds}});
  }
  j["backends"] = std::move(per);
  return j;
}

Tally tally_from(const json &j) {
  Tally t(j.at("backends").size());
  t.done = j.at("programs").get<uint64_t>();
  t.compared = j.at("compared").get<uint64_t>();
  t.invalid = j.at("invalid").get<uint64_t>();
  t.unspecified = j.at("unspecified").get<uint64_t>();
  t.limit = j.at("over_budget").get<uint64_t>();
  t.bad = j.at("bad_input").get<uint64_t>();
  t.oracle_bugs = j.at("oracle_internal_errors").get<uint64_t>();
  t.findings = j.at("with_findings").get<uint64_t>();
  t.expects_invalid = j.at("expects_invalid").get<uint64_t>();
  t.oracle_seconds = j.at("oracle_seconds").get<double>();
  for (size_t i = 0; i < t.per_backend.size(); ++i) {
    const json &p = j.at("backends").at(i);
    auto &b = t.per_backend[i];
    b.compared = p.at("compared").get<uint64_t>();
    b.findings = p.at("findings").get<uint64_t>();
    b.unsupported = p.at("unsupported").get<uint64_t>();
    b.compiles = p.at("compiles").get<uint64_t>();
    b.compile_seconds = p.at("compile_seconds").get<double>();
  }
  return t;
}

json kept_json(const SignatureRecord &r) {
  json kept = json::array();
  for (const auto &[index, stem] : r.kept)
    kept.push_back({{"index", index}, {"stem", stem}});
  return kept;
}

json record_json(const SignatureRecord &r) {
  return {{"signature", r.text},
          {"slug", r.slug},
          {"known", r.known},
          {"known_reason", r.known_reason},
          {"count", r.count},
          {"first_index", r.first_index},
          {"last_index", r.last_index},
          {"first_seen", r.first_seen},
          {"last_seen", r.last_seen},
          {"kept", kept_json(r)},
          {"reduce", std::string(to_string(r.reduce))},
          {"reduce_note", r.reduce_note}};
}

SignatureRecord record_from(const json &j) {
  SignatureRecord r;
  r.text = j.at("signature").get<std::string>();
  r.slug = j.at("slug").get<std::string>();
  r.known = j.at("known").get<bool>();
  r.known_reason = j.at("known_reason").get<std::string>();
  r.count = j.at("count").get<uint64_t>();
  r.first_index = j.at("first_index").get<uint64_t>();
  r.last_index = j.at("last_index").get<uint64_t>();
  r.first_seen = j.at("first_seen").get<std::string>();
  r.last_seen = j.at("last_seen").get<std::string>();
  for (const json &k : j.at("kept"))
    r.kept.emplace(k.at("index").get<uint64_t>(), k.at("stem").get<std::string>());
  const auto status = parse_reduce_status(j.at("reduce").get<std::string>());
  if (!status)
    throw std::runtime_error("unknown reduce status " + j.at("reduce").dump());
  r.reduce = *status;
  r.reduce_note = j.at("reduce_note").get<std::string>();
  return r;
}

} // namespace

std::string_view to_string(ReduceStatus s) {
  for (const auto &[status, name] : kReduceNames)
    if (status == s)
      return name;
  return "?";
}

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  ::gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

CampaignState::Added CampaignState::add(const ProgramResult &r, size_t keep,
                                        const std::string &now) {
  Added added;
  done.insert(r.index);
  while (!identity.selects(done_below) || done.erase(done_below))
    ++done_below;
  if (tally.per_backend.size() < r.backends.size())
    tally.per_backend.resize(r.backends.size());
  tally.add(r);
  rules_reached.insert(r.new_rules.begin(), r.new_rules.end());
  std::set<std::string> shown(r.signatures.begin(), r.signatures.end());
  for (const auto &text : shown) {
    auto [it, fresh] = signatures.try_emplace(text);
    SignatureRecord &rec = it->second;
    if (fresh) {
      rec.text = text;
      rec.slug = parse_signature(text).slug();
      rec.first_index = rec.last_index = r.index;
      rec.first_seen = now;
      added.new_signatures.push_back(text);
    }
    ++rec.count;
    rec.first_index = std::min(rec.first_index, r.index);
    rec.last_index = std::max(rec.last_index, r.index);
    rec.last_seen = now;
    if (keep == 0 || r.stem.empty())
      continue;
    if (rec.kept.size() >= keep && r.index > rec.kept.rbegin()->first)
      continue;
    rec.kept.emplace(r.index, r.stem);
    added.keep.emplace_back(text, r.stem);
    if (rec.kept.size() > keep) {
      auto last = std::prev(rec.kept.end());
      added.evict.emplace_back(text, last->second);
      rec.kept.erase(last);
    }
  }
  return added;
}

uint64_t CampaignState::new_signatures() const {
  return static_cast<uint64_t>(std::count_if(signatures.begin(), signatures.end(),
                                             [](const auto &kv) { return !kv.second.known; }));
}

std::string to_json(const CampaignState &s) {
  json sigs = json::array();
  for (const auto &[text, rec] : s.signatures)
    sigs.push_back(record_json(rec));
  json j = {{"version", kStateVersion},
            {"identity", identity_json(s.identity)},
            {"compared", s.compared},
            {"done_below", s.done_below},
            {"done", s.done},
            {"tally", tally_json(s.tally, s.compared)},
            {"rules_reached", s.rules_reached},
            {"signatures", std::move(sigs)},
            {"elapsed_seconds", s.elapsed_seconds},
            {"bookkeeping_seconds", s.bookkeeping_seconds},
            {"cpu_seconds", s.cpu_seconds},
            {"started", s.started},
            {"updated", s.updated},
            {"runs", s.runs},
            {"merged", s.merged},
            {"merged_shards", s.merged_shards}};
  return j.dump(1) + "\n";
}

std::optional<CampaignState> state_from_json(const std::string &text, std::string &error) {
  try {
    const json j = json::parse(text);
    if (j.at("version").get<int>() != kStateVersion) {
      error = "checkpoint version " + j.at("version").dump() + ", this tirconf reads " +
              std::to_string(kStateVersion);
      return std::nullopt;
    }
    CampaignState s;
    s.identity = identity_from(j.at("identity"));
    s.compared = j.at("compared").get<std::vector<std::string>>();
    s.done_below = j.at("done_below").get<uint64_t>();
    s.done = j.at("done").get<std::set<uint64_t>>();
    s.tally = tally_from(j.at("tally"));
    s.rules_reached = j.at("rules_reached").get<std::set<std::string>>();
    for (const json &r : j.at("signatures")) {
      SignatureRecord rec = record_from(r);
      const std::string key = rec.text;
      s.signatures.emplace(key, std::move(rec));
    }
    s.elapsed_seconds = j.at("elapsed_seconds").get<double>();
    s.bookkeeping_seconds = j.at("bookkeeping_seconds").get<double>();
    s.cpu_seconds = j.at("cpu_seconds").get<double>();
    s.started = j.at("started").get<std::string>();
    s.updated = j.at("updated").get<std::string>();
    s.runs = j.at("runs").get<int>();
    s.merged = j.at("merged").get<bool>();
    s.merged_shards = j.at("merged_shards").get<std::vector<uint64_t>>();
    return s;
  } catch (const std::exception &e) {
    error = std::string("malformed checkpoint: ") + e.what();
    return std::nullopt;
  }
}

std::string result_json(const CampaignState &s) {
  json per = json::array();
  for (size_t i = 0; i < s.compared.size() && i < s.tally.per_backend.size(); ++i) {
    const auto &p = s.tally.per_backend[i];
    per.push_back({{"backend", s.compared[i]},
                   {"compared", p.compared},
                   {"findings", p.findings},
                   {"unsupported", p.unsupported}});
  }
  json sigs = json::array();
  for (const auto &[text, rec] : s.signatures) {
    json programs = json::array();
    for (const auto &[index, stem] : rec.kept)
      programs.push_back(stem);
    sigs.push_back({{"signature", text},
                    {"slug", rec.slug},
                    {"known", rec.known},
                    {"count", rec.count},
                    {"first_index", rec.first_index},
                    {"last_index", rec.last_index},
                    {"kept", std::move(programs)}});
  }
  const json j = {{"backends", s.identity.backends}, {"profile", s.identity.profile},
                  {"seed", s.identity.seed},         {"programs", verdict_counts(s.tally)},
                  {"per_backend", std::move(per)},   {"rules_reached", s.rules_reached},
                  {"signatures", std::move(sigs)}};
  return j.dump(2) + "\n";
}

std::string signature_json(const SignatureRecord &r) {
  return record_json(r).dump(2) + "\n";
}

} // namespace tirconf::fuzz
