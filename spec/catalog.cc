#include "spec/catalog.h"

#include <stdexcept>
#include <unordered_set>

#include <yaml-cpp/yaml.h>

namespace tirconf::spec {

// Generated from spec/rules/*.yaml by spec/tools/embed_catalog.cmake.
extern const std::vector<std::pair<std::string, std::string>> &embedded_catalog_files();

const char *to_string(RuleKind k) {
  switch (k) {
  case RuleKind::Typing:
    return "typing";
  case RuleKind::Scoping:
    return "scoping";
  case RuleKind::Semantics:
    return "semantics";
  case RuleKind::Binding:
    return "binding";
  case RuleKind::Unspecified:
    return "unspecified";
  }
  return "?";
}

std::optional<RuleKind> parse_rule_kind(std::string_view s) {
  for (auto k : {RuleKind::Typing, RuleKind::Scoping, RuleKind::Semantics, RuleKind::Binding,
                 RuleKind::Unspecified})
    if (s == to_string(k))
      return k;
  return std::nullopt;
}

bool looks_like_rule_id(std::string_view s) {
  static constexpr std::string_view prefixes[] = {"dtype.", "type.",    "scope.", "sem.",
                                                  "bind.",  "builtin.", "unspec."};
  bool prefixed = false;
  for (auto p : prefixes)
    prefixed |= s.substr(0, p.size()) == p;
  if (!prefixed || s.back() == '.')
    return false;
  for (char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.'))
      return false;
  return true;
}

namespace {

[[noreturn]] void fail(const std::string &file, const YAML::Mark &mark, const std::string &msg) {
  throw std::runtime_error("spec/rules/" + file + ":" + std::to_string(mark.line + 1) + ":" +
                           std::to_string(mark.column + 1) + ": error: " + msg);
}

std::string optional_string(const YAML::Node &n, const char *key) {
  auto v = n[key];
  return v && v.IsScalar() ? v.as<std::string>() : std::string();
}

} // namespace

Catalog Catalog::parse(const std::vector<std::pair<std::string, std::string>> &files) {
  Catalog c;
  std::unordered_set<std::string> seen;
  for (const auto &[file, text] : files) {
    YAML::Node doc;
    try {
      doc = YAML::Load(text);
    } catch (const YAML::Exception &e) {
      fail(file, e.mark, e.msg);
    }
    auto rules = doc["rules"];
    if (!rules || !rules.IsSequence())
      fail(file, doc.Mark(), "expected a 'rules' list");
    std::string section = optional_string(doc, "section");
    for (const auto &r : rules) {
      if (!r.IsMap())
        fail(file, r.Mark(), "a rule must be a mapping");
      Rule rule;
      rule.id = optional_string(r, "id");
      if (!looks_like_rule_id(rule.id))
        fail(file, r.Mark(), "bad rule id '" + rule.id + "'");
      if (!seen.insert(rule.id).second)
        fail(file, r.Mark(), "duplicate rule id '" + rule.id + "'");
      auto kind = parse_rule_kind(optional_string(r, "kind"));
      if (!kind)
        fail(file, r.Mark(), "rule '" + rule.id + "' has no valid kind");
      rule.kind = *kind;
      rule.section = optional_string(r, "section");
      if (rule.section.empty())
        rule.section = section;
      rule.summary = optional_string(r, "summary");
      if (rule.summary.empty())
        fail(file, r.Mark(), "rule '" + rule.id + "' has no summary");
      rule.differs_from_tvm = r["differs_from_tvm"] && r["differs_from_tvm"].as<bool>(false);
      rule.reading = optional_string(r, "reading");
      rule.alternative = optional_string(r, "alternative");
      rule.why = optional_string(r, "why");
      rule.unspecified_class = optional_string(r, "unspecified_class");
      rule.error_class = optional_string(r, "error_class");
      rule.file = file;
      c.rules_.push_back(std::move(rule));
    }
  }
  return c;
}

const Catalog &Catalog::builtin() {
  static const Catalog catalog = parse(embedded_catalog_files());
  return catalog;
}

const Rule *Catalog::find(std::string_view id) const {
  for (const auto &r : rules_)
    if (r.id == id)
      return &r;
  return nullptr;
}

} // namespace tirconf::spec
