// tirconf report [--conform RESULTS.json]... [--campaign DIR]... [--prove RESULTS.json]
//                [--previous REPORT.json] --out DIR [--corpus DIR]
// Writes report.html, report.md and report.json (reports/FORMAT.md) into DIR.
#include <algorithm>
#include <filesystem>
#include <iostream>

#include "fuzz/campaign_state.h"
#include "reports/html_text.h"
#include "reports/report.h"
#include "tools/commands.h"
#include "tools/files.h"

namespace tirconf::tools {

void register_report(CLI::App &app, int &exit_code) {
  struct Options {
    std::vector<std::string> conform, campaigns;
    std::string prove, previous, out;
    std::string corpus = default_corpus_dir();
    bool quiet = false;
  };
  auto o = std::make_shared<Options>();
  auto *cmd = app.add_subcommand(
      "report", "Write the traceability and conformance report (report.html, .md, .json)");
  cmd->add_option("--conform", o->conform,
                  "an implementation's results from tirconf conform --json (repeatable; shards of "
                  "one run are merged)");
  cmd->add_option("--campaign", o->campaigns,
                  "a tirconf fuzz out folder (repeatable: nightly campaigns show over time)");
  cmd->add_option("--prove", o->prove, "the rewrite rules' proofs from tirconf prove --json");
  cmd->add_option("--previous", o->previous,
                  "an earlier report.json: what changed since (newly failing, newly passing, new "
                  "signatures)");
  cmd->add_option("--out", o->out, "folder to write report.html, report.md and report.json")
      ->required();
  cmd->add_option("--corpus", o->corpus, "conformance corpus folder")->capture_default_str();
  cmd->add_flag("-q,--quiet", o->quiet, "print nothing but errors");
  cmd->callback([o, &exit_code] {
    report::ReportInputs in;
    in.corpus_dir = o->corpus;
    in.source_dir = TIRCONF_SOURCE_DIR;
    in.generated = fuzz::utc_now();
    try {
      std::error_code ec;
      if (!std::filesystem::is_directory(o->corpus, ec))
        throw report::InputError(o->corpus + ": error: no such corpus folder");
      for (const auto &path : o->conform) {
        report::ConformRun run = report::read_conform(path);
        auto same = std::find_if(in.conform.begin(), in.conform.end(), [&](const auto &r) {
          return r.implementation == run.implementation;
        });
        if (same == in.conform.end())
          in.conform.push_back(std::move(run));
        else
          report::merge_conform(*same, run);
      }
      for (const auto &dir : o->campaigns)
        in.campaigns.push_back(report::read_campaign(dir));
      if (!o->prove.empty())
        in.prove = report::read_prove(o->prove);
      if (!o->previous.empty())
        in.previous = report::read_previous(o->previous);
    } catch (const report::InputError &e) {
      std::cerr << e.what() << "\n";
      exit_code = kBadInput;
      return;
    }

    const report::Report r = report::build_report(in);
    const std::filesystem::path out(o->out);
    const std::string html = (out / "report.html").string();
    for (const auto &[name, text] : {std::pair{"report.json", report::report_json(r)},
                                     std::pair{"report.html", report::report_html(r)},
                                     std::pair{"report.md", report::report_markdown(r, html)}}) {
      if (!write_atomically(out / name, text)) {
        std::cerr << (out / name).string() << ": error: cannot write the report\n";
        exit_code = kBadInput;
        return;
      }
    }
    for (const auto &w : r.warnings)
      std::cerr << "warning: " << w << "\n";
    for (const auto &e : r.corpus_errors)
      std::cerr << e << "\n";
    if (!o->quiet) {
      std::cout << "report: " << report::count_of(r.rules.size(), "rule") << ", "
                << report::count_of(r.implementations.size(), "implementation") << ", "
                << report::count_of(r.campaigns.size(), "campaign") << ", "
                << report::count_of(r.findings.size(), "signature") << "\n";
      for (const auto &impl : r.implementations)
        std::cout << "  " << impl.name << ": " << impl.rules.pass << " pass, "
                  << impl.rules.expected << " expected, " << impl.rules.fail << " fail, "
                  << impl.rules.untested << " untested\n";
      std::cout << "wrote " << html << " (and report.md, report.json)\n";
    }
    exit_code = kSuccess;
  });
}

} // namespace tirconf::tools
