// tirconf simplify-check: random integer expressions through a simplifier, each output checked
// against its input with Z3 (prover/simplify_check.h). Exit 1 if any output is refuted; each
// refutation is written, minimized, to its own file.
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>

#include <nlohmann/json.hpp>

#include "ir/tvmscript/printer.h"
#include "prover/simplify_check.h"
#include "tools/commands.h"

namespace tirconf::tools {

void register_simplify_check(CLI::App &app, int &exit_code) {
  struct Options {
    prover::CheckOptions check;
    std::string out = "simplify-check-findings";
    bool json = false;
  };
  auto opts = std::make_shared<Options>();
  auto *cmd = app.add_subcommand("simplify-check",
                                 "Check a simplifier on random integer expressions with Z3");
  cmd->add_option("--seed", opts->check.seed, "generator seed")->capture_default_str();
  cmd->add_option("--count", opts->check.count, "expressions to check")->capture_default_str();
  std::string names;
  for (const auto &n : prover::simplifier_names())
    names += (names.empty() ? "" : ", ") + n;
  cmd->add_option("--impl", opts->check.impl, "simplifier under test: " + names)
      ->capture_default_str();
  cmd->add_option("-j,--jobs", opts->check.jobs, "expressions checked in parallel")
      ->capture_default_str();
  cmd->add_option("--timeout-ms", opts->check.refine.timeout_ms,
                  "budget of one exact Z3 query (Z3 resource units worth this many ms)")
      ->capture_default_str();
  cmd->add_option("--out", opts->out, "folder for the refutations, one file each")
      ->capture_default_str();
  cmd->add_flag("--json", opts->json, "machine-readable summary");
  cmd->callback([opts, &exit_code] {
    if (!prover::make_simplifier(opts->check.impl)) {
      std::cerr << "error: unknown simplifier '" << opts->check.impl << "'\n";
      exit_code = kBadInput;
      return;
    }
    if (opts->check.count < 0) {
      std::cerr << "error: --count must not be negative\n";
      exit_code = kBadInput;
      return;
    }
    prover::CheckSummary sum = prover::run_simplify_check(opts->check);
    std::vector<std::string> files;
    if (!sum.findings.empty()) {
      std::error_code ec;
      std::filesystem::create_directories(opts->out, ec);
      for (const auto &f : sum.findings) {
        std::string path = opts->out + "/simplify-" + std::to_string(opts->check.seed) + "-" +
                           std::to_string(f.index) + ".txt";
        std::ofstream(path) << prover::describe(f, opts->check);
        files.push_back(path);
      }
    }
    if (opts->json) {
      nlohmann::json j = {
          {"seed", opts->check.seed}, {"impl", opts->check.impl}, {"count", sum.count},
          {"int32", sum.int32},       {"int64", sum.int64},       {"unchanged", sum.unchanged},
          {"proven", sum.proven},     {"refuted", sum.refuted},   {"unknown", sum.unknown},
          {"declined", sum.declined}, {"nodes_in", sum.nodes_in}, {"nodes_out", sum.nodes_out},
          {"seconds", sum.seconds},   {"findings", files}};
      std::cout << j.dump(2) << "\n";
    } else {
      for (size_t i = 0; i < sum.findings.size(); ++i) {
        const auto &f = sum.findings[i];
        std::cout << "REFUTED expression " << f.index << ": " << ir::print_expr(f.minimal)
                  << "  ->  " << ir::print_expr(f.minimal_simplified) << "  (" << files[i] << ")\n";
      }
      for (const auto &[i, why] : sum.unknowns)
        std::cout << "undecided expression " << i << ": " << why << "\n";
      std::cout << sum.count << " expressions (" << sum.int32 << " int32, " << sum.int64
                << " int64), simplifier " << opts->check.impl << ", seed " << opts->check.seed
                << ": " << sum.unchanged << " unchanged, " << sum.proven << " proven equivalent, "
                << sum.refuted << " refuted, " << sum.unknown << " unknown; nodes " << sum.nodes_in
                << " -> " << sum.nodes_out << "; " << std::fixed << std::setprecision(1)
                << sum.seconds << " s\n";
    }
    if (sum.refuted)
      exit_code = kFound;
  });
}

} // namespace tirconf::tools
