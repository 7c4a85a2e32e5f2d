#include "fuzz/campaign_folder.h"

#include <fcntl.h>
#include <unistd.h>

#include <set>

#include <nlohmann/json.hpp>

#include "tools/files.h"

namespace tirconf::fuzz {

namespace fs = std::filesystem;

namespace {

constexpr const char *kFindingExtensions[] = {".py", ".json"};

std::string written(const fs::path &p, const std::string &text) {
  return tools::write_atomically(p, text) ? "" : p.string() + ": cannot write";
}

} // namespace

std::optional<CampaignState> CampaignFolder::load_checkpoint(std::string &error) const {
  const auto text = tools::read_file(checkpoint());
  std::optional<CampaignState> s = text ? state_from_json(*text, error) : std::nullopt;
  if (!s)
    error = checkpoint().string() + ": " + (text ? error : "cannot read");
  return s;
}

std::string CampaignFolder::write_checkpoint(const CampaignState &s) const {
  return written(checkpoint(), to_json(s));
}

std::string CampaignFolder::write_signature(const SignatureRecord &r) const {
  return written(signature_dir(r) / "signature.json", signature_json(r));
}

std::string CampaignFolder::write_result(const CampaignState &s) const {
  return written(root_ / "result.json", result_json(s));
}

std::string CampaignFolder::write_stats(const CampaignState &s, double run_seconds,
                                        double rate_recent) const {
  const Tally &t = s.tally;
  nlohmann::json backends = nlohmann::json::array();
  for (size_t i = 0; i < s.compared.size() && i < t.per_backend.size(); ++i) {
    const auto &p = t.per_backend[i];
    backends.push_back(
        {{"backend", s.compared[i]},
         {"compared", p.compared},
         {"findings", p.findings},
         {"unsupported", p.unsupported},
         {"compile_seconds", p.compile_seconds},
         {"compile_ms_per_program",
          p.compiles ? 1000.0 * p.compile_seconds / static_cast<double>(p.compiles) : 0.0}});
  }
  nlohmann::json sigs = nlohmann::json::array();
  for (const auto &[text, r] : s.signatures)
    sigs.push_back({{"signature", text},
                    {"slug", r.slug},
                    {"count", r.count},
                    {"known", r.known},
                    {"first_seen", r.first_seen},
                    {"last_seen", r.last_seen},
                    {"reduce", std::string(to_string(r.reduce))}});
  const double elapsed = s.elapsed_seconds;
  const nlohmann::json j = {
      {"started", s.started},
      {"updated", s.updated},
      {"runs", s.runs},
      {"elapsed_seconds", elapsed},
      {"this_run_seconds", run_seconds},
      {"programs", t.done},
      {"programs_per_second", elapsed > 0 ? static_cast<double>(t.done) / elapsed : 0.0},
      {"programs_per_second_last_minute", rate_recent},
      {"verdicts",
       {{"compared", t.compared},
        {"invalid", t.invalid},
        {"unspecified", t.unspecified},
        {"over_budget", t.limit},
        {"bad_input", t.bad},
        {"oracle_internal_errors", t.oracle_bugs}}},
      {"cpu_seconds", s.cpu_seconds},
      {"bookkeeping_seconds", s.bookkeeping_seconds},
      {"bookkeeping_share", s.cpu_seconds > 0 ? s.bookkeeping_seconds / s.cpu_seconds : 0.0},
      {"oracle_seconds", t.oracle_seconds},
      {"oracle_ms_per_program",
       t.done ? 1000.0 * t.oracle_seconds / static_cast<double>(t.done) : 0.0},
      {"backends", std::move(backends)},
      {"rules_reached", s.rules_reached.size()},
      {"rules", s.rules_reached},
      {"programs_with_findings", t.findings},
      {"signatures", std::move(sigs)},
      {"new_signatures", s.new_signatures()},
  };
  return written(root_ / "stats.json", j.dump(2) + "\n");
}

std::string CampaignFolder::link_program(const fs::path &from, const SignatureRecord &r,
                                         const std::string &stem) const {
  const fs::path dir = signature_dir(r);
  std::error_code ec;
  fs::create_directories(dir, ec);
  for (const char *ext : kFindingExtensions) {
    const fs::path src = from / (stem + ext), dst = dir / (stem + ext);
    fs::remove(dst, ec);
    // A hard link shares the staged file (written atomically); a copy where links are refused.
    fs::create_hard_link(src, dst, ec);
    if (ec) {
      ec.clear();
      fs::copy_file(src, dst, fs::copy_options::overwrite_existing, ec);
    }
    if (ec)
      return dst.string() + ": " + ec.message();
  }
  return "";
}

void CampaignFolder::remove_program(const fs::path &dir, const std::string &stem) const {
  std::error_code ec;
  for (const char *ext : kFindingExtensions)
    fs::remove(dir / (stem + ext), ec);
}

std::vector<std::string> CampaignFolder::reconcile(const CampaignState &s) const {
  std::vector<std::string> problems;
  std::error_code ec;
  fs::remove_all(staging(), ec);
  // Temporary files of atomic writes a kill interrupted.
  for (const auto &entry : fs::directory_iterator(root_, ec))
    if (entry.path().extension() == ".tmp")
      fs::remove(entry.path(), ec);
  std::set<std::string> slugs;
  for (const auto &[text, r] : s.signatures)
    slugs.insert(r.slug);
  if (fs::is_directory(findings()))
    for (const auto &entry : fs::directory_iterator(findings(), ec))
      if (!slugs.count(entry.path().filename().string()))
        fs::remove_all(entry.path(), ec);
  for (const auto &[text, r] : s.signatures) {
    std::set<std::string> wanted = {"signature.json", "reduced.py"};
    for (const auto &[index, stem] : r.kept)
      for (const char *ext : kFindingExtensions)
        wanted.insert(stem + ext);
    if (fs::is_directory(signature_dir(r)))
      for (const auto &entry : fs::directory_iterator(signature_dir(r), ec))
        if (!wanted.count(entry.path().filename().string()))
          fs::remove_all(entry.path(), ec);
    if (std::string p = write_signature(r); !p.empty())
      problems.push_back(p);
  }
  return problems;
}

void CampaignFolder::log(const std::string &line) const {
  const std::string text = utc_now() + " " + line + "\n";
  // One write(2) with O_APPEND per line: a kill leaves whole lines only.
  const int fd =
      ::open((root_ / "campaign.log").c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0)
    return;
  [[maybe_unused]] const ssize_t n = ::write(fd, text.data(), text.size());
  ::close(fd);
}

} // namespace tirconf::fuzz
