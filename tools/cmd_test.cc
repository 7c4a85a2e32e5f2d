// tirconf test PATH...: runs conformance files; one line per failure, then "N passed, M failed".
#include <fstream>
#include <iostream>
#include <map>

#include "runner/conformance.h"
#include "tools/backend_impl.h"
#include "tools/commands.h"
#include "tools/junit.h"
#include "tools/readings_option.h"

namespace tirconf::tools {

namespace {

// The lead of a skip reason, for the summary of a non-reference run: "expects invalid",
// "expects unspecified", "unsupported by llvm-O2".
std::string skip_kind(const std::string &reason) {
  if (reason.rfind("expects ", 0) == 0)
    return reason.substr(0, reason.find_first_of(" :", 8));
  return reason.substr(0, reason.find(':'));
}

} // namespace

void register_test(CLI::App &app, int &exit_code) {
  struct Options {
    std::vector<std::string> paths;
    std::string junit;
    bool verbose = false;
    std::string impl = "oracle";
    double timeout = 10;
    oracle::CheckOptions check;
    ReadingArgs readings;
  };
  auto opts = std::make_shared<Options>();
  auto *cmd = app.add_subcommand("test", "Run conformance test files");
  cmd->add_option("paths", opts->paths, "files or folders (*.py, recursively)")->required();
  cmd->add_option("--junit", opts->junit, "also write a JUnit XML report to this file");
  cmd->add_flag("-v,--verbose", opts->verbose, "also list skipped cases with the reason");
  cmd->add_option("--impl", opts->impl,
                  "implementation to judge: oracle (default), llvm-O0, llvm-O2, cuda, cuda-host, "
                  "tvm, tvm-O0, tvm-O3, tvm-cuda, or an implementation's configuration file");
  cmd->add_option("--timeout", opts->timeout,
                  "seconds a backend may take per case (compile and run)");
  cmd->add_option("--oracle-disable-rule", opts->check.disabled_rule,
                  "test hook: the checker drops this rule's diagnostics, so that a program "
                  "violating it reaches the evaluator (an oracle internal error)")
      ->group("");
  add_reading_options(cmd, opts->readings);
  cmd->callback([opts, &exit_code] {
    auto readings = readings_from(opts->readings);
    if (!readings) {
      exit_code = kBadInput;
      return;
    }
    opts->check.readings = *readings;
    std::vector<std::string> errors;
    auto files = runner::collect_python_files(opts->paths, errors);
    for (const auto &e : errors)
      std::cerr << e << "\n";
    int passed = 0, failed = 0, skipped = 0;
    std::map<std::string, int> skip_kinds;
    bool bad_input = !errors.empty();
    JUnitReport junit;
    std::string why;
    bool not_built = false;
    auto found = find_implementation(opts->impl, opts->timeout, &why, &not_built, opts->check);
    if (!found && not_built) {
      // A backend that is not built into this binary is skipped, not failed.
      std::cout << "SKIP " << why << "\n0 passed, 0 failed\n";
      exit_code = kSuccess;
      return;
    }
    if (!found) {
      std::cerr << "tirconf test: " << why << "\n";
      exit_code = kBadInput;
      return;
    }
    if (!readings->is_default()) {
      if (opts->impl != "oracle") {
        std::cerr << "tirconf test: --reading applies to the oracle only\n";
        exit_code = kBadInput;
        return;
      }
      found = runner::oracle_implementation(opts->check, *readings);
    }
    const runner::Implementation &impl = *found;
    for (const auto &path : files) {
      auto f = runner::load_file(path, opts->check);
      if (!f.input_ok()) {
        // A file that cannot be read or whose front matter is malformed is a failed test.
        for (const auto &d : f.input_errors)
          std::cout << "FAIL " << format(d) << "\n";
        junit.add(path, "input", JUnitReport::Result::Failure, format(f.input_errors.front()));
        ++failed;
        bad_input = true;
        continue;
      }
      if (!f.test)
        continue; // plain TVMScript, not a conformance test
      auto results = runner::judge(f, impl);
      for (size_t i = 0; i < results.size(); ++i) {
        const auto &r = results[i];
        std::string name = results.size() == 1 ? "case" : "case " + std::to_string(i);
        ir::Diagnostic where{path, r.loc, "", r.reason};
        switch (r.status) {
        case runner::CaseResult::Status::Pass:
          ++passed;
          junit.add(path, name, JUnitReport::Result::Pass, "");
          break;
        case runner::CaseResult::Status::Fail:
          ++failed;
          std::cout << "FAIL " << format(where) << "\n";
          junit.add(path, name, JUnitReport::Result::Failure, r.reason);
          break;
        case runner::CaseResult::Status::BadInput:
          // A malformed case is the test file's fault: reported like a failure, exit 2.
          ++failed;
          bad_input = true;
          std::cout << "FAIL " << format(where) << "\n";
          junit.add(path, name, JUnitReport::Result::Failure, r.reason);
          break;
        case runner::CaseResult::Status::Skip:
          ++skipped;
          ++skip_kinds[skip_kind(r.reason)];
          if (opts->verbose)
            std::cout << "SKIP " << format(where) << "\n";
          junit.add(path, name, JUnitReport::Result::Skipped, r.reason);
          break;
        }
      }
    }
    if (!opts->junit.empty() && !junit.write(opts->junit)) {
      std::cerr << opts->junit << ": error: cannot write JUnit report\n";
      bad_input = true;
    }
    if (!impl.is_reference && skipped) {
      std::cout << "skipped:";
      for (const auto &[kind, n] : skip_kinds)
        std::cout << " " << n << " " << kind << ";";
      std::cout << " (-v lists them)\n";
    }
    std::cout << passed << " passed, " << failed << " failed";
    if (skipped)
      std::cout << ", " << skipped << " skipped";
    std::cout << "\n";
    exit_code = bad_input ? kBadInput : failed ? kFound : kSuccess;
  });
}

} // namespace tirconf::tools
