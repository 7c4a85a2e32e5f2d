// tirconf print FILE...: reads programs and prints them back in the TVMScript dialect TVM prints.
// With --impl NAME, prints what an external implementation prints back after reading our print;
// with --roundtrip, checks for each file that the implementation reads our print as the same
// program: its re-print is the same text, or reads back (with our reader) structurally equal.
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "backends/external/external_backend.h"
#include "backends/registry.h"
#include "ir/structural_equal.h"
#include "ir/tvmscript/printer.h"
#include "ir/tvmscript/reader.h"
#include "runner/conformance.h"
#include "tools/commands.h"
#include "tools/files.h"

namespace tirconf::tools {

namespace {

std::string trimmed(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' '))
    s.pop_back();
  return s;
}

// What became of one program printed by us and read and printed back by the implementation.
enum class RoundTrip { Identical, Equivalent, Differs, Rejected, UnreadableBack, Failed };

const char *to_string(RoundTrip r) {
  switch (r) {
  case RoundTrip::Identical:
    return "identical";
  case RoundTrip::Equivalent:
    return "same program, other text";
  case RoundTrip::Differs:
    return "different program";
  case RoundTrip::Rejected:
    return "not read by the implementation";
  case RoundTrip::UnreadableBack:
    return "its print not read by tirconf";
  case RoundTrip::Failed:
    return "request failed";
  }
  return "?";
}

} // namespace

void register_print(CLI::App &app, int &exit_code) {
  struct Options {
    std::vector<std::string> paths;
    bool python_imports = false;
    std::string impl;
    bool roundtrip = false;
    bool verbose = false;
  };
  auto opts = std::make_shared<Options>();
  auto *cmd = app.add_subcommand("print", "Read TVMScript files and print them in canonical form");
  cmd->add_option("files", opts->paths, "TVMScript files, or folders with --roundtrip")->required();
  cmd->add_flag("--imports", opts->python_imports, "print real import lines instead of comments");
  cmd->add_option("--impl", opts->impl,
                  "print what this external implementation (tvm, ...) prints back after reading "
                  "tirconf's print");
  cmd->add_flag("--roundtrip", opts->roundtrip,
                "with --impl: check that it reads each print as the same program (exit 1 if not)");
  cmd->add_flag("-v,--verbose", opts->verbose, "--roundtrip: also show the differing texts");
  cmd->callback([opts, &exit_code] {
    if (opts->roundtrip && opts->impl.empty()) {
      std::cerr << "tirconf print: --roundtrip needs --impl NAME\n";
      exit_code = kBadInput;
      return;
    }
    std::unique_ptr<backends::Backend> backend;
    backends::external::ExternalBackend *external = nullptr;
    if (!opts->impl.empty()) {
      const backends::BackendInfo *info = backends::find_backend(opts->impl);
      backend = info && info->external ? backends::make_backend(opts->impl) : nullptr;
      external = dynamic_cast<backends::external::ExternalBackend *>(backend.get());
      std::optional<std::string> why =
          !external ? std::optional<std::string>(opts->impl + " is not an external implementation")
                    : external->unavailable();
      if (why) {
        std::cerr << "tirconf print: " << *why << "\n";
        exit_code = kBadInput;
        return;
      }
    }
    std::vector<std::string> errors;
    std::vector<std::string> files =
        opts->roundtrip ? runner::collect_python_files(opts->paths, errors) : opts->paths;
    for (const auto &e : errors)
      std::cerr << e << "\n";
    bool bad_input = !errors.empty();
    std::map<RoundTrip, int> counts;
    for (const auto &path : files) {
      auto text = read_file(path);
      if (!text) {
        std::cerr << path << ": error: cannot read file\n";
        bad_input = true;
        continue;
      }
      auto r = ir::read_tvmscript(*text, path);
      if (!r.ok()) {
        for (const auto &d : r.diagnostics)
          std::cerr << format(d) << "\n";
        bad_input = true;
        continue;
      }
      ir::PrintOptions po;
      po.import_comments = !opts->python_imports;
      if (!external) {
        po.docstring = r.docstring;
        std::cout << ir::print_tvmscript(r.module, po);
        continue;
      }
      const std::string ours = ir::print_tvmscript(r.module, po);
      auto theirs = external->print(ours);
      if (!opts->roundtrip) {
        if (!theirs.ok) {
          std::cerr << path << ": " << theirs.text << "\n";
          bad_input = true;
          continue;
        }
        std::cout << theirs.text << (theirs.text.ends_with('\n') ? "" : "\n");
        continue;
      }
      RoundTrip verdict;
      std::string detail;
      if (!theirs.ok) {
        verdict = theirs.rejected ? RoundTrip::Rejected : RoundTrip::Failed;
        detail = theirs.text;
      } else if (trimmed(theirs.text) == trimmed(ours)) {
        verdict = RoundTrip::Identical;
      } else if (auto back = ir::read_tvmscript(theirs.text, path + " (reprinted)"); !back.ok()) {
        verdict = RoundTrip::UnreadableBack;
        detail = back.diagnostics.empty() ? "" : ir::format(back.diagnostics.front());
      } else if (std::string diff = ir::structural_diff(r.module, back.module); diff.empty()) {
        verdict = RoundTrip::Equivalent;
      } else {
        verdict = RoundTrip::Differs;
        detail = diff;
      }
      ++counts[verdict];
      if (verdict != RoundTrip::Identical && (verdict != RoundTrip::Equivalent || opts->verbose)) {
        std::string line = detail.substr(0, detail.find('\n'));
        std::cout << path << ": " << to_string(verdict) << (line.empty() ? "" : ": " + line)
                  << "\n";
        if (opts->verbose && theirs.ok)
          std::cout << "--- tirconf\n" << ours << "--- " << opts->impl << "\n" << theirs.text;
      }
    }
    if (opts->roundtrip) {
      std::cout << files.size() << " files through " << external->name() << ":";
      for (auto v : {RoundTrip::Identical, RoundTrip::Equivalent, RoundTrip::Differs,
                     RoundTrip::Rejected, RoundTrip::UnreadableBack, RoundTrip::Failed})
        std::cout << " " << counts[v] << " " << to_string(v) << ";";
      std::cout << "\n";
    }
    const bool found = counts[RoundTrip::Differs] + counts[RoundTrip::Rejected] +
                           counts[RoundTrip::UnreadableBack] + counts[RoundTrip::Failed] >
                       0;
    exit_code = bad_input ? kBadInput : found ? kFound : kSuccess;
  });
}

} // namespace tirconf::tools
