#include "tools/readings_option.h"

#include <iostream>

namespace tirconf::tools {

void add_reading_options(CLI::App *cmd, ReadingArgs &args) {
  std::string names;
  for (const auto &r : oracle::reading_table()) {
    names += "\n  " + std::string(r.name) + "=";
    for (size_t i = 0; i < r.values.size(); ++i)
      names += (i ? "|" : "") + std::string(r.values[i]);
    names += " [" + std::string(r.rule) + "]";
  }
  cmd->add_option("--reading", args.each,
                  "where the spec leaves a choice open, the reading the oracle takes (the first "
                  "value is the catalog's; repeatable):" +
                      names)
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  cmd->add_option("--readings", args.set,
                  "a set of readings: tvm (what Apache TVM does), spec (the spec's text), catalog");
}

std::optional<oracle::Readings> readings_from(const ReadingArgs &args) {
  oracle::Readings r;
  std::vector<std::string> options;
  if (!args.set.empty())
    options.push_back(args.set);
  options.insert(options.end(), args.each.begin(), args.each.end());
  for (const auto &o : options)
    if (auto error = oracle::apply_reading(r, o)) {
      std::cerr << "tirconf: reading " << o << ": " << *error << "\n";
      return std::nullopt;
    }
  return r;
}

} // namespace tirconf::tools
