// A campaign's out folder (layout in campaign.h): the files made from its state, each replaced
// atomically, and the reconciliation that makes the folder agree with a state again after a kill.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "fuzz/campaign_state.h"

namespace tirconf::fuzz {

class CampaignFolder {
public:
  explicit CampaignFolder(std::filesystem::path root) : root_(std::move(root)) {}

  const std::filesystem::path &root() const { return root_; }
  std::filesystem::path checkpoint() const { return root_ / "checkpoint.json"; }
  std::filesystem::path staging() const { return root_ / "programs"; }
  std::filesystem::path findings() const { return root_ / "findings"; }
  std::filesystem::path signature_dir(const SignatureRecord &r) const {
    return findings() / r.slug;
  }
  std::filesystem::path reduced(const SignatureRecord &r) const {
    return signature_dir(r) / "reduced.py";
  }

  // The state in checkpoint.json; nothing, with `error` ("PATH: why"), when it cannot be read.
  std::optional<CampaignState> load_checkpoint(std::string &error) const;

  // Each returns "" or what could not be written.
  std::string write_checkpoint(const CampaignState &s) const;
  std::string write_signature(const SignatureRecord &r) const;
  std::string write_result(const CampaignState &s) const;
  std::string write_stats(const CampaignState &s, double run_seconds, double rate_recent) const;

  // A program's finding files (<stem>.py and .json) from `from` into the signature's folder.
  std::string link_program(const std::filesystem::path &from, const SignatureRecord &r,
                           const std::string &stem) const;
  void remove_program(const std::filesystem::path &dir, const std::string &stem) const;

  // Makes the folder what `s` says: the staging folder emptied, signature folders the state
  // does not know removed, programs no longer kept removed, every signature.json rewritten.
  std::vector<std::string> reconcile(const CampaignState &s) const;

  void log(const std::string &line) const; // appended to campaign.log with the time

private:
  std::filesystem::path root_;
};

} // namespace tirconf::fuzz
