// The spec rule catalog: every rule of the TIR spec with a stable ID (spec/rules/*.yaml), compiled
// into the binary so tools work from any directory. Everything else in tirconf cites these IDs.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tirconf::spec {

enum class RuleKind { Typing, Scoping, Semantics, Binding, Unspecified };
const char *to_string(RuleKind k);
std::optional<RuleKind> parse_rule_kind(std::string_view s);

struct Rule {
  std::string id;
  RuleKind kind = RuleKind::Typing;
  std::string section;
  std::string summary;
  bool differs_from_tvm = false;
  std::string reading, alternative, why; // set where the spec is ambiguous
  std::string unspecified_class;         // for unspecified rules: out-of-bounds, conflict, ...
  std::string error_class;               // for rules that raise: divide-by-zero, assert, ...
  std::string file;                      // catalog file it came from, e.g. "typing_expr.yaml"
};

class Catalog {
public:
  // The catalog compiled into this binary.
  static const Catalog &builtin();

  // Parses catalog files given as (file name, YAML text). Throws std::runtime_error naming the
  // file, line and column on malformed input or duplicate IDs.
  static Catalog parse(const std::vector<std::pair<std::string, std::string>> &files);

  const Rule *find(std::string_view id) const;
  const std::vector<Rule> &rules() const { return rules_; }

private:
  std::vector<Rule> rules_; // in catalog file order
};

// Where source code cites a rule: string literals "<prefix>.x.y" and comments "[<prefix>.x.y]",
// found at build time by spec/tools/rule_scan.cc over the implementation folders.
struct RuleSite {
  std::string_view id;
  std::string_view file; // relative to the repository root
  int line;
};
std::span<const RuleSite> rule_sites();
// Where the unit tests (tests/*.cc) cite rule IDs: in the outcome they assert, or in a
// "[rule]" comment on the test that exercises it.
std::span<const RuleSite> rule_test_sites();

// True if `s` has the shape of a rule ID of one of the catalog prefixes.
bool looks_like_rule_id(std::string_view s);

} // namespace tirconf::spec
