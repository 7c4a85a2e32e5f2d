#include "oracle/arith/rewrite_rules.h"

#include <functional>
#include <map>
#include <set>
#include <stdexcept>

#include <yaml-cpp/yaml.h>

namespace tirconf::oracle::arith {

using ir::ExprKind;

std::string to_string(const Width &w) {
  return w.unbounded ? "unbounded" : ir::to_string(w.dtype);
}

std::optional<Width> parse_width(std::string_view s) {
  if (s == "unbounded")
    return Width::integers();
  auto t = ir::parse_dtype(s);
  if (!t || !t->is_integer() || t->lanes != 1 || t->is_bool())
    return std::nullopt;
  if (t->bits != 8 && t->bits != 16 && t->bits != 32 && t->bits != 64)
    return std::nullopt;
  return Width::of(*t);
}

std::optional<Claim> RewriteRule::claim_at(const Width &w) const {
  for (const auto &[width, claim] : claims)
    if (width == w)
      return claim;
  return std::nullopt;
}

bool RewriteRule::is_bool_var(std::string_view v) const {
  for (const auto &b : bool_vars)
    if (b == v)
      return true;
  return false;
}

std::string format(const RuleDiagnostic &d) {
  return d.file + ":" + std::to_string(d.line) + ":" + std::to_string(d.col) +
         ": error: " + d.message;
}

namespace {

// Thrown inside one rule; the loader records it and goes on with the next rule.
struct RuleError {
  int line, col;
  std::string message;
};

// 1-based; yaml-cpp's null mark (an empty document, some exceptions) is -1: the file's start.
int line_of(const YAML::Mark &m) {
  return m.line < 0 ? 1 : m.line + 1;
}
int col_of(const YAML::Mark &m) {
  return m.column < 0 ? 1 : m.column + 1;
}

[[noreturn]] void fail(const YAML::Mark &m, std::string msg) {
  throw RuleError{line_of(m), col_of(m), std::move(msg)};
}

RuleDiagnostic diagnostic(const std::string &file, const YAML::Mark &m, std::string msg) {
  return {file, line_of(m), col_of(m), std::move(msg)};
}

bool valid_id(std::string_view id) {
  if (id.substr(0, 3) != "rw." || id.size() < 4 || id.back() == '.')
    return false;
  for (char c : id)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.'))
      return false;
  return true;
}

// ---------------------------------------------------------------- types of pattern variables
enum class Ty { Int, Bool };

struct Typer {
  std::map<std::string, Ty> vars;
  // Where in the text the problem is (offset into the pattern being typed).
  int bad_offset = -1;
  std::string bad;

  void error(const Pat &p, std::string msg) {
    if (bad_offset < 0) {
      bad_offset = p.offset;
      bad = std::move(msg);
    }
  }
  void expect(const Pat &p, Ty want) {
    Ty got = type(p, want);
    if (got != want)
      error(p, std::string("expected ") + (want == Ty::Int ? "an integer" : "a boolean") +
                   " expression, found '" + to_string(p) + "'");
  }
  // The type of p; `hint` resolves what p alone does not fix (a variable's first use).
  Ty type(const Pat &p, Ty hint) {
    switch (p.kind) {
    case PatKind::Var: {
      auto [it, fresh] = vars.emplace(p.name, hint);
      return it->second;
    }
    case PatKind::Sym:
    case PatKind::Lit:
      return Ty::Int;
    case PatKind::BoolLit:
      return Ty::Bool;
    case PatKind::Fits:
      expect(*p.args[0], Ty::Int);
      return Ty::Bool;
    case PatKind::Op:
      break;
    }
    switch (p.op) {
    case ExprKind::Select: {
      expect(*p.args[0], Ty::Bool);
      Ty t = type(*p.args[1], hint);
      expect(*p.args[2], t);
      return t;
    }
    case ExprKind::And:
    case ExprKind::Or:
      expect(*p.args[0], Ty::Bool);
      expect(*p.args[1], Ty::Bool);
      return Ty::Bool;
    case ExprKind::Not:
      expect(*p.args[0], Ty::Bool);
      return Ty::Bool;
    default:
      break;
    }
    if (ir::is_comparison(p.op)) {
      // Booleans may be compared for (in)equality; ordering compares integers.
      bool eq = p.op == ExprKind::EQ || p.op == ExprKind::NE;
      Ty t = eq ? type(*p.args[0], Ty::Int) : Ty::Int;
      if (!eq)
        expect(*p.args[0], Ty::Int);
      expect(*p.args[1], t);
      return Ty::Bool;
    }
    expect(*p.args[0], Ty::Int);
    expect(*p.args[1], Ty::Int);
    return Ty::Int;
  }
};

// Line and column of byte `offset` of a single-line scalar that starts at `m` in `text`.
YAML::Mark mark_in_scalar(const std::string &text, const YAML::Mark &m, int offset) {
  YAML::Mark r = m;
  size_t pos = static_cast<size_t>(m.pos);
  if (pos < text.size() && (text[pos] == '"' || text[pos] == '\''))
    r.column += 1;
  r.column += offset;
  return r;
}

PatRef parse_field(const std::string &text, const YAML::Node &rule, const char *key, bool required,
                   bool allow_fits) {
  YAML::Node n = rule[key];
  if (!n) {
    if (required)
      fail(rule.Mark(), std::string("rule has no '") + key + "'");
    return nullptr;
  }
  if (!n.IsScalar())
    fail(n.Mark(), std::string("'") + key + "' must be a string");
  PatParseError err;
  PatRef p = parse_pattern(n.Scalar(), allow_fits, err);
  if (!p)
    fail(mark_in_scalar(text, n.Mark(), err.offset), std::string(key) + ": " + err.message);
  return p;
}

// Reports a problem at offset `offset` of field `key`.
[[noreturn]] void fail_in(const std::string &text, const YAML::Node &rule, const char *key,
                          int offset, const std::string &msg) {
  fail(mark_in_scalar(text, rule[key].Mark(), offset), std::string(key) + ": " + msg);
}

Claim parse_claim(const YAML::Node &n) {
  if (n.IsScalar()) {
    if (n.Scalar() == "valid")
      return Claim::Valid;
    if (n.Scalar() == "invalid")
      return Claim::Invalid;
  }
  fail(n.Mark(), "expect must be 'valid' or 'invalid'");
}

Width parse_width_node(const YAML::Node &n) {
  if (!n.IsScalar())
    fail(n.Mark(), "a width must be a dtype name or 'unbounded'");
  auto w = parse_width(n.Scalar());
  if (!w)
    fail(n.Mark(),
         "unknown width '" + n.Scalar() + "' (int8/16/32/64, uint8/16/32/64 or unbounded)");
  return *w;
}

void add_claim(RewriteRule &r, const YAML::Node &where, Width w, Claim c) {
  if (r.claim_at(w))
    fail(where.Mark(), "width " + to_string(w) + " listed twice");
  r.claims.emplace_back(w, c);
}

RewriteRule parse_rule(const std::string &file, const std::string &text, const YAML::Node &n) {
  if (!n.IsMap())
    fail(n.Mark(), "a rule must be a mapping");
  static const std::set<std::string> known = {"id",     "lhs",    "rhs",  "if",
                                              "dtypes", "expect", "from", "note"};
  for (const auto &kv : n) {
    std::string key = kv.first.as<std::string>();
    if (!known.count(key))
      fail(kv.first.Mark(), "unknown key '" + key + "'");
  }
  RewriteRule r;
  r.file = file;
  r.line = n.Mark().line + 1;
  YAML::Node id = n["id"];
  if (!id || !id.IsScalar())
    fail(n.Mark(), "rule has no 'id'");
  r.id = id.Scalar();
  if (!valid_id(r.id))
    fail(id.Mark(), "bad rule id '" + r.id + "' (rw.<family>.<name>, [a-z0-9_.] only)");
  r.lhs = parse_field(text, n, "lhs", true, false);
  r.rhs = parse_field(text, n, "rhs", true, false);
  r.cond = parse_field(text, n, "if", false, true);
  if (r.lhs->kind != PatKind::Op)
    fail_in(text, n, "lhs", 0, "the left side must be an operator");

  // Every name on the right and in the condition is bound by the left side.
  auto lvars = pattern_vars(*r.lhs), lsyms = pattern_syms(*r.lhs);
  auto bound = [&](const std::string &name) {
    for (const auto &v : lvars)
      if (v == name)
        return true;
    for (const auto &s : lsyms)
      if (s == name)
        return true;
    return false;
  };
  // Points at the first use of a name the left side does not bind.
  std::function<void(const Pat &, const char *)> check_bound = [&](const Pat &p, const char *key) {
    if ((p.kind == PatKind::Var || p.kind == PatKind::Sym) && !bound(p.name))
      fail_in(text, n, key, p.offset, "'" + p.name + "' does not occur in lhs");
    for (const auto &a : p.args)
      check_bound(*a, key);
  };
  check_bound(*r.rhs, "rhs");
  if (r.cond)
    check_bound(*r.cond, "if");

  // Types: the two sides agree; the condition is boolean.
  Typer ty;
  Ty lt = ty.type(*r.lhs, Ty::Int);
  if (ty.bad_offset >= 0)
    fail_in(text, n, "lhs", ty.bad_offset, ty.bad);
  ty.expect(*r.rhs, lt);
  if (ty.bad_offset >= 0)
    fail_in(text, n, "rhs", ty.bad_offset, ty.bad);
  if (r.cond) {
    ty.expect(*r.cond, Ty::Bool);
    if (ty.bad_offset >= 0)
      fail_in(text, n, "if", ty.bad_offset, ty.bad);
  }
  for (const auto &[name, t] : ty.vars)
    if (t == Ty::Bool)
      r.bool_vars.push_back(name);

  // Claims: `dtypes: [...]` with `expect: valid|invalid` (default valid), or `expect` as a map
  // from width to valid|invalid.
  YAML::Node dtypes = n["dtypes"], expect = n["expect"];
  if (expect && expect.IsMap()) {
    if (dtypes)
      fail(dtypes.Mark(), "give either 'dtypes' or 'expect' as a map, not both");
    for (const auto &kv : expect)
      add_claim(r, kv.first, parse_width_node(kv.first), parse_claim(kv.second));
  } else {
    if (!dtypes || !dtypes.IsSequence() || dtypes.size() == 0)
      fail(n.Mark(), "rule has no 'dtypes' list");
    Claim c = expect ? parse_claim(expect) : Claim::Valid;
    for (const auto &d : dtypes)
      add_claim(r, d, parse_width_node(d), c);
  }
  if (n["from"] && n["from"].IsScalar())
    r.from = n["from"].Scalar();
  if (r.from.empty())
    fail(n.Mark(), "rule has no 'from' (where it comes from)");
  if (n["note"] && n["note"].IsScalar())
    r.note = n["note"].Scalar();
  return r;
}

} // namespace

RuleSet RuleSet::parse(const std::vector<std::pair<std::string, std::string>> &files,
                       std::vector<RuleDiagnostic> &diagnostics) {
  RuleSet set;
  std::map<std::string, std::string> seen; // id -> where
  for (const auto &[file, text] : files) {
    YAML::Node doc;
    try {
      doc = YAML::Load(text);
    } catch (const YAML::Exception &e) {
      diagnostics.push_back(diagnostic(file, e.mark, e.msg));
      continue;
    }
    YAML::Node rules = doc.IsMap() ? doc["rules"] : YAML::Node();
    if (!rules || !rules.IsSequence()) {
      // At 'rules' when it is there but not a list, else at the document.
      diagnostics.push_back(diagnostic(file, rules ? rules.Mark() : doc.Mark(),
                                       "expected a mapping with a 'rules' list"));
      continue;
    }
    for (const auto &n : rules) {
      try {
        RewriteRule r = parse_rule(file, text, n);
        std::string here = file + ":" + std::to_string(r.line);
        if (auto [it, fresh] = seen.emplace(r.id, here); !fresh)
          fail(n["id"].Mark(), "duplicate rule id '" + r.id + "' (first at " + it->second + ")");
        set.rules_.push_back(std::move(r));
      } catch (const RuleError &e) {
        diagnostics.push_back({file, e.line, e.col, e.message});
      } catch (const YAML::Exception &e) {
        diagnostics.push_back(diagnostic(file, e.mark, e.msg));
      }
    }
  }
  return set;
}

const RuleSet &RuleSet::builtin() {
  static const RuleSet set = [] {
    std::vector<RuleDiagnostic> diags;
    RuleSet s = parse(embedded_rewrite_files(), diags);
    if (!diags.empty())
      throw std::logic_error("embedded rewrite catalog: " + format(diags[0]));
    return s;
  }();
  return set;
}

const RewriteRule *RuleSet::find(std::string_view id) const {
  for (const auto &r : rules_)
    if (r.id == id)
      return &r;
  return nullptr;
}

} // namespace tirconf::oracle::arith
