#include "fuzz/campaign.h"

#include <algorithm>
#include <sys/resource.h>

#include <chrono>
#include <ctime>
#include <deque>
#include <filesystem>
#include <optional>

#include "fuzz/backend_set.h"
#include "fuzz/campaign_folder.h"
#include "fuzz/job_source.h"
#include "fuzz/reduce_signature.h"
#include "fuzz/shards.h"
#include "fuzz/stop_signal.h"
#include "generators/profile.h"
#include "ir/diagnostic.h"
#include "runner/expectations.h"
#include "tools/files.h"

namespace tirconf::fuzz {

namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

// CPU seconds of this process and of the children it has waited for.
double process_cpu_seconds() {
  rusage self{}, children{};
  ::getrusage(RUSAGE_SELF, &self);
  ::getrusage(RUSAGE_CHILDREN, &children);
  auto secs = [](const timeval &tv) {
    return static_cast<double>(tv.tv_sec) + static_cast<double>(tv.tv_usec) / 1e6;
  };
  return secs(self.ru_utime) + secs(self.ru_stime) + secs(children.ru_utime) +
         secs(children.ru_stime);
}

double thread_cpu_seconds() {
  timespec ts{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

// Adds the CPU time of its scope to a total: what the campaign costs beyond the engine's work.
class CpuTimer {
public:
  explicit CpuTimer(double &total) : total_(total), start_(thread_cpu_seconds()) {}
  ~CpuTimer() { total_ += thread_cpu_seconds() - start_; }

private:
  double &total_;
  double start_;
};

CampaignIdentity identity_of(const DiffOptions &d) {
  return {d.backends,
          d.profile,
          d.seed,
          d.count,
          d.time_limit,
          d.shard,
          d.shards,
          static_cast<uint64_t>(std::max(1, d.batch)),
          d.fresh_worker_per_chunk};
}

void apply_identity(const CampaignIdentity &id, DiffOptions &d) {
  d.backends = id.backends;
  d.profile = id.profile;
  d.seed = id.seed;
  d.count = id.count;
  d.time_limit = id.time_limit;
  d.shard = id.shard;
  d.shards = id.shards;
  d.batch = static_cast<int>(id.batch);
  d.fresh_worker_per_chunk = d.fresh_worker_per_chunk || id.fresh_workers;
}

// One campaign run from its options to its end.
class Campaign {
public:
  Campaign(CampaignOptions o, const CampaignEvents &events)
      : o_(std::move(o)), events_(events), folder_(o_.out) {}

  CampaignOutcome run();

private:
  bool start(CampaignOutcome &out);
  bool load_known(CampaignOutcome &out);
  std::string conflicts(const CampaignIdentity &checkpoint) const;
  void on_chunk(const std::vector<ProgramResult> &chunk);
  void reduce_pending();
  void tick();
  void checkpoint();
  void write_stats();
  void log(const std::string &line);
  void problem(const std::string &p) {
    if (!p.empty())
      problems_.push_back(p);
  }

  CampaignOptions o_;
  const CampaignEvents &events_;
  CampaignFolder folder_;
  CampaignState state_;
  std::map<std::string, std::string> known_; // signature text -> reason
  std::set<std::string> dirty_;              // signatures changed since the last checkpoint
  std::vector<std::string> problems_;
  const volatile std::sig_atomic_t *stop_ = nullptr;
  Clock::time_point run_start_ = Clock::now(), last_checkpoint_ = run_start_,
                    last_stats_ = run_start_;
  double elapsed_before_ = 0;                                 // of earlier runs
  std::deque<std::pair<Clock::time_point, uint64_t>> recent_; // (time, programs) for the rate
};

void Campaign::log(const std::string &line) {
  folder_.log(line);
  if (events_.log)
    events_.log(line);
}

bool Campaign::load_known(CampaignOutcome &out) {
  for (const auto &path : o_.expectations) {
    const runner::ExpectationsResult r = runner::load_expectations(path);
    if (!r.expectations) {
      for (const auto &d : r.diagnostics)
        out.usage_error += (out.usage_error.empty() ? "" : "\n") + ir::format(d);
      return false;
    }
    for (const auto &[text, k] : r.expectations->signatures)
      known_[text] = k.reason;
  }
  return true;
}

// The explicitly given identity options that differ from the checkpoint's, for people.
std::string Campaign::conflicts(const CampaignIdentity &id) const {
  const CampaignIdentity given = identity_of(o_.diff);
  const std::pair<const char *, bool> same[] = {
      {"backends", given.backends == id.backends},
      {"seed", given.seed == id.seed},
      {"count", given.count == id.count},
      {"time", given.time_limit == id.time_limit},
      {"profile", given.profile == id.profile},
      {"shard", given.shard == id.shard && given.shards == id.shards},
      {"batch", given.batch == id.batch},
  };
  std::string out;
  for (const auto &[name, equal] : same)
    if (!equal && std::find(o_.given_identity.begin(), o_.given_identity.end(), name) !=
                      o_.given_identity.end())
      out += (out.empty() ? "--" : ", --") + std::string(name);
  return out;
}

// A fresh campaign's state, or the checkpoint's; false (with a usage error) when neither.
bool Campaign::start(CampaignOutcome &out) {
  const bool exists = fs::exists(folder_.checkpoint());
  if (exists && !o_.resume) {
    out.usage_error = o_.out + ": holds a campaign already (checkpoint.json): add --resume to "
                               "continue it, or give another --out";
    return false;
  }
  if (o_.resume) {
    if (!exists) {
      out.usage_error = o_.out + ": no checkpoint.json to resume";
      return false;
    }
    auto s = folder_.load_checkpoint(out.usage_error);
    if (!s)
      return false;
    if (s->merged) {
      out.usage_error = o_.out + ": a merge of shards, not a campaign that can be resumed";
      return false;
    }
    if (std::string c = conflicts(s->identity); !c.empty()) {
      out.usage_error = o_.out + ": the campaign was started with other options: " + c;
      return false;
    }
    state_ = std::move(*s);
    apply_identity(state_.identity, o_.diff);
    ++state_.runs;
  } else {
    std::error_code ec;
    fs::create_directories(o_.out, ec);
    if (ec) {
      out.usage_error = o_.out + ": cannot create the out folder: " + ec.message();
      return false;
    }
    state_.identity = identity_of(o_.diff);
    state_.started = utc_now();
    state_.runs = 1;
  }
  elapsed_before_ = state_.elapsed_seconds;
  // Known signatures as the expectations files say now (they may have changed since the start).
  for (auto &[text, r] : state_.signatures) {
    auto it = known_.find(text);
    r.known = it != known_.end();
    r.known_reason = r.known ? it->second : "";
    if (r.known)
      r.reduce = ReduceStatus::Known;
    else if (r.reduce == ReduceStatus::Known)
      r.reduce = ReduceStatus::Pending;
  }
  for (auto &p : folder_.reconcile(state_))
    problem(p);
  return true;
}

void Campaign::on_chunk(const std::vector<ProgramResult> &chunk) {
  // After a stop request a chunk's results may come from workers the signal killed too: they are
  // not counted, and a resumed campaign runs the chunk again.
  if (stop_ && *stop_)
    return;
  std::optional<CpuTimer> timer(state_.bookkeeping_seconds);
  const std::string now = utc_now();
  std::vector<std::pair<std::string, uint64_t>> fresh; // new signatures, with their program
  for (const ProgramResult &r : chunk) {
    if (state_.is_done(r.index))
      continue;
    const CampaignState::Added added = state_.add(r, o_.keep, now);
    for (const auto &text : r.signatures)
      dirty_.insert(text);
    for (const auto &[text, stem] : added.keep)
      problem(folder_.link_program(folder_.staging(), state_.signatures.at(text), stem));
    for (const auto &[text, stem] : added.evict)
      folder_.remove_program(folder_.signature_dir(state_.signatures.at(text)), stem);
    if (!r.stem.empty())
      folder_.remove_program(folder_.staging(), r.stem);
    for (const auto &text : added.new_signatures)
      fresh.emplace_back(text, r.index);
  }
  for (const auto &[text, index] : fresh) {
    SignatureRecord &rec = state_.signatures.at(text);
    auto it = known_.find(text);
    rec.known = it != known_.end();
    rec.known_reason = rec.known ? it->second : "";
    rec.reduce = rec.known               ? ReduceStatus::Known
                 : o_.reduce_seconds > 0 ? ReduceStatus::Pending
                                         : ReduceStatus::Off;
    log(std::string(rec.known ? "KNOWN" : "NEW") + " signature " + text + " (program " +
        std::to_string(index) + "): findings/" + rec.slug);
  }
  if (!fresh.empty()) {
    checkpoint();  // a new finding is on disk before the reduction starts
    timer.reset(); // a reduction is work of its own, not the campaign's overhead
    reduce_pending();
    timer.emplace(state_.bookkeeping_seconds);
  }
  tick();
}

// Reduces the first kept program of every signature still waiting for it.
void Campaign::reduce_pending() {
  const ReduceSettings settings{o_.reduce_seconds, 1, o_.diff.timeout, o_.diff.ulp};
  for (auto &[text, rec] : state_.signatures) {
    if (rec.reduce != ReduceStatus::Pending || rec.kept.empty() || (stop_ && *stop_))
      continue;
    const fs::path program = folder_.signature_dir(rec) / (rec.kept.begin()->second + ".py");
    const ReducedFinding r = reduce_for_signature(program.string(), text, settings);
    if (r.ok && tools::write_atomically(folder_.reduced(rec), r.text)) {
      rec.reduce = ReduceStatus::Reduced;
      log("REDUCED " + rec.slug + ": " + r.message + ": findings/" + rec.slug + "/reduced.py");
    } else {
      rec.reduce = ReduceStatus::Failed;
      log("NOT REDUCED " + rec.slug + ": " + (r.ok ? "cannot write reduced.py" : r.message));
    }
    rec.reduce_note = r.message;
    dirty_.insert(text);
    checkpoint();
  }
}

void Campaign::tick() {
  if (seconds_since(last_checkpoint_) >= o_.checkpoint_seconds)
    checkpoint();
  if (seconds_since(last_stats_) >= o_.stats_seconds)
    write_stats();
  if (events_.progress)
    events_.progress(state_, seconds_since(run_start_));
}

// The signatures that changed, then the state that names them: a kill between the two leaves
// signature files ahead of the checkpoint, which reconcile() rewrites on resume.
void Campaign::checkpoint() {
  state_.elapsed_seconds = elapsed_before_ + seconds_since(run_start_);
  state_.updated = utc_now();
  for (const auto &text : dirty_)
    problem(folder_.write_signature(state_.signatures.at(text)));
  dirty_.clear();
  problem(folder_.write_checkpoint(state_));
  last_checkpoint_ = Clock::now();
}

void Campaign::write_stats() {
  const auto now = Clock::now();
  recent_.emplace_back(now, state_.tally.done);
  while (recent_.size() > 1 && now - recent_.front().first > std::chrono::seconds(70))
    recent_.pop_front();
  const double span = std::chrono::duration<double>(now - recent_.front().first).count();
  const double rate =
      span > 0 ? static_cast<double>(state_.tally.done - recent_.front().second) / span : 0.0;
  problem(folder_.write_stats(state_, seconds_since(run_start_), rate));
  last_stats_ = now;
}

CampaignOutcome Campaign::run() {
  CampaignOutcome out;
  if (!load_known(out) || !start(out))
    return out;
  const BackendSet set = backend_set(o_.diff.backends);
  if (!set.error.empty()) {
    out.usage_error = set.error;
    return out;
  }
  auto loaded = gen::load_profile(o_.diff.profile);
  if (!loaded.profile) {
    for (const auto &d : loaded.diagnostics)
      out.usage_error += (out.usage_error.empty() ? "" : "\n") + ir::format(d);
    return out;
  }
  const gen::Profile profile = narrow(*loaded.profile, set.common);
  if (state_.compared.empty())
    state_.compared = set.compared;
  else if (state_.compared != set.compared) {
    out.usage_error = "the backends built into this tirconf differ from the checkpoint's";
    return out;
  }
  state_.tally.per_backend.resize(state_.compared.size());

  DiffOptions d = o_.diff;
  d.seeded = true;
  d.out = folder_.staging().string();
  d.done_below = state_.done_below;
  d.done = state_.done;
  d.rule_coverage = true;
  d.stop = stop_ = install_stop_signals();
  if (d.time_limit > 0)
    d.time_limit = std::max(1e-3, d.time_limit - state_.elapsed_seconds);
  const bool time_spent =
      state_.identity.time_limit > 0 && state_.elapsed_seconds >= state_.identity.time_limit;
  std::error_code ec;
  fs::create_directories(folder_.staging(), ec);
  log((state_.runs == 1 ? "START " : "RESUME ") + std::string("seed ") + std::to_string(d.seed) +
      ", backends " + d.backends + ", profile " + d.profile +
      (d.count ? ", " + std::to_string(d.count) + " programs" : "") +
      (state_.identity.time_limit > 0
           ? ", " + std::to_string(static_cast<long long>(state_.identity.time_limit)) + " s"
           : "") +
      ", shard " + std::to_string(d.shard) + "/" + std::to_string(d.shards) + ", " +
      std::to_string(state_.tally.done) + " programs done");
  const double cpu_before = state_.cpu_seconds, cpu_at_start = process_cpu_seconds();
  checkpoint();
  reduce_pending();
  if (!time_spent && !*stop_) {
    JobSource source(d, &profile);
    const ShardProblems sp =
        run_sharded(d, source, state_.compared,
                    {[&](const std::vector<ProgramResult> &chunk) { on_chunk(chunk); },
                     [&] {
                       CpuTimer timer(state_.bookkeeping_seconds);
                       tick();
                     }});
    if (!sp.fatal.empty())
      problems_.push_back(sp.fatal);
    for (const auto &p : sp.died)
      if (!*stop_) // a shard a Ctrl-C reached is no problem
        problems_.push_back(p);
  }
  out.stopped = *stop_ != 0;
  state_.cpu_seconds = cpu_before + process_cpu_seconds() - cpu_at_start;
  fs::remove(folder_.staging(), ec); // when empty: every finding was sorted
  checkpoint();
  write_stats();
  problem(folder_.write_result(state_));
  log(std::string(out.stopped ? "STOPPED (resume with --resume) " : "END ") +
      std::to_string(state_.tally.done) + " programs, " + std::to_string(state_.signatures.size()) +
      " signatures (" + std::to_string(state_.new_signatures()) + " new)");
  out.problems = problems_;
  out.state = state_;
  return out;
}

} // namespace

CampaignOutcome run_campaign(CampaignOptions o, const CampaignEvents &events) {
  return Campaign(std::move(o), events).run();
}

} // namespace tirconf::fuzz
