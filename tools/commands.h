// The tirconf verbs. Each returns the process exit code: 0 success, 1 the check found something,
// 2 bad usage or unreadable input.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace tirconf::tools {

enum ExitCode { kSuccess = 0, kFound = 1, kBadInput = 2 };

// Each register_* adds a subcommand to `app`; the callback it installs stores the exit code.
void register_check(CLI::App &app, int &exit_code);
void register_test(CLI::App &app, int &exit_code);
void register_run(CLI::App &app, int &exit_code);
void register_rules(CLI::App &app, int &exit_code);
void register_print(CLI::App &app, int &exit_code);
void register_gen(CLI::App &app, int &exit_code);
void register_diff(CLI::App &app, int &exit_code);
void register_prove(CLI::App &app, int &exit_code);
void register_simplify_check(CLI::App &app, int &exit_code);
void register_conform(CLI::App &app, int &exit_code);
void register_reduce(CLI::App &app, int &exit_code);
void register_validate(CLI::App &app, int &exit_code);
void register_fuzz(CLI::App &app, int &exit_code);
void register_report(CLI::App &app, int &exit_code);

// Where the repository's corpus lives when --corpus is not given.
std::string default_corpus_dir();

} // namespace tirconf::tools
