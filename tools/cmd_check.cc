// tirconf check FILE|DIR...: reads and type-checks programs; prints file:line:col diagnostics.
#include <iostream>

#include "runner/conformance.h"
#include "tools/commands.h"
#include "tools/readings_option.h"

namespace tirconf::tools {

void register_check(CLI::App &app, int &exit_code) {
  struct Options {
    std::vector<std::string> paths;
    bool strict = false;
    bool quiet = false;
    ReadingArgs readings;
  };
  auto opts = std::make_shared<Options>();
  auto *cmd = app.add_subcommand("check", "Type-check TVMScript programs against the spec");
  cmd->add_option("paths", opts->paths, "files or folders (*.py, recursively)")->required();
  cmd->add_flag("--strict", opts->strict,
                "report conformance files that expect `invalid` like any other file");
  cmd->add_flag("-q,--quiet", opts->quiet, "print only diagnostics and the summary");
  add_reading_options(cmd, opts->readings);
  cmd->callback([opts, &exit_code] {
    auto readings = readings_from(opts->readings);
    if (!readings) {
      exit_code = kBadInput;
      return;
    }
    oracle::CheckOptions check;
    check.readings = *readings;
    std::vector<std::string> errors;
    auto files = runner::collect_python_files(opts->paths, errors);
    for (const auto &e : errors)
      std::cerr << e << "\n";
    int valid = 0, invalid = 0, expected_invalid = 0, unreadable = 0;
    for (const auto &path : files) {
      auto f = runner::load_file(path, check);
      if (!f.input_ok()) {
        for (const auto &d : f.input_errors)
          std::cerr << format(d) << "\n";
        ++unreadable;
        continue;
      }
      if (f.check_diagnostics.empty()) {
        ++valid;
        continue;
      }
      // A conformance file written to be rejected is fine when it is rejected.
      if (!opts->strict && f.test && f.test->expects_invalid()) {
        ++expected_invalid;
        continue;
      }
      ++invalid;
      for (const auto &d : f.check_diagnostics)
        std::cout << format(d) << "\n";
    }
    std::cout << files.size() << " files: " << valid << " valid, " << invalid << " invalid";
    if (expected_invalid)
      std::cout << ", " << expected_invalid << " rejected as their front matter expects";
    if (unreadable)
      std::cout << ", " << unreadable << " unreadable";
    std::cout << "\n";
    if (!errors.empty() || unreadable)
      exit_code = kBadInput;
    else if (invalid)
      exit_code = kFound;
    else
      exit_code = kSuccess;
  });
}

} // namespace tirconf::tools
