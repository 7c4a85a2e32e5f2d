// tirconf simplify-check: random integer expressions through a simplifier, each output checked
// against its input with Z3 (prover/simplify_check.h). Exit 1 if any output is refuted; each
// refutation is written, minimized, to its own file. An external implementation's simplifier
// (`--impl tvm`) is reached through its worker and classified (prover/external_check.h); its
// findings are written as conformance files.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <mutex>
#include <utility>

#include <nlohmann/json.hpp>

#include "backends/external/external_backend.h"
#include "backends/external/impl_config.h"
#include "backends/registry.h"
#include "ir/tvmscript/printer.h"
#include "prover/external_check.h"
#include "prover/simplify_check.h"
#include "tools/commands.h"

namespace tirconf::tools {

namespace {

// The implementation's simplify request, one per variable dtype: the protocol gives one set of
// variables per request, and a batch mixes widths.
prover::BatchSimplify external_simplify(std::shared_ptr<backends::external::ExternalBackend> b) {
  return [b](const std::vector<ir::PrimExpr> &exprs) {
    std::map<std::string, std::vector<size_t>> by_dtype;
    for (size_t i = 0; i < exprs.size(); ++i)
      by_dtype[ir::to_string(exprs[i]->dtype)].push_back(i);
    std::vector<prover::TextAnswer> out(exprs.size());
    for (const auto &[dtype, which] : by_dtype) {
      std::map<std::string, std::string> vars;
      std::vector<std::string> texts;
      for (size_t i : which) {
        for (auto *v : prover::free_vars_of(exprs[i]))
          vars[v->name_hint] = ir::to_string(v->dtype);
        texts.push_back(prover::constructor_text(exprs[i]));
      }
      if (std::getenv("TIRCONF_CHECK_TRACE"))
        for (const auto &t : texts)
          std::cerr << "simplify " << dtype << ": " << t << "\n";
      std::string why;
      auto answers = b->simplify({vars.begin(), vars.end()}, texts, &why);
      if (answers.size() != texts.size())
        throw std::runtime_error("simplify failed: " + why);
      for (size_t k = 0; k < which.size(); ++k)
        out[which[k]] = {answers[k].ok, answers[k].text};
    }
    return out;
  };
}

struct ExternalRun {
  prover::ExternalCheckOptions check;
  std::string impl, out;
  bool json = false;
};

int run_external(const ExternalRun &o) {
  const backends::BackendInfo *info = backends::find_backend(o.impl);
  auto loaded = backends::external::load_impl_config(info->config_path);
  if (!loaded.config) {
    std::cerr << "error: " << o.impl << ": cannot read " << info->config_path << "\n";
    return kBadInput;
  }
  // Each job gets a worker of its own: a worker answers one request at a time. The first job
  // takes the one started to see whether the implementation is there (starting TVM takes
  // seconds).
  auto make = [&] { return std::make_shared<backends::external::ExternalBackend>(*loaded.config); };
  std::mutex lock;
  std::shared_ptr<backends::external::ExternalBackend> probe = make();
  std::string why;
  if (!probe->hello(&why)) {
    std::cerr << "skipped: " << o.impl << " not available here: " << why << "\n";
    return kBadInput;
  }
  prover::ExternalSummary sum = prover::run_external_check(o.check, [&] {
    std::lock_guard<std::mutex> hold(lock);
    return external_simplify(probe ? std::exchange(probe, nullptr) : make());
  });
  // One reproducer per shape (the class and the minimal input, Vars renamed): the first
  // finding of each, with how many findings share it.
  std::vector<std::vector<size_t>> shapes; // indices into sum.findings, by first occurrence
  {
    std::map<std::string, size_t> seen;
    for (size_t i = 0; i < sum.findings.size(); ++i) {
      const std::string &key = sum.findings[i].shape;
      auto [it, fresh] = seen.emplace(key.empty() ? "#" + std::to_string(i) : key, shapes.size());
      if (fresh)
        shapes.emplace_back();
      shapes[it->second].push_back(i);
    }
  }
  std::vector<std::string> files;
  if (!shapes.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(o.out, ec);
    for (const auto &members : shapes) {
      const auto &f = sum.findings[members.front()];
      std::string path = o.out + "/simplify_" + o.impl + "_" + std::to_string(o.check.seed) + "_" +
                         std::to_string(f.index) + ".py";
      std::ofstream(path) << prover::conformance_file(f, o.impl, o.check.seed);
      files.push_back(path);
    }
  }
  const double rate = sum.seconds > 0 ? sum.count / sum.seconds : 0;
  if (o.json) {
    nlohmann::json counts = nlohmann::json::object();
    for (const auto &[dtype, by_class] : sum.counts)
      for (const auto &[c, n] : by_class)
        counts[dtype][prover::to_string(c)] = n;
    nlohmann::json found = nlohmann::json::array();
    for (size_t k = 0; k < shapes.size(); ++k) {
      const auto &f = sum.findings[shapes[k].front()];
      nlohmann::json indices = nlohmann::json::array();
      for (size_t i : shapes[k])
        indices.push_back(sum.findings[i].index);
      found.push_back({{"index", f.index},
                       {"class", prover::to_string(f.c.cls)},
                       {"input", ir::print_expr(f.minimal)},
                       {"output", f.minimal_answer},
                       {"count", shapes[k].size()},
                       {"indices", indices},
                       {"file", files[k]}});
    }
    nlohmann::json j = {
        {"seed", o.check.seed},
        {"impl", o.impl},
        {"count", sum.count},
        {"counts", counts},
        {"finding_count", sum.findings.size()},
        {"shrinks_reused", sum.shrinks_reused},
        {"findings", found},
        {"seconds", sum.seconds},
        {"simplify_seconds", sum.simplify_seconds},
        {"per_second", rate},
        {"proof_cache", {{"lookups", sum.proof_lookups}, {"hits", sum.proof_hits}}}};
    nlohmann::json phases = nlohmann::json::object();
    for (int k = 0; k < prover::kPhases; ++k)
      phases[prover::to_string(static_cast<prover::Phase>(k))] =
          sum.phases->seconds(static_cast<prover::Phase>(k));
    j["phase_seconds"] = phases;
    std::cout << j.dump(2) << "\n";
  } else {
    for (size_t k = 0; k < shapes.size(); ++k) {
      const auto &f = sum.findings[shapes[k].front()];
      std::cout << prover::to_string(f.c.cls) << " expression " << f.index << " ("
                << ir::to_string(f.source->dtype) << "): " << ir::print_expr(f.minimal) << "  ->  "
                << f.minimal_answer << "  (" << files[k] << ")";
      if (shapes[k].size() > 1) {
        std::cout << "; " << shapes[k].size() << " findings of this shape:";
        for (size_t j = 0; j < shapes[k].size() && j < 8; ++j)
          std::cout << " " << sum.findings[shapes[k][j]].index;
        if (shapes[k].size() > 8)
          std::cout << " ...";
      }
      std::cout << "\n";
    }
    for (const auto &r : sum.others)
      std::cout << prover::to_string(r.c.cls) << " expression " << r.index << ": "
                << ir::print_expr(r.source) << "  ->  " << r.answer << ": " << r.c.detail << "\n";
    std::cout << "class";
    for (const auto &[dtype, by_class] : sum.counts)
      std::cout << "\t" << dtype;
    std::cout << "\n";
    for (int k = 0; k < prover::kSimplifyClasses; ++k) {
      auto c = static_cast<prover::SimplifyClass>(k);
      std::cout << prover::to_string(c);
      for (const auto &[dtype, by_class] : sum.counts) {
        auto it = by_class.find(c);
        std::cout << "\t" << (it == by_class.end() ? 0 : it->second);
      }
      std::cout << "\n";
    }
    std::cout << sum.count << " expressions, simplifier " << o.impl << ", seed " << o.check.seed
              << ": " << sum.findings.size() << " findings of " << shapes.size() << " shapes ("
              << sum.shrinks_reused << " shrunk to a known shape); " << std::fixed
              << std::setprecision(1) << sum.seconds << " s (" << sum.simplify_seconds
              << " s in the simplifier), " << std::setprecision(0) << rate << " expressions/s\n"
              << "time by phase (CPU seconds of the check's threads; requests: wall): "
              << sum.phases->describe() << "; proof cache " << sum.proof_hits << " of "
              << sum.proof_lookups << "\n";
  }
  return sum.findings.empty() ? kSuccess : kFound;
}

} // namespace

void register_simplify_check(CLI::App &app, int &exit_code) {
  struct Options {
    prover::CheckOptions check;
    std::string out = "simplify-check-findings";
    bool json = false;
    int batch = 500;
    bool no_proof_cache = false;
  };
  auto opts = std::make_shared<Options>();
  auto *cmd = app.add_subcommand("simplify-check",
                                 "Check a simplifier on random integer expressions with Z3");
  cmd->add_option("--seed", opts->check.seed, "generator seed")->capture_default_str();
  cmd->add_option("--count", opts->check.count, "expressions to check")->capture_default_str();
  std::string names;
  for (const auto &n : prover::simplifier_names())
    names += (names.empty() ? "" : ", ") + n;
  cmd->add_option("--impl", opts->check.impl,
                  "simplifier under test: " + names + ", or an external implementation (tvm)")
      ->capture_default_str();
  cmd->add_option("-j,--jobs", opts->check.jobs, "expressions checked in parallel")
      ->capture_default_str();
  auto *timeout =
      cmd->add_option("--timeout-ms", opts->check.refine.timeout_ms,
                      "budget of one exact Z3 query (Z3 resource units worth this many ms)")
          ->capture_default_str();
  cmd->add_option("--out", opts->out, "folder for the refutations, one file each")
      ->capture_default_str();
  cmd->add_flag("--json", opts->json, "machine-readable summary");
  cmd->add_option("--batch", opts->batch, "external: expressions per simplify request")
      ->capture_default_str();
  cmd->add_flag("--no-proof-cache", opts->no_proof_cache,
                "external: prove every pair anew (the cache of proofs modulo variable names off)");
  cmd->callback([opts, timeout, &exit_code] {
    const backends::BackendInfo *info = backends::find_backend(opts->check.impl);
    if (!prover::make_simplifier(opts->check.impl) && info && info->external) {
      if (opts->check.count < 0 || opts->batch < 1) {
        std::cerr << "error: --count must not be negative, --batch must be positive\n";
        exit_code = kBadInput;
        return;
      }
      ExternalRun run;
      run.impl = opts->check.impl;
      run.out = opts->out;
      run.json = opts->json;
      run.check.seed = opts->check.seed;
      run.check.count = opts->check.count;
      run.check.jobs = opts->check.jobs;
      run.check.batch = opts->batch;
      run.check.proof_cache = !opts->no_proof_cache;
      run.check.classify.refine = opts->check.refine;
      // Thousands of pairs to decide: a smaller default budget, so that the few hard ones
      // (counted undecided) do not set the pace.
      if (timeout->count() == 0) {
        run.check.classify.refine.timeout_ms = 1000;
        run.check.classify.refine.quick_timeout_ms = 250;
      }
      exit_code = run_external(run);
      return;
    }
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
