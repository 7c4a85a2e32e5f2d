#include "tools/conform.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>

#include <nlohmann/json.hpp>

namespace tirconf::tools {

namespace {

using runner::CaseResult;
using runner::FileStatus;

// The worst case decides: a crash or hang says more than a wrong value, which says more than a
// pass; a file whose cases were all skipped was not judged.
FileStatus status_of(const std::vector<CaseOutcome> &cases, bool bad_input) {
  if (bad_input)
    return FileStatus::Error;
  bool any_fail = false, any_pass = false, any_error = false, any_crash = false,
       any_timeout = false;
  for (const auto &c : cases) {
    switch (c.status) {
    case CaseResult::Status::Pass:
      any_pass = true;
      break;
    case CaseResult::Status::Skip:
      break;
    case CaseResult::Status::BadInput:
      any_error = true;
      break;
    case CaseResult::Status::Fail:
      if (c.actual == runtime::OutcomeKind::Crash)
        any_crash = true;
      else if (c.actual == runtime::OutcomeKind::Timeout)
        any_timeout = true;
      else if (c.actual == runtime::OutcomeKind::InternalError)
        any_error = true;
      else
        any_fail = true;
      break;
    }
  }
  if (any_crash)
    return FileStatus::Crash;
  if (any_timeout)
    return FileStatus::Timeout;
  if (any_error)
    return FileStatus::Error;
  if (any_fail)
    return FileStatus::Fail;
  return any_pass ? FileStatus::Pass : FileStatus::Skip;
}

} // namespace

std::string FileResult::first_problem() const {
  for (const auto &c : cases)
    if (c.status == CaseResult::Status::Fail || c.status == CaseResult::Status::BadInput) {
      std::string s = c.line ? "line " + std::to_string(c.line) + ": " : "";
      std::string reason = c.reason;
      std::replace(reason.begin(), reason.end(), '\n', ' ');
      return s + reason;
    }
  return "";
}

std::string FileResult::first_signature() const {
  for (const auto &c : cases)
    if (c.status == CaseResult::Status::Fail || c.status == CaseResult::Status::BadInput)
      return c.signature;
  return "";
}

FileResult judge_file(const std::string &path, const std::string &key,
                      const runner::Implementation &impl) {
  const auto start = std::chrono::steady_clock::now();
  FileResult r;
  r.path = path;
  r.key = key;
  runner::LoadedFile f = runner::load_file(path);
  if (!f.input_ok()) {
    r.bad_input = true;
    r.cases.push_back({CaseResult::Status::BadInput, ir::format(f.input_errors.front()),
                       f.input_errors.front().loc.line, std::nullopt, ""});
  } else if (f.test) {
    r.rules = f.test->rules;
    for (const auto &c : runner::judge(f, impl)) {
      r.bad_input |= c.status == CaseResult::Status::BadInput;
      r.cases.push_back({c.status, c.reason, c.loc.line, c.actual, c.signature});
    }
  }
  r.status = status_of(r.cases, r.bad_input);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

std::string encode(const FileResult &r) {
  nlohmann::json j;
  j["path"] = r.path;
  j["key"] = r.key;
  j["status"] = std::string(to_string(r.status));
  j["bad_input"] = r.bad_input;
  j["rules"] = r.rules;
  j["seconds"] = r.seconds;
  j["cases"] = nlohmann::json::array();
  for (const auto &c : r.cases)
    j["cases"].push_back({{"status", static_cast<int>(c.status)},
                          {"reason", c.reason},
                          {"line", c.line},
                          {"actual", c.actual ? static_cast<int>(*c.actual) : -1},
                          {"signature", c.signature}});
  return j.dump();
}

std::optional<FileResult> decode_file_result(const std::string &text) {
  auto j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object())
    return std::nullopt;
  try {
    FileResult r;
    r.path = j.at("path").get<std::string>();
    r.key = j.at("key").get<std::string>();
    auto s = runner::parse_file_status(j.at("status").get<std::string>());
    if (!s)
      return std::nullopt;
    r.status = *s;
    r.bad_input = j.at("bad_input").get<bool>();
    r.rules = j.at("rules").get<std::vector<std::string>>();
    r.seconds = j.at("seconds").get<double>();
    for (const auto &c : j.at("cases")) {
      CaseOutcome o;
      o.status = static_cast<CaseResult::Status>(c.at("status").get<int>());
      o.reason = c.at("reason").get<std::string>();
      o.line = c.at("line").get<uint32_t>();
      if (int a = c.at("actual").get<int>(); a >= 0)
        o.actual = static_cast<runtime::OutcomeKind>(a);
      o.signature = c.value("signature", "");
      r.cases.push_back(std::move(o));
    }
    return r;
  } catch (const nlohmann::json::exception &) {
    return std::nullopt;
  }
}

std::string corpus_hash(const std::vector<std::pair<std::string, std::string>> &key_and_path) {
  uint64_t h = 0xcbf29ce484222325ull;
  auto mix = [&](std::string_view s) {
    for (unsigned char c : s) {
      h ^= c;
      h *= 0x100000001b3ull;
    }
    h ^= 0xff; // separates one string from the next
    h *= 0x100000001b3ull;
  };
  for (const auto &[key, path] : key_and_path) {
    std::ifstream in(path, std::ios::binary);
    std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    mix(key);
    mix(content);
  }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

} // namespace tirconf::tools
