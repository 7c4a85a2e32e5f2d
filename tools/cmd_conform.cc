// tirconf conform --impl NAME PATH... [--expectations FILE [--update-expectations]]
//                 [--allow-unexpected-pass] [--junit F] [--json F] [--shard I/N] [--rules GLOB]
//                 [--jobs J] [--timeout T] [-v]
// Runs conformance files on one implementation and judges each file against its front matter
// (tools/conform.h), then against the implementation's expectations file
// (runner/expectations.h): an unexpected failure fails the run (exit 1), as does an unexpected
// pass unless allowed; expectations naming files that no longer exist are reported as stale.
#include <fnmatch.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <set>

#include <nlohmann/json.hpp>

#include "backends/registry.h"
#include "fuzz/fork_shards.h"
#include "runner/expectations.h"
#include "tools/backend_impl.h"
#include "tools/commands.h"
#include "tools/conform.h"
#include "tools/junit.h"

namespace tirconf::tools {

namespace {

namespace fs = std::filesystem;
using runner::FileStatus;
using runner::Verdict;

struct Options {
  std::string impl;
  std::vector<std::string> paths;
  std::string expectations;
  bool update = false;
  bool allow_unexpected_pass = false;
  std::string junit, json;
  std::string shard; // "I/N"
  std::string rules; // glob over the rule IDs a file cites
  int jobs = 1;
  double timeout = 10;
  bool verbose = false;
};

struct Input {
  std::string path, key;
};

std::string generic(const fs::path &p) {
  return p.lexically_normal().generic_string();
}

// Each file under the paths, named relative to `root` when it lies there (the expectations'
// corpus), else relative to the folder argument it was found in, else as given.
std::vector<Input> inputs(const Options &o, const std::optional<fs::path> &root,
                          std::vector<std::string> &errors) {
  std::vector<Input> out;
  std::error_code ec;
  for (const auto &arg : o.paths) {
    std::vector<std::string> local_errors;
    for (const auto &file : runner::collect_python_files({arg}, local_errors)) {
      std::string key;
      if (root) {
        const fs::path rel = fs::weakly_canonical(file, ec).lexically_relative(*root);
        if (!rel.empty() && *rel.begin() != "..")
          key = rel.generic_string();
      }
      if (key.empty())
        key = fs::is_directory(arg, ec) ? generic(fs::path(file).lexically_relative(arg))
                                        : generic(file);
      out.push_back({file, key});
    }
    errors.insert(errors.end(), local_errors.begin(), local_errors.end());
  }
  std::sort(out.begin(), out.end(), [](const Input &a, const Input &b) { return a.key < b.key; });
  out.erase(std::unique(out.begin(), out.end(),
                        [](const Input &a, const Input &b) { return a.key == b.key; }),
            out.end());
  return out;
}

bool parse_shard(const std::string &s, int &index, int &count) {
  const size_t slash = s.find('/');
  if (slash == std::string::npos)
    return false;
  try {
    index = std::stoi(s.substr(0, slash));
    count = std::stoi(s.substr(slash + 1));
  } catch (const std::exception &) {
    return false;
  }
  return count >= 1 && index >= 0 && index < count;
}

bool rules_match(const std::vector<std::string> &rules, const std::string &glob) {
  return std::any_of(rules.begin(), rules.end(), [&](const std::string &r) {
    return ::fnmatch(glob.c_str(), r.c_str(), 0) == 0;
  });
}

std::string rules_text(const std::vector<std::string> &rules) {
  std::string s;
  for (const auto &r : rules)
    s += (s.empty() ? "" : ", ") + r;
  return "[" + s + "]";
}

std::string one_line(std::string s, size_t max = 240) {
  std::replace(s.begin(), s.end(), '\n', ' ');
  if (s.size() > max)
    s = s.substr(0, max - 3) + "...";
  return s;
}

struct Tally {
  int files = 0, passed = 0, expected_failures = 0, unexpected_failures = 0, unexpected_passes = 0,
      skipped = 0;
  std::map<FileStatus, int> by_status;
};

} // namespace

void register_conform(CLI::App &app, int &exit_code) {
  auto o = std::make_shared<Options>();
  auto *cmd = app.add_subcommand(
      "conform", "Run the conformance corpus on an implementation and judge it against its "
                 "expectations file");
  cmd->add_option("--impl", o->impl,
                  "implementation: oracle, llvm-O0, llvm-O2, tvm, tvm-O0, ... (tirconf rules "
                  "--backends lists them), or an implementation's configuration file (.yaml)")
      ->required();
  cmd->add_option("paths", o->paths, "conformance files or folders (*.py, recursively)")
      ->required();
  cmd->add_option("--expectations", o->expectations,
                  "the implementation's known failures (e.g. corpus/expectations/tvm-v0.20.yaml)");
  cmd->add_flag("--update-expectations", o->update,
                "rewrite the expectations file from this run: new failures added, fixed ones "
                "removed, stale ones dropped; reasons kept where a status did not change");
  cmd->add_flag("--allow-unexpected-pass", o->allow_unexpected_pass,
                "report a listed failure that now passes without failing the run");
  cmd->add_option("--junit", o->junit, "write a JUnit XML report (classname: the spec rule)");
  cmd->add_option("--json", o->json, "write the results as JSON (for archiving and reports)");
  cmd->add_option("--shard", o->shard, "run only files I, I+N, ... of the sorted list (I/N)");
  cmd->add_option("--rules", o->rules, "run only files citing a rule that matches this glob");
  cmd->add_option("--jobs", o->jobs, "files judged in parallel processes")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--timeout", o->timeout,
                  "seconds a built-in backend may take per case (an external implementation's "
                  "timeouts are in its configuration file)");
  cmd->add_flag("-v,--verbose", o->verbose, "also list expected failures and skipped files");
  cmd->callback([o, &exit_code] {
    auto bad = [&](const std::string &why) {
      std::cerr << "tirconf conform: " << why << "\n";
      exit_code = kBadInput;
    };
    int shard_index = 0, shard_count = 1;
    if (!o->shard.empty() && !parse_shard(o->shard, shard_index, shard_count))
      return bad("--shard takes I/N with 0 <= I < N, e.g. 0/4");
    if (o->update && o->expectations.empty())
      return bad("--update-expectations needs --expectations FILE");

    // The expectations, and the corpus folder their paths are relative to.
    runner::Expectations expected;
    std::optional<fs::path> root;
    std::error_code ec;
    if (!o->expectations.empty()) {
      if (fs::exists(o->expectations, ec)) {
        auto loaded = runner::load_expectations(o->expectations);
        if (!loaded.expectations) {
          for (const auto &d : loaded.diagnostics)
            std::cerr << ir::format(d) << "\n";
          exit_code = kBadInput;
          return;
        }
        expected = std::move(*loaded.expectations);
      } else if (!o->update) {
        return bad(o->expectations + ": no such expectations file");
      }
      const fs::path dir = fs::absolute(o->expectations).parent_path();
      if (expected.corpus.empty() && fs::is_directory(o->paths.front(), ec))
        expected.corpus = generic(fs::absolute(o->paths.front()).lexically_relative(dir));
      if (!expected.corpus.empty())
        root = fs::weakly_canonical(dir / expected.corpus, ec);
    }

    std::vector<std::string> errors;
    std::vector<Input> all = inputs(*o, root, errors);
    for (const auto &e : errors)
      std::cerr << e << "\n";
    if (all.empty() && errors.empty())
      return bad("no *.py files under the given paths");

    std::string why;
    bool not_built = false;
    auto impl = find_implementation(o->impl, o->timeout, &why, &not_built);
    if (!impl)
      return bad(why);
    std::string version;
    if (auto b = backends::make_backend(o->impl))
      version = b->version();
    const std::string name = impl->name;
    if (!expected.version.empty() && !version.empty() && version.rfind(expected.version, 0) != 0)
      std::cerr << "warning: the expectations are for " << name << " " << expected.version
                << ", this is " << version << "\n";

    // This shard's files; those expected to SKIP are not run at all.
    std::vector<Input> run;
    std::vector<FileResult> results;
    for (size_t i = 0; i < all.size(); ++i) {
      if (static_cast<int>(i % static_cast<size_t>(shard_count)) != shard_index)
        continue;
      auto it = expected.files.find(all[i].key);
      if (it != expected.files.end() && it->second.status == FileStatus::Skip) {
        FileResult r;
        r.path = all[i].path;
        r.key = all[i].key;
        r.status = FileStatus::Skip;
        results.push_back(std::move(r));
        continue;
      }
      run.push_back(all[i]);
    }

    const std::string glob = o->rules;
    size_t done = 0;
    const bool tty = ::isatty(2);
    auto problems = fuzz::run_forked(
        std::min<int>(o->jobs, static_cast<int>(std::max<size_t>(1, run.size()))),
        [&](int shard, const fuzz::Emit &emit) {
          for (size_t i = static_cast<size_t>(shard); i < run.size();
               i += static_cast<size_t>(std::max(1, o->jobs))) {
            if (!glob.empty()) {
              runner::LoadedFile f = runner::load_file(run[i].path);
              if (f.test && !rules_match(f.test->rules, glob))
                continue;
            }
            emit(encode(judge_file(run[i].path, run[i].key, *impl)));
          }
        },
        [&](std::string message) {
          if (auto r = decode_file_result(message))
            results.push_back(std::move(*r));
          ++done;
          if (tty)
            std::cerr << "\rconform: " << done << "/" << run.size() << " files" << std::flush;
        });
    if (tty)
      std::cerr << "\r\033[K" << std::flush;
    std::sort(results.begin(), results.end(),
              [](const FileResult &a, const FileResult &b) { return a.key < b.key; });

    // Judged against the expectations.
    Tally t;
    bool bad_input = !errors.empty() || !problems.fatal.empty() || !problems.died.empty();
    for (const auto &d : problems.died)
      std::cerr << "tirconf conform: " << d << "\n";
    JUnitReport junit;
    nlohmann::ordered_json jfiles = nlohmann::ordered_json::array();
    std::set<std::string> judged;
    for (const auto &r : results) {
      judged.insert(r.key);
      ++t.files;
      ++t.by_status[r.status];
      bad_input |= r.bad_input;
      auto it = expected.files.find(r.key);
      const runner::KnownResult *x = it == expected.files.end() ? nullptr : &it->second;
      const Verdict v = judge_against(r.status, x);
      const std::string rules = rules_text(r.rules);
      const std::string problem = r.first_problem();
      const std::string classname = r.rules.empty() ? "no-rule" : r.rules.front();
      std::string verdict;
      switch (v) {
      case Verdict::AsExpected:
        if (r.status == FileStatus::Pass) {
          ++t.passed;
          verdict = "pass";
          junit.add(classname, r.key, JUnitReport::Result::Pass, "");
        } else {
          ++t.expected_failures;
          verdict = "expected";
          if (o->verbose)
            std::cout << "X" << to_string(r.status) << " " << r.key << " " << rules << ": "
                      << problem << "\n";
          junit.add(classname, r.key, JUnitReport::Result::Skipped,
                    "expected " + std::string(to_string(r.status)) + ": " + x->reason);
        }
        break;
      case Verdict::UnexpectedFailure:
        ++t.unexpected_failures;
        verdict = "unexpected-failure";
        std::cout << to_string(r.status) << " " << r.key << " " << rules << ": " << problem;
        if (x)
          std::cout << " (listed as " << to_string(x->status) << ")";
        std::cout << "\n";
        junit.add(classname, r.key,
                  r.status == FileStatus::Error ? JUnitReport::Result::Error
                                                : JUnitReport::Result::Failure,
                  std::string(to_string(r.status)) + ": " + problem);
        break;
      case Verdict::UnexpectedPass:
        ++t.unexpected_passes;
        verdict = "unexpected-pass";
        std::cout << "XPASS " << r.key << " " << rules << ": listed as " << to_string(x->status)
                  << " (" << x->reason << ") but passes\n";
        junit.add(classname, r.key,
                  o->allow_unexpected_pass ? JUnitReport::Result::Pass
                                           : JUnitReport::Result::Failure,
                  "unexpected pass: listed as " + std::string(to_string(x->status)));
        break;
      case Verdict::Skipped:
        ++t.skipped;
        verdict = "skipped";
        if (o->verbose)
          std::cout << "SKIP " << r.key << "\n";
        junit.add(classname, r.key, JUnitReport::Result::Skipped,
                  x ? "expected SKIP: " + x->reason : "no case judged");
        break;
      }
      nlohmann::ordered_json jf;
      jf["file"] = r.key;
      jf["status"] = std::string(to_string(r.status));
      jf["expected"] = std::string(to_string(x ? x->status : FileStatus::Pass));
      jf["verdict"] = verdict;
      jf["rules"] = r.rules;
      if (!problem.empty())
        jf["problem"] = problem;
      if (const std::string sig = r.first_signature(); !sig.empty())
        jf["signature"] = sig;
      jf["seconds"] = r.seconds;
      jfiles.push_back(std::move(jf));
    }

    // Expectations whose file is gone (only knowable for the whole, unfiltered corpus).
    std::vector<std::string> stale;
    if (root && shard_count == 1 && glob.empty())
      for (const auto &[key, x] : expected.files)
        if (!fs::exists(*root / key, ec))
          stale.push_back(key);
    for (const auto &s : stale)
      std::cout << "STALE " << s << ": listed as " << to_string(expected.files[s].status)
                << ", but there is no such file\n";

    std::cout << name << (version.empty() ? "" : " " + version) << ": " << t.files
              << " files: " << t.passed << " passed, " << t.expected_failures
              << " failed as expected, " << t.unexpected_failures << " unexpected failures, "
              << t.unexpected_passes << " unexpected passes, " << t.skipped << " skipped";
    if (!stale.empty())
      std::cout << ", " << stale.size() << " stale expectations";
    std::cout << "\n";
    if (t.by_status.size() > 1 || !t.by_status.count(FileStatus::Pass)) {
      std::cout << "   by status:";
      for (const auto &[s, n] : t.by_status)
        std::cout << " " << to_string(s) << " " << n << ";";
      std::cout << "\n";
    }

    if (!o->junit.empty() && !junit.write(o->junit)) {
      std::cerr << o->junit << ": error: cannot write the JUnit report\n";
      bad_input = true;
    }
    if (!o->json.empty()) {
      std::vector<std::pair<std::string, std::string>> kp;
      for (const auto &in : all)
        kp.emplace_back(in.key, in.path);
      nlohmann::ordered_json j;
      j["tirconf_version"] = TIRCONF_VERSION;
      j["implementation"] = {{"name", name}, {"version", version}};
      j["corpus_hash"] = "fnv1a64:" + corpus_hash(kp);
      j["expectations"] = o->expectations;
      j["shard"] = std::to_string(shard_index) + "/" + std::to_string(shard_count);
      j["rules"] = glob;
      j["summary"] = {{"files", t.files},
                      {"passed", t.passed},
                      {"expected_failures", t.expected_failures},
                      {"unexpected_failures", t.unexpected_failures},
                      {"unexpected_passes", t.unexpected_passes},
                      {"skipped", t.skipped},
                      {"stale_expectations", stale}};
      j["files"] = std::move(jfiles);
      const std::string tmp = o->json + ".tmp";
      std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
      out << j.dump(1) << "\n";
      if (!out.flush() || (out.close(), std::rename(tmp.c_str(), o->json.c_str()) != 0)) {
        std::cerr << o->json << ": error: cannot write the JSON report\n";
        bad_input = true;
      }
    }

    if (o->update) {
      runner::Expectations updated = expected;
      if (updated.implementation.empty())
        updated.implementation = name;
      if (!version.empty())
        updated.version = version.substr(0, version.find(' '));
      for (const auto &s : stale)
        updated.files.erase(s);
      for (const auto &r : results) {
        if (r.status == FileStatus::Pass) {
          updated.files.erase(r.key);
          continue;
        }
        if (r.status == FileStatus::Skip)
          continue; // a listed SKIP stays; nothing judged says nothing
        auto it = updated.files.find(r.key);
        if (it != updated.files.end() && (it->second.status == r.status ||
                                          std::find(it->second.also.begin(), it->second.also.end(),
                                                    r.status) != it->second.also.end()))
          continue; // the hand-written reason stays
        runner::KnownResult x;
        x.status = r.status;
        x.rule = r.rules.empty() ? "" : r.rules.front();
        x.reason = one_line(r.first_problem());
        updated.files[r.key] = std::move(x);
      }
      if (!runner::write_expectations(o->expectations, updated)) {
        std::cerr << o->expectations << ": error: cannot write the expectations file\n";
        bad_input = true;
      } else {
        std::cout << "wrote " << o->expectations << " (" << updated.files.size() << " entries)\n";
      }
    }

    const bool failed = t.unexpected_failures > 0 ||
                        (t.unexpected_passes > 0 && !o->allow_unexpected_pass && !o->update);
    exit_code = bad_input ? kBadInput : failed && !o->update ? kFound : kSuccess;
  });
}

} // namespace tirconf::tools
