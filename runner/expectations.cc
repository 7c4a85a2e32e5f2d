#include "runner/expectations.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

#include <yaml-cpp/yaml.h>

namespace tirconf::runner {

namespace {

constexpr FileStatus kStatuses[] = {FileStatus::Pass,    FileStatus::Fail,  FileStatus::Crash,
                                    FileStatus::Timeout, FileStatus::Error, FileStatus::Skip};

ir::SourceLoc loc_of(const YAML::Node &n) {
  const YAML::Mark m = n.Mark();
  if (m.line < 0)
    return {};
  return {static_cast<uint32_t>(m.line + 1), static_cast<uint32_t>(m.column + 1)};
}

// A YAML double-quoted scalar: every character survives.
std::string quoted(std::string_view s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

} // namespace

std::string_view to_string(FileStatus s) {
  switch (s) {
  case FileStatus::Pass:
    return "PASS";
  case FileStatus::Fail:
    return "FAIL";
  case FileStatus::Crash:
    return "CRASH";
  case FileStatus::Timeout:
    return "TIMEOUT";
  case FileStatus::Error:
    return "ERROR";
  case FileStatus::Skip:
    return "SKIP";
  }
  return "?";
}

std::optional<FileStatus> parse_file_status(std::string_view s) {
  for (FileStatus f : kStatuses)
    if (to_string(f) == s)
      return f;
  return std::nullopt;
}

ExpectationsResult parse_expectations(std::string_view text, const std::string &path) {
  ExpectationsResult r;
  auto problem = [&](ir::SourceLoc loc, std::string message) {
    r.diagnostics.push_back({path, loc, "", std::move(message)});
  };
  YAML::Node root;
  try {
    root = YAML::Load(std::string(text));
  } catch (const YAML::Exception &e) {
    problem({static_cast<uint32_t>(e.mark.line + 1), static_cast<uint32_t>(e.mark.column + 1)},
            "not YAML: " + e.msg);
    return r;
  }
  if (!root.IsMap()) {
    problem(loc_of(root), "an expectations file is a mapping with implementation, version, files");
    return r;
  }
  Expectations e;
  for (const auto &kv : root) {
    const std::string key = kv.first.as<std::string>("");
    if (key == "implementation" && kv.second.IsScalar())
      e.implementation = kv.second.as<std::string>();
    else if (key == "version" && kv.second.IsScalar())
      e.version = kv.second.as<std::string>();
    else if (key == "corpus" && kv.second.IsScalar())
      e.corpus = kv.second.as<std::string>();
    else if ((key == "files" || key == "signatures") && (kv.second.IsMap() || kv.second.IsNull()))
      continue;
    else
      problem(loc_of(kv.first), "unknown or malformed key '" + key + "'");
  }
  for (const auto &kv : root["files"]) {
    const std::string file = kv.first.as<std::string>("");
    const YAML::Node &v = kv.second;
    if (!v.IsMap()) {
      problem(loc_of(v), file + ": expected {status, rule, reason}");
      continue;
    }
    KnownResult x;
    x.loc = loc_of(kv.first);
    const std::string status = v["status"] ? v["status"].as<std::string>("") : "";
    auto s = parse_file_status(status);
    if (!s || *s == FileStatus::Pass) {
      problem(loc_of(v["status"] ? v["status"] : v),
              file + ": status must be FAIL, CRASH, TIMEOUT, ERROR or SKIP, not '" + status + "'");
      continue;
    }
    x.status = *s;
    if (v["rule"])
      x.rule = v["rule"].as<std::string>("");
    if (v["reason"])
      x.reason = v["reason"].as<std::string>("");
    if (const YAML::Node &also = v["also"]) {
      if (!also.IsSequence())
        problem(loc_of(also), file + ": also is a list of statuses ([CRASH])");
      for (const auto &a : also) {
        const std::string text = a.as<std::string>("");
        auto other = parse_file_status(text);
        if (!other || *other == FileStatus::Pass || *other == x.status)
          problem(loc_of(a), file +
                                 ": also lists FAIL, CRASH, TIMEOUT, ERROR or SKIP other "
                                 "than the status, not '" +
                                 text + "'");
        else
          x.also.push_back(*other);
      }
    }
    for (const auto &f : v) {
      const std::string k = f.first.as<std::string>("");
      if (k != "status" && k != "rule" && k != "reason" && k != "also")
        problem(loc_of(f.first), file + ": unknown key '" + k + "'");
    }
    if (!e.files.emplace(file, std::move(x)).second)
      problem(loc_of(kv.first), file + ": listed twice");
  }
  for (const auto &kv : root["signatures"]) {
    const std::string text = kv.first.as<std::string>("");
    const YAML::Node &v = kv.second;
    KnownSignature k{"", loc_of(kv.first)};
    if (std::count(text.begin(), text.end(), '|') < 2)
      problem(loc_of(kv.first),
              "'" + text + "' is not a signature (kind | implementation | description)");
    if (v.IsMap() && v["reason"] && v.size() == 1)
      k.reason = v["reason"].as<std::string>("");
    else if (!v.IsNull())
      problem(loc_of(v), text + ": expected {reason: ...}");
    if (!e.signatures.emplace(text, std::move(k)).second)
      problem(loc_of(kv.first), text + ": listed twice");
  }
  if (r.diagnostics.empty())
    r.expectations = std::move(e);
  return r;
}

ExpectationsResult load_expectations(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    ExpectationsResult r;
    r.diagnostics.push_back({path, {}, "", "cannot read the expectations file"});
    return r;
  }
  std::stringstream buf;
  buf << in.rdbuf();
  return parse_expectations(buf.str(), path);
}

std::string format_expectations(const Expectations &e) {
  std::ostringstream out;
  out << "# What " << (e.implementation.empty() ? "the implementation" : e.implementation)
      << " is known to do differently from the spec on the conformance corpus, file by file:\n"
         "# the status it ends in, the spec rule it violates, and why. A file not listed is\n"
         "# expected to pass. Written by `tirconf conform --update-expectations`; reasons are\n"
         "# kept when a status does not change, so edit them by hand. `also:` lists other\n"
         "# statuses a flaky implementation ends in on the file from run to run.\n";
  out << "implementation: " << quoted(e.implementation) << "\n";
  out << "version: " << quoted(e.version) << "\n";
  out << "corpus: " << quoted(e.corpus) << "\n";
  out << "files:\n";
  for (const auto &[file, x] : e.files) {
    out << "  " << quoted(file) << ": {status: " << to_string(x.status);
    if (!x.also.empty()) {
      out << ", also: [";
      for (size_t k = 0; k < x.also.size(); ++k)
        out << (k ? ", " : "") << to_string(x.also[k]);
      out << "]";
    }
    out << ", rule: " << quoted(x.rule) << ", reason: " << quoted(x.reason) << "}\n";
  }
  if (!e.signatures.empty()) {
    out << "# Known findings of differential campaigns (tirconf fuzz --expectations), by "
           "signature:\n"
           "# each is reduced in a regression file of the corpus, or is a variant of one. Only\n"
           "# signatures that name the failure itself (a rejection's or crash's message) belong\n"
           "# here: a wrong-value signature names only the dtype of the wrong element, and "
           "listing\n"
           "# one would hide every other wrong value of that dtype.\n"
           "signatures:\n";
    for (const auto &[text, k] : e.signatures)
      out << "  " << quoted(text) << ": {reason: " << quoted(k.reason) << "}\n";
  }
  return out.str();
}

bool write_expectations(const std::string &path, const Expectations &e) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out)
      return false;
    out << format_expectations(e);
    if (!out.flush())
      return false;
  }
  return std::rename(tmp.c_str(), path.c_str()) == 0;
}

Verdict judge_against(FileStatus actual, const KnownResult *expected) {
  const FileStatus want = expected ? expected->status : FileStatus::Pass;
  if (actual == FileStatus::Skip)
    return Verdict::Skipped;
  if (actual == want || (expected && std::find(expected->also.begin(), expected->also.end(),
                                               actual) != expected->also.end()))
    return Verdict::AsExpected;
  if (actual == FileStatus::Pass)
    return Verdict::UnexpectedPass;
  return Verdict::UnexpectedFailure;
}

} // namespace tirconf::runner
