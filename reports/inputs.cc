#include "reports/inputs.h"

#include <algorithm>
#include <filesystem>
#include <set>

#include <nlohmann/json.hpp>

#include "reports/json_location.h"
#include "tools/files.h"

namespace tirconf::report {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// A JSON document being read: every complaint names the file, line and column of the value.
class Document {
public:
  Document(std::string path, std::string text) : path_(std::move(path)), text_(std::move(text)) {
    try {
      root_ = json::parse(text_);
    } catch (const json::parse_error &e) {
      const TextLocation at = location_of_offset(text_, e.byte == 0 ? 0 : e.byte - 1);
      throw InputError(where(at) + ": error: not JSON: " + clean(e.what()));
    }
  }
  static Document load(const std::string &path) {
    auto text = tools::read_file(path);
    if (!text)
      throw InputError(path + ": error: cannot read the file");
    return Document(path, std::move(*text));
  }

  const json &root() const { return root_; }

  [[noreturn]] void fail(const std::string &pointer, const std::string &message) const {
    throw InputError(where(locate_pointer(text_, pointer)) + ": error: " + message);
  }
  // The member `key` of the object at `pointer`, which must have type `type`.
  const json &need(const json &object, const std::string &pointer, const std::string &key,
                   json::value_t type) const {
    if (!object.is_object())
      fail(pointer, "expected an object");
    auto it = object.find(key);
    if (it == object.end())
      fail(pointer, "missing \"" + key + "\"");
    if (!same_kind(it->type(), type))
      fail(pointer + "/" + key, "\"" + key + "\" should be " + kind_name(type));
    return *it;
  }
  std::string text_of(const json &object, const std::string &pointer,
                      const std::string &key) const {
    return need(object, pointer, key, json::value_t::string).get<std::string>();
  }
  int64_t int_of(const json &object, const std::string &pointer, const std::string &key) const {
    return need(object, pointer, key, json::value_t::number_integer).get<int64_t>();
  }
  double number_of(const json &object, const std::string &pointer, const std::string &key) const {
    return need(object, pointer, key, json::value_t::number_float).get<double>();
  }
  std::vector<std::string> strings_of(const json &object, const std::string &pointer,
                                      const std::string &key) const {
    const json &a = need(object, pointer, key, json::value_t::array);
    std::vector<std::string> out;
    for (size_t i = 0; i < a.size(); ++i) {
      if (!a[i].is_string())
        fail(pointer + "/" + key + "/" + std::to_string(i), "expected a string");
      out.push_back(a[i].get<std::string>());
    }
    return out;
  }
  std::string optional_text(const json &object, const std::string &key) const {
    auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : "";
  }

private:
  static bool same_kind(json::value_t have, json::value_t want) {
    auto number = [](json::value_t t) {
      return t == json::value_t::number_integer || t == json::value_t::number_unsigned ||
             t == json::value_t::number_float;
    };
    if (want == json::value_t::number_float)
      return number(have);
    if (want == json::value_t::number_integer)
      return have == json::value_t::number_integer || have == json::value_t::number_unsigned;
    return have == want;
  }
  static std::string kind_name(json::value_t t) {
    switch (t) {
    case json::value_t::string:
      return "a string";
    case json::value_t::array:
      return "an array";
    case json::value_t::object:
      return "an object";
    case json::value_t::boolean:
      return "true or false";
    case json::value_t::number_integer:
      return "an integer";
    default:
      return "a number";
    }
  }
  static std::string
  clean(std::string what) { // "[json.exception.parse_error.101] parse error at line 1, column 2: x"
    const size_t colon = what.find(": ");
    return colon == std::string::npos ? what : what.substr(colon + 2);
  }
  std::string where(TextLocation at) const {
    return path_ + ":" + std::to_string(at.line) + ":" + std::to_string(at.column);
  }

  std::string path_, text_;
  json root_;
};

const std::set<std::string> kVerdicts = {"pass", "expected", "unexpected-failure",
                                         "unexpected-pass", "skipped"};

} // namespace

ConformRun read_conform(const std::string &path) {
  const Document d = Document::load(path);
  const json &r = d.root();
  ConformRun run;
  run.sources.push_back(path);
  const json &impl = d.need(r, "", "implementation", json::value_t::object);
  run.implementation = d.text_of(impl, "/implementation", "name");
  run.version = d.optional_text(impl, "version");
  run.corpus_hash = d.optional_text(r, "corpus_hash");
  const json &s = d.need(r, "", "summary", json::value_t::object);
  run.summary.files = d.int_of(s, "/summary", "files");
  run.summary.passed = d.int_of(s, "/summary", "passed");
  run.summary.expected_failures = d.int_of(s, "/summary", "expected_failures");
  run.summary.unexpected_failures = d.int_of(s, "/summary", "unexpected_failures");
  run.summary.unexpected_passes = d.int_of(s, "/summary", "unexpected_passes");
  run.summary.skipped = d.int_of(s, "/summary", "skipped");
  const json &files = d.need(r, "", "files", json::value_t::array);
  for (size_t i = 0; i < files.size(); ++i) {
    const std::string at = "/files/" + std::to_string(i);
    ConformFile f;
    f.file = d.text_of(files[i], at, "file");
    f.status = d.text_of(files[i], at, "status");
    f.verdict = d.text_of(files[i], at, "verdict");
    if (!kVerdicts.count(f.verdict))
      d.fail(at + "/verdict", "unknown verdict \"" + f.verdict + "\"");
    f.rules = d.strings_of(files[i], at, "rules");
    f.problem = d.optional_text(files[i], "problem");
    f.signature = d.optional_text(files[i], "signature");
    run.files.push_back(std::move(f));
  }
  if (static_cast<int64_t>(run.files.size()) != run.summary.files)
    d.fail("/summary/files", "the summary counts " + std::to_string(run.summary.files) +
                                 " files but " + std::to_string(run.files.size()) + " are listed");
  return run;
}

void merge_conform(ConformRun &into, const ConformRun &shard) {
  const std::string source = shard.sources.empty() ? "" : shard.sources.front();
  if (into.corpus_hash != shard.corpus_hash)
    throw InputError(source + ": error: a result of " + shard.implementation +
                     " over another corpus than " + into.sources.front() +
                     " (corpus_hash differs); one result per implementation and corpus");
  std::set<std::string> have;
  for (const auto &f : into.files)
    have.insert(f.file);
  for (const auto &f : shard.files)
    if (!have.insert(f.file).second)
      throw InputError(source + ": error: " + f.file + " is also in " + into.sources.front() +
                       ": two results of " + shard.implementation + " for one file");
  into.files.insert(into.files.end(), shard.files.begin(), shard.files.end());
  std::sort(into.files.begin(), into.files.end(),
            [](const ConformFile &a, const ConformFile &b) { return a.file < b.file; });
  into.sources.insert(into.sources.end(), shard.sources.begin(), shard.sources.end());
  ConformSummary &s = into.summary;
  const ConformSummary &t = shard.summary;
  s.files += t.files;
  s.passed += t.passed;
  s.expected_failures += t.expected_failures;
  s.unexpected_failures += t.unexpected_failures;
  s.unexpected_passes += t.unexpected_passes;
  s.skipped += t.skipped;
}

CampaignRun read_campaign(const std::string &dir) {
  const fs::path stats_path = fs::path(dir) / "stats.json";
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw InputError(dir + ": error: not a campaign folder (tirconf fuzz --out)");
  if (!fs::exists(stats_path, ec))
    throw InputError(stats_path.string() +
                     ": error: no such file: the campaign has not written its statistics yet");
  const Document d = Document::load(stats_path.string());
  const json &s = d.root();
  CampaignRun c;
  c.dir = dir;
  c.started = d.text_of(s, "", "started");
  c.updated = d.text_of(s, "", "updated");
  c.elapsed_seconds = d.number_of(s, "", "elapsed_seconds");
  c.programs = d.int_of(s, "", "programs");
  c.programs_per_second = d.number_of(s, "", "programs_per_second");
  c.programs_with_findings = d.int_of(s, "", "programs_with_findings");
  c.new_signatures = d.int_of(s, "", "new_signatures");
  c.rules_reached = d.strings_of(s, "", "rules");
  const json &backends = d.need(s, "", "backends", json::value_t::array);
  for (size_t i = 0; i < backends.size(); ++i)
    c.backends.push_back(d.text_of(backends[i], "/backends/" + std::to_string(i), "backend"));
  const json &sigs = d.need(s, "", "signatures", json::value_t::array);
  for (size_t i = 0; i < sigs.size(); ++i) {
    const std::string at = "/signatures/" + std::to_string(i);
    CampaignFinding f;
    f.signature = d.text_of(sigs[i], at, "signature");
    f.slug = d.text_of(sigs[i], at, "slug");
    // The slug names a folder under findings/: one path component, never a way out of it.
    if (f.slug.empty() || f.slug == "." || f.slug == ".." || f.slug.find('/') != std::string::npos)
      d.fail(at + "/slug", "\"" + f.slug + "\" is not a folder name");
    f.count = d.int_of(sigs[i], at, "count");
    f.known = d.need(sigs[i], at, "known", json::value_t::boolean).get<bool>();
    f.first_seen = d.optional_text(sigs[i], "first_seen");
    f.last_seen = d.optional_text(sigs[i], "last_seen");
    f.reduce = d.optional_text(sigs[i], "reduce");
    // The finding's own folder says more: why it is known, how far it was reduced, the result.
    const fs::path folder = fs::path(dir) / "findings" / f.slug;
    if (auto text = tools::read_file(folder / "signature.json")) {
      const Document sig((folder / "signature.json").string(), *text);
      f.known_reason = sig.optional_text(sig.root(), "known_reason");
      f.reduce_note = sig.optional_text(sig.root(), "reduce_note");
    }
    if (auto text = tools::read_file(folder / "reduced.py"))
      f.reduced = *text;
    c.findings.push_back(std::move(f));
  }
  // The campaign's identity, from its checkpoint, when it is there.
  if (auto text = tools::read_file(fs::path(dir) / "checkpoint.json")) {
    const Document cp((fs::path(dir) / "checkpoint.json").string(), *text);
    auto id = cp.root().find("identity");
    if (id != cp.root().end() && id->is_object()) {
      c.profile = cp.optional_text(*id, "profile");
      auto seed = id->find("seed");
      if (seed != id->end() && seed->is_number_unsigned())
        c.seed = seed->get<uint64_t>();
    }
  }
  return c;
}

std::vector<RewriteProof> read_prove(const std::string &path) {
  const Document d = Document::load(path);
  const json &rules = d.need(d.root(), "", "rules", json::value_t::array);
  std::vector<RewriteProof> out;
  for (size_t i = 0; i < rules.size(); ++i) {
    const std::string at = "/rules/" + std::to_string(i);
    const json &r = rules[i];
    RewriteProof p;
    p.id = d.text_of(r, at, "id");
    p.file = d.optional_text(r, "file");
    p.line = r.contains("line") && r["line"].is_number_integer() ? r["line"].get<int>() : 0;
    p.lhs = d.text_of(r, at, "lhs");
    p.rhs = d.text_of(r, at, "rhs");
    p.condition = d.optional_text(r, "if");
    p.contradicts_claim = d.need(r, at, "contradicts_claim", json::value_t::boolean).get<bool>();
    const json &widths = d.need(r, at, "widths", json::value_t::array);
    bool unknown = false;
    for (size_t k = 0; k < widths.size(); ++k) {
      const std::string wat = at + "/widths/" + std::to_string(k);
      const std::string verdict = d.text_of(widths[k], wat, "verdict");
      unknown |= verdict == "unknown";
      p.widths.emplace_back(d.text_of(widths[k], wat, "width"), verdict);
    }
    // As claimed: proven where the rule claims validity, refuted where it claims the opposite.
    p.verdict = p.contradicts_claim ? "contradicted" : unknown ? "unknown" : "confirmed";
    out.push_back(std::move(p));
  }
  return out;
}

PreviousReport read_previous(const std::string &path) {
  const Document d = Document::load(path);
  const json &r = d.root();
  PreviousReport p;
  p.path = path;
  if (d.text_of(r, "", "format") != "tirconf-report/1")
    d.fail("/format", "not a tirconf report.json of format tirconf-report/1");
  p.generated = d.text_of(r, "", "generated");
  const json &rules = d.need(r, "", "rules", json::value_t::array);
  for (size_t i = 0; i < rules.size(); ++i) {
    const std::string at = "/rules/" + std::to_string(i);
    const std::string id = d.text_of(rules[i], at, "id");
    const json &status = d.need(rules[i], at, "status", json::value_t::object);
    for (const auto &[impl, s] : status.items()) {
      if (!s.is_string())
        d.fail(at + "/status/" + impl, "expected a string");
      p.status[impl][id] = s.get<std::string>();
    }
  }
  const json &findings = d.need(r, "", "findings", json::value_t::array);
  for (size_t i = 0; i < findings.size(); ++i)
    p.signatures.push_back(d.text_of(findings[i], "/findings/" + std::to_string(i), "signature"));
  return p;
}

} // namespace tirconf::report
