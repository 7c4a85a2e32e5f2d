// tirconf fuzz --backends oracle,IMPL... (--time DURATION | --count N) [--seed S] [--profile P]
//              [--jobs J] [--shard I/N] --out DIR [--resume] [--expectations FILE]...
//              [--reduce SECONDS] [--keep K] [-q]
// tirconf fuzz merge DIR... --out DIR
// A nightly differential campaign (fuzz/campaign.h says what its out folder holds and how it
// survives kills); exit 1 only for signatures no expectations file lists. `merge` makes the out
// folders of a campaign's shards into one. This file holds the options and the printing.
#include <unistd.h>

#include <chrono>
#include <iomanip>
#include <iostream>
#include <regex>
#include <sstream>

#include "fuzz/campaign.h"
#include "fuzz/campaign_merge.h"
#include "tools/commands.h"

namespace tirconf::tools {

namespace {

using Clock = std::chrono::steady_clock;

// "8h", "30m", "90s", "1h30m", "3600" as seconds; nothing when malformed or zero.
std::optional<double> parse_duration(const std::string &text) {
  static const std::regex whole(R"((\d+(?:\.\d+)?[hms]?)+)");
  static const std::regex part(R"((\d+(?:\.\d+)?)([hms]?))");
  if (!std::regex_match(text, whole))
    return std::nullopt;
  double seconds = 0;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), part); it != std::sregex_iterator();
       ++it) {
    const double n = std::stod((*it)[1].str());
    const std::string unit = (*it)[2].str();
    seconds += n * (unit == "h" ? 3600 : unit == "m" ? 60 : 1);
  }
  return seconds > 0 ? std::optional<double>(seconds) : std::nullopt;
}

// "I/N" with 0 <= I < N.
bool parse_shard(const std::string &text, uint64_t &shard, uint64_t &shards) {
  static const std::regex form(R"((\d+)/(\d+))");
  std::smatch m;
  if (!std::regex_match(text, m, form))
    return false;
  shard = std::stoull(m[1].str());
  shards = std::stoull(m[2].str());
  return shards > 0 && shard < shards;
}

std::string hms(double seconds) {
  const long s = static_cast<long>(seconds);
  std::ostringstream o;
  if (s >= 3600)
    o << s / 3600 << "h" << std::setw(2) << std::setfill('0') << (s % 3600) / 60 << "m";
  else if (s >= 60)
    o << s / 60 << "m" << std::setw(2) << std::setfill('0') << s % 60 << "s";
  else
    o << s << "s";
  return o.str();
}

class Progress {
public:
  explicit Progress(bool quiet) : quiet_(quiet), tty_(::isatty(STDERR_FILENO)) {}

  void show(const fuzz::CampaignState &s, double run_seconds) {
    if (quiet_)
      return;
    if (done_at_start_ == UINT64_MAX)
      done_at_start_ = s.tally.done; // the rate is this run's, not the resumed campaign's
    const auto now = Clock::now();
    if (std::chrono::duration<double>(now - last_).count() < (tty_ ? 0.5 : 30.0))
      return;
    last_ = now;
    const auto &id = s.identity;
    std::ostringstream line;
    line << "fuzz: " << s.tally.done;
    if (id.count)
      line << "/" << (id.count + id.shards - 1 - id.shard) / id.shards;
    line << " programs";
    if (id.time_limit > 0)
      line << ", " << hms(std::max(0.0, id.time_limit - s.elapsed_seconds)) << " left";
    const double done_here = static_cast<double>(s.tally.done - done_at_start_);
    line << ", " << std::fixed << std::setprecision(1)
         << (run_seconds > 0 ? done_here / run_seconds : 0.0) << " programs/s, "
         << s.signatures.size() << " signatures (" << s.new_signatures() << " new), "
         << s.tally.findings << " programs with findings, " << s.rules_reached.size()
         << " rules reached";
    clear();
    if (tty_) {
      std::cerr << line.str() << std::flush;
      shown_ = true;
    } else {
      std::cerr << line.str() << "\n";
    }
  }
  void log(const std::string &line) {
    clear();
    std::cout << line << "\n" << std::flush;
  }
  void clear() {
    if (tty_ && shown_)
      std::cerr << "\r\033[K";
    shown_ = false;
  }

private:
  bool quiet_, tty_, shown_ = false;
  uint64_t done_at_start_ = UINT64_MAX;
  Clock::time_point last_{};
};

void print_summary(const fuzz::CampaignState &s, const std::string &out) {
  const auto &t = s.tally;
  std::cout << std::fixed << std::setprecision(1) << "fuzz: " << t.done << " programs in "
            << hms(s.elapsed_seconds) << " (" << s.runs << " run" << (s.runs == 1 ? "" : "s")
            << ", "
            << (s.elapsed_seconds > 0 ? static_cast<double>(t.done) / s.elapsed_seconds : 0.0)
            << " programs/s); compared " << t.compared << "; skipped: " << t.unspecified
            << " unspecified, " << t.invalid << " invalid, " << t.limit
            << " over the oracle's budget; " << s.rules_reached.size() << " rules reached\n";
  std::cout << "  oracle internal errors: " << t.oracle_bugs << "\n";
  if (s.cpu_seconds > 0)
    std::cout << "  cpu: " << s.cpu_seconds << " s; the campaign's own bookkeeping "
              << std::setprecision(3) << s.bookkeeping_seconds << " s ("
              << 100.0 * s.bookkeeping_seconds / s.cpu_seconds << "%)\n"
              << std::setprecision(1);
  for (size_t i = 0; i < s.compared.size() && i < t.per_backend.size(); ++i)
    std::cout << "  " << s.compared[i] << ": " << t.per_backend[i].compared << " compared, "
              << t.per_backend[i].findings << " findings, " << t.per_backend[i].unsupported
              << " unsupported\n";
  std::vector<const fuzz::SignatureRecord *> sigs;
  for (const auto &[text, r] : s.signatures)
    sigs.push_back(&r);
  std::stable_sort(sigs.begin(), sigs.end(),
                   [](const auto *a, const auto *b) { return a->count > b->count; });
  if (!sigs.empty())
    std::cout << "  findings by signature (" << sigs.size() << ", " << s.new_signatures()
              << " new):\n";
  for (const auto *r : sigs)
    std::cout << "    " << std::setw(6) << r->count << "  " << (r->known ? "known " : "NEW   ")
              << r->text << "\n            findings/" << r->slug << " ("
              << fuzz::to_string(r->reduce) << (r->reduce_note.empty() ? "" : ": " + r->reduce_note)
              << ")\n";
  std::cout << s.new_signatures() << " new signature" << (s.new_signatures() == 1 ? "" : "s")
            << "; results in " << out << "\n";
}

int run_fuzz(fuzz::CampaignOptions o, bool quiet) {
  if (o.out.empty()) {
    std::cerr << "tirconf fuzz: --out DIR is required (the campaign's folder)\n";
    return kBadInput;
  }
  if (!o.resume && o.diff.count == 0 && o.diff.time_limit == 0) {
    std::cerr << "tirconf fuzz: give --time DURATION or --count N\n";
    return kBadInput;
  }
  Progress progress(quiet);
  fuzz::CampaignEvents events;
  events.progress = [&](const fuzz::CampaignState &s, double seconds) {
    progress.show(s, seconds);
  };
  events.log = [&](const std::string &line) { progress.log(line); };
  const std::string out = o.out;
  const fuzz::CampaignOutcome r = fuzz::run_campaign(std::move(o), events);
  progress.clear();
  if (!r.usage_error.empty()) {
    std::cerr << "tirconf fuzz: " << r.usage_error << "\n";
    return kBadInput;
  }
  for (const auto &p : r.problems)
    std::cerr << "tirconf fuzz: " << p << "\n";
  print_summary(r.state, out);
  if (r.stopped)
    std::cout << "stopped: continue with tirconf fuzz --out " << out << " --resume\n";
  if (r.state.new_signatures() > 0)
    return kFound;
  return r.problems.empty() ? kSuccess : kBadInput;
}

int run_merge(const std::vector<std::string> &dirs, const std::string &out, size_t keep) {
  const fuzz::MergeOutcome m = fuzz::merge_campaigns(dirs, out, keep);
  if (!m.usage_error.empty()) {
    std::cerr << "tirconf fuzz merge: " << m.usage_error << "\n";
    return kBadInput;
  }
  for (const auto &p : m.problems)
    std::cerr << "tirconf fuzz merge: " << p << "\n";
  print_summary(m.state, out);
  if (!m.problems.empty())
    return kBadInput;
  return m.state.new_signatures() > 0 ? kFound : kSuccess;
}

} // namespace

void register_fuzz(CLI::App &app, int &exit_code) {
  struct Options {
    fuzz::CampaignOptions campaign;
    std::string time, shard;
    bool quiet = false;
    std::vector<std::string> merge_dirs;
    std::string merge_out;
  };
  auto opts = std::make_shared<Options>();
  fuzz::CampaignOptions *o = &opts->campaign;
  fuzz::DiffOptions *d = &o->diff;
  auto *cmd = app.add_subcommand("fuzz", "A differential campaign with checkpoints, findings "
                                         "grouped by signature and reduced, and statistics");
  cmd->add_option("--backends", d->backends,
                  "comma-separated, the oracle first (default oracle,llvm-O0,llvm-O2)");
  cmd->add_option("--seed", d->seed, "seed of the run (default: from the clock, recorded)");
  cmd->add_option("--count", d->count, "programs in the whole run (over all shards)");
  cmd->add_option("--time", opts->time,
                  "how long the campaign runs: 8h, 30m, 90s, 1h30m or seconds");
  cmd->add_option("--profile", d->profile, "generator profile: a YAML file or a built-in name");
  cmd->add_option("--jobs,-j", d->jobs, "shard processes on this machine (default 1)");
  cmd->add_option(
      "--shard", opts->shard,
      "I/N: this machine's part of the run (the chunks of --batch programs c with c % N == I)");
  cmd->add_option("--out", o->out, "the campaign's folder (findings, stats, checkpoint, log)");
  cmd->add_flag("--resume", o->resume, "continue the campaign in --out from its checkpoint");
  cmd->add_option("--expectations", o->expectations,
                  "expectations files whose `signatures:` are known findings: counted, not "
                  "reduced, and no reason for exit 1");
  cmd->add_option("--reduce", o->reduce_seconds,
                  "seconds to reduce the first program of each new signature (default 60; 0: "
                  "do not reduce)");
  cmd->add_option("--keep", o->keep, "programs kept per signature (default 5)");
  cmd->add_option("--batch", d->batch, "programs compiled together per backend (default 16)");
  cmd->add_option("--timeout", d->timeout,
                  "seconds a backend may take per program (compile and run; default 10)");
  cmd->add_option("--ulp", d->ulp, "accept float results this many units in the last place apart");
  cmd->add_flag("--fresh-workers", d->fresh_worker_per_chunk,
                "a new worker process for every chunk of --batch programs: a program that "
                "corrupts its worker without a visible difference cannot change what later "
                "chunks show, so a resumed or sharded run finds exactly what one run finds "
                "(costs about 9% with llvm; a worker's start-up per chunk)");
  cmd->add_flag("-q,--quiet", opts->quiet, "no progress line");
  cmd->add_option("--checkpoint-seconds", o->checkpoint_seconds)->group("");
  cmd->add_option("--stats-seconds", o->stats_seconds)->group("");
  auto *merge = cmd->add_subcommand("merge", "Merge the out folders of a campaign's shards");
  merge->add_option("dirs", opts->merge_dirs, "the shards' out folders")->required();
  merge->add_option("--out", opts->merge_out, "the merged folder")->required();
  merge->add_option("--keep", o->keep, "programs kept per signature (default 5)");
  merge->callback([opts, &exit_code] {
    exit_code = run_merge(opts->merge_dirs, opts->merge_out, opts->campaign.keep);
  });
  cmd->callback([opts, cmd, merge, &exit_code] {
    if (merge->parsed())
      return;
    fuzz::CampaignOptions c = opts->campaign;
    for (const char *name :
         {"--backends", "--seed", "--count", "--time", "--profile", "--shard", "--batch"})
      if (cmd->count(name) > 0)
        c.given_identity.push_back(std::string(name).substr(2));
    if (!opts->time.empty()) {
      auto seconds = parse_duration(opts->time);
      if (!seconds) {
        std::cerr << "tirconf fuzz: --time " << opts->time
                  << ": expected a duration such as 8h, 30m, 90s, 1h30m or seconds\n";
        exit_code = kBadInput;
        return;
      }
      c.diff.time_limit = *seconds;
    }
    if (!opts->shard.empty() && !parse_shard(opts->shard, c.diff.shard, c.diff.shards)) {
      std::cerr << "tirconf fuzz: --shard " << opts->shard << ": expected I/N with 0 <= I < N\n";
      exit_code = kBadInput;
      return;
    }
    if (cmd->count("--seed") == 0 && !c.resume) {
      c.diff.seed = static_cast<uint64_t>(
          std::chrono::system_clock::now().time_since_epoch().count() & 0xffffffffffffull);
      std::cout << "tirconf fuzz: seed " << c.diff.seed << "\n";
    }
    exit_code = run_fuzz(std::move(c), opts->quiet);
  });
}

} // namespace tirconf::tools
