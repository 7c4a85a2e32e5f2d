#include "runner/testfile.h"

#include <algorithm>

#include <yaml-cpp/yaml.h>

namespace tirconf::runner {

const std::vector<std::string> &error_classes() {
  static const std::vector<std::string> c = {"divide-by-zero", "assert", "binding", "limit"};
  return c;
}

const std::vector<std::string> &unspecified_classes() {
  static const std::vector<std::string> c = {"out-of-bounds", "conflict",  "uninitialized",
                                             "overflow",      "ambiguous", "any"};
  return c;
}

namespace {

struct FieldError {
  YAML::Mark mark;
  std::string message;
};

class Parser {
public:
  Parser(const std::string &path, ir::SourceLoc origin) : path_(path), origin_(origin) {}

  ir::SourceLoc loc(const YAML::Mark &m) const {
    if (m.line < 0)
      return origin_;
    ir::SourceLoc l;
    l.line = origin_.line + static_cast<uint32_t>(m.line);
    l.col = (m.line == 0 ? origin_.col : 1) + static_cast<uint32_t>(std::max(m.column, 0));
    return l;
  }

  [[noreturn]] void fail(const YAML::Node &n, const std::string &msg) {
    throw FieldError{n.Mark(), msg};
  }

  std::string scalar(const YAML::Node &n, const std::string &field) {
    if (!n.IsScalar())
      fail(n, field + ": expected a scalar");
    return n.Scalar();
  }

  std::vector<Literal> literals(const YAML::Node &n, const std::string &field) {
    if (!n.IsSequence())
      fail(n, field + ": expected a list");
    std::vector<Literal> out;
    for (const auto &e : n) {
      if (e.IsSequence()) { // nested lists are accepted and flattened row-major
        auto inner = literals(e, field);
        out.insert(out.end(), inner.begin(), inner.end());
      } else {
        out.push_back(scalar(e, field));
      }
    }
    return out;
  }

  Arg arg(const std::string &name, const YAML::Node &n) {
    Arg a;
    a.name = name;
    a.loc = loc(n.Mark());
    if (!n.IsMap()) {
      a.scalar = scalar(n, "args." + name);
      return a;
    }
    a.is_tensor = true;
    const std::string f = "args." + name;
    for (const auto &kv : n) {
      auto key = kv.first.Scalar();
      if (key != "dtype" && key != "shape" && key != "data")
        fail(kv.first, f + ": unknown field '" + key + "'");
    }
    if (!n["dtype"])
      fail(n, f + ".dtype: missing");
    auto dt = ir::parse_dtype(scalar(n["dtype"], f + ".dtype"));
    if (!dt || dt->is_handle() || dt->is_void())
      fail(n["dtype"], f + ".dtype: unknown dtype '" + n["dtype"].Scalar() + "'");
    a.tensor.dtype = *dt;
    if (!n["shape"])
      fail(n, f + ".shape: missing");
    if (!n["shape"].IsSequence())
      fail(n["shape"], f + ".shape: expected a list");
    for (const auto &d : n["shape"]) {
      int64_t v = 0;
      if (!d.IsScalar() || !YAML::convert<int64_t>::decode(d, v) || v < 0)
        fail(d, f + ".shape: expected non-negative integers");
      a.tensor.shape.push_back(v);
    }
    if (n["data"]) {
      a.tensor.has_data = true;
      a.tensor.data = literals(n["data"], f + ".data");
    }
    return a;
  }

  Expectation expectation(const YAML::Node &n) {
    Expectation e;
    e.loc = loc(n.Mark());
    if (!n.IsMap())
      fail(n, "expect: expected a mapping");
    bool values = false;
    int outcome_kinds = 0;
    for (const auto &kv : n) {
      auto key = kv.first.Scalar();
      const auto &v = kv.second;
      if (key == "buffers") {
        if (!v.IsMap())
          fail(v, "expect.buffers: expected a mapping");
        for (const auto &b : v)
          e.buffers.emplace_back(b.first.Scalar(),
                                 literals(b.second, "expect.buffers." + b.first.Scalar()));
        values = true;
      } else if (key == "return") {
        e.return_value = scalar(v, "expect.return");
        values = true;
      } else if (key == "tolerance") {
        int ulp = 0;
        if (!v.IsMap() || !v["ulp"] || !YAML::convert<int>::decode(v["ulp"], ulp) || ulp < 0)
          fail(v, "expect.tolerance: expected {ulp: N}");
        e.tolerance_ulp = ulp;
      } else if (key == "invalid") {
        bool b = false;
        if (!YAML::convert<bool>::decode(v, b) || !b)
          fail(v, "expect.invalid: expected true");
        e.kind = Expectation::Kind::Invalid;
        ++outcome_kinds;
      } else if (key == "error") {
        e.kind = Expectation::Kind::Error;
        e.outcome_class = scalar(v, "expect.error");
        const auto &c = error_classes();
        if (std::find(c.begin(), c.end(), e.outcome_class) == c.end())
          fail(v, "expect.error: unknown error class '" + e.outcome_class + "'");
        ++outcome_kinds;
      } else if (key == "unspecified") {
        e.kind = Expectation::Kind::Unspecified;
        e.outcome_class = scalar(v, "expect.unspecified");
        const auto &c = unspecified_classes();
        if (std::find(c.begin(), c.end(), e.outcome_class) == c.end())
          fail(v, "expect.unspecified: unknown class '" + e.outcome_class + "'");
        ++outcome_kinds;
      } else {
        fail(kv.first, "expect: unknown field '" + key + "'");
      }
    }
    if (outcome_kinds > 1 || (outcome_kinds == 1 && values))
      fail(n, "expect: exactly one outcome kind is allowed");
    return e;
  }

  TestCase test_case(const YAML::Node &args, const YAML::Node &expect, const YAML::Node &where) {
    TestCase c;
    c.loc = loc(where.Mark());
    if (args) {
      if (!args.IsMap())
        fail(args, "args: expected a mapping from parameter name to value");
      for (const auto &kv : args)
        c.args.push_back(arg(kv.first.Scalar(), kv.second));
    }
    if (!expect)
      fail(where, "expect: missing");
    c.expect = expectation(expect);
    return c;
  }

  std::vector<Arg> args_document(const std::string &text) {
    YAML::Node root = YAML::Load(text);
    if (root.IsMap() && root["args"] && root.size() == 1)
      root = root["args"];
    if (!root.IsMap())
      fail(root, "expected a mapping from parameter name to value");
    std::vector<Arg> out;
    for (const auto &kv : root)
      out.push_back(arg(kv.first.Scalar(), kv.second));
    return out;
  }

  TestFile parse(const std::string &text) {
    TestFile t;
    t.path = path_;
    YAML::Node root = YAML::Load(text);
    if (!root.IsMap())
      fail(root, "front matter: expected a YAML mapping");
    t.has_front_matter = true;
    static const char *known[] = {"description", "rules", "func", "args", "expect", "cases"};
    for (const auto &kv : root) {
      auto key = kv.first.Scalar();
      if (std::find(std::begin(known), std::end(known), key) == std::end(known))
        fail(kv.first, "front matter: unknown field '" + key + "'");
    }
    if (root["description"])
      t.description = scalar(root["description"], "description");
    if (root["func"])
      t.func = scalar(root["func"], "func");
    if (auto r = root["rules"]) {
      if (!r.IsSequence())
        fail(r, "rules: expected a list of rule IDs");
      for (const auto &id : r)
        t.rules.push_back(scalar(id, "rules"));
    }
    if (root["cases"]) {
      if (root["args"] || root["expect"])
        fail(root["cases"], "cases: use either cases or args/expect");
      if (!root["cases"].IsSequence())
        fail(root["cases"], "cases: expected a list");
      for (const auto &c : root["cases"]) {
        if (!c.IsMap())
          fail(c, "cases: each case must be a mapping");
        t.cases.push_back(test_case(c["args"], c["expect"], c));
      }
    } else {
      t.cases.push_back(test_case(root["args"], root["expect"], root));
    }
    return t;
  }

private:
  std::string path_;
  ir::SourceLoc origin_;
};

} // namespace

FrontMatterResult parse_front_matter(const std::string &path, const std::string &docstring,
                                     ir::SourceLoc docstring_loc) {
  FrontMatterResult r;
  r.file.path = path;
  Parser p(path, docstring_loc);
  try {
    r.file = p.parse(docstring);
  } catch (const FieldError &e) {
    r.diagnostics.push_back({path, p.loc(e.mark), "", "front matter: " + e.message});
  } catch (const YAML::Exception &e) {
    r.diagnostics.push_back({path, p.loc(e.mark), "", "front matter: malformed YAML: " + e.msg});
  }
  return r;
}

ArgsResult parse_args_document(const std::string &path, const std::string &text) {
  ArgsResult r;
  Parser p(path, {1, 1});
  try {
    r.args = p.args_document(text);
  } catch (const FieldError &e) {
    r.diagnostics.push_back({path, p.loc(e.mark), "", e.message});
  } catch (const YAML::Exception &e) {
    r.diagnostics.push_back({path, p.loc(e.mark), "", "malformed JSON/YAML: " + e.msg});
  }
  return r;
}

std::string entry_function(const TestFile &t, const ir::IRModule &m) {
  if (!t.func.empty())
    return t.func;
  if (m && m->functions.size() == 1)
    return m->functions.front().first->name_hint;
  return "main";
}

} // namespace tirconf::runner
