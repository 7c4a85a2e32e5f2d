#include "oracle/eval/readings.h"

namespace tirconf::oracle {

namespace {

const char *value_name(BlockPredicate b) {
  switch (b) {
  case BlockPredicate::Unspecified:
    return "unspecified";
  case BlockPredicate::Skip:
    return "skip";
  case BlockPredicate::Run:
    return "run";
  }
  return "?";
}

// Named sets: what a well-known implementation does where the spec leaves the choice open.
struct ReadingSet {
  std::string_view name;
  std::vector<std::string_view> options;
};
const std::vector<ReadingSet> &reading_sets() {
  static const std::vector<ReadingSet> sets = {
      {"tvm", {"block-predicate=skip"}},
      {"spec", {"block-predicate=run"}},
      {"catalog", {"block-predicate=unspecified"}},
  };
  return sets;
}

} // namespace

const std::vector<ReadingInfo> &reading_table() {
  static const std::vector<ReadingInfo> table = {
      {"block-predicate",
       {"unspecified", "skip", "run"},
       "unspec.block_predicate_false",
       "a block instance whose predicate (T.where) is false: unspecified (the spec and TVM "
       "disagree), skipped (TVM), or run (the spec's text)"},
  };
  return table;
}

std::string Readings::text() const {
  std::string out;
  if (block_predicate != BlockPredicate::Unspecified)
    out += std::string("block-predicate=") + value_name(block_predicate);
  return out;
}

std::optional<std::string> apply_reading(Readings &r, std::string_view option) {
  for (const ReadingSet &s : reading_sets())
    if (s.name == option) {
      for (std::string_view o : s.options)
        if (auto err = apply_reading(r, o))
          return err;
      return std::nullopt;
    }
  size_t eq = option.find('=');
  if (eq == std::string_view::npos)
    return "unknown reading set '" + std::string(option) + "' (tvm, spec, catalog)";
  std::string_view name = option.substr(0, eq), value = option.substr(eq + 1);
  if (name == "block-predicate") {
    for (auto b : {BlockPredicate::Unspecified, BlockPredicate::Skip, BlockPredicate::Run})
      if (value == value_name(b)) {
        r.block_predicate = b;
        return std::nullopt;
      }
    return "block-predicate is unspecified, skip or run, not '" + std::string(value) + "'";
  }
  return "unknown reading '" + std::string(name) + "' (block-predicate)";
}

} // namespace tirconf::oracle
