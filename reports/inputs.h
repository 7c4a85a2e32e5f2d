// What `tirconf report` is given, read from the files other verbs write: `tirconf conform --json`
// results, `tirconf fuzz` out folders, `tirconf prove --json` results and an earlier report.json.
// Each reader throws InputError with a diagnostic naming the file, line and column.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace tirconf::report {

struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// One file of a conformance run and how it was judged (tools/cmd_conform.cc).
struct ConformFile {
  std::string file;    // its key: the path below the corpus folder
  std::string status;  // PASS, FAIL, ERROR, CRASH, TIMEOUT, SKIP
  std::string verdict; // pass, expected, unexpected-failure, unexpected-pass, skipped
  std::vector<std::string> rules;
  std::string problem, signature;
};

struct ConformSummary {
  int64_t files = 0, passed = 0, expected_failures = 0, unexpected_failures = 0,
          unexpected_passes = 0, skipped = 0;
};

// One implementation's conformance results; shards of one run are merged into one.
struct ConformRun {
  std::string implementation, version, corpus_hash;
  std::vector<std::string> sources; // the files read
  ConformSummary summary;
  std::vector<ConformFile> files;
};

ConformRun read_conform(const std::string &path);
// Adds a shard's results to `into` (same implementation and corpus, no file twice).
void merge_conform(ConformRun &into, const ConformRun &shard);

struct CampaignFinding {
  std::string signature, slug;
  int64_t count = 0;
  bool known = false;
  std::string known_reason, first_seen, last_seen;
  std::string reduce, reduce_note; // reduction status, e.g. "reduced", "128 -> 36 IR nodes"
  std::string reduced;             // findings/<slug>/reduced.py, when there is one
};

// One `tirconf fuzz` out folder.
struct CampaignRun {
  std::string dir;
  std::string started, updated; // ISO 8601 UTC
  std::vector<std::string> backends;
  std::string profile;
  std::optional<uint64_t> seed;
  double elapsed_seconds = 0, programs_per_second = 0;
  int64_t programs = 0, programs_with_findings = 0, new_signatures = 0;
  std::vector<std::string> rules_reached;
  std::vector<CampaignFinding> findings;
};

CampaignRun read_campaign(const std::string &dir);

// One rewrite rule's proof at every width it was tried.
struct RewriteProof {
  std::string id, file, lhs, rhs, condition;
  int line = 0;
  std::string verdict; // proven, refuted, unknown, ...: the worst over the widths
  bool contradicts_claim = false;
  std::vector<std::pair<std::string, std::string>> widths; // width, verdict
};

std::vector<RewriteProof> read_prove(const std::string &path);

// What a report compares with: each implementation's status per rule, and the signatures seen.
struct PreviousReport {
  std::string path, generated;
  std::map<std::string, std::map<std::string, std::string>>
      status; // implementation -> rule -> status
  std::vector<std::string> signatures;
};

PreviousReport read_previous(const std::string &path);

} // namespace tirconf::report
