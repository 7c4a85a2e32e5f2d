#include "backends/external/impl_config.h"

#include <yaml-cpp/yaml.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace tirconf::backends::external {

namespace {

struct ConfigError {
  YAML::Mark mark;
  std::string message;
};

[[noreturn]] void fail(const YAML::Node &n, std::string message) {
  throw ConfigError{n.Mark(), std::move(message)};
}

std::string expand(const std::string &text, const std::string &dir) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    const size_t open = text.find("${", i);
    if (open == std::string::npos) {
      out += text.substr(i);
      break;
    }
    const size_t close = text.find('}', open);
    if (close == std::string::npos) {
      out += text.substr(i);
      break;
    }
    out += text.substr(i, open - i);
    const std::string name = text.substr(open + 2, close - open - 2);
    if (name == "dir") {
      out += dir;
    } else if (name == "python") {
      const char *p = std::getenv("TIRCONF_PYTHON");
      out += p && *p ? p : "python3";
    } else if (const char *v = std::getenv(name.c_str())) {
      out += v;
    }
    i = close + 1;
  }
  return out;
}

std::string scalar(const YAML::Node &n, const std::string &what) {
  if (!n.IsScalar())
    fail(n, what + " must be a string");
  return n.as<std::string>();
}

double seconds(const YAML::Node &n, const std::string &what) {
  double s = 0;
  if (!n.IsScalar() || !YAML::convert<double>::decode(n, s) || !(s > 0) || s > 86400)
    fail(n, what + " must be a number of seconds in (0, 86400]");
  return s;
}

void check_keys(const YAML::Node &map, const std::set<std::string> &known,
                const std::string &what) {
  for (const auto &kv : map) {
    const std::string key = kv.first.as<std::string>();
    if (!known.count(key))
      fail(kv.first, "unknown key '" + key + "' in " + what);
  }
}

ImplConfig read(const YAML::Node &root, const std::string &path) {
  if (!root.IsMap())
    fail(root, "an implementation file is a mapping (name, command, ...)");
  check_keys(root, {"name", "description", "command", "environment", "timeouts", "errors"},
             "the implementation file");
  ImplConfig c;
  c.file = path;
  const std::string dir = std::filesystem::absolute(path).parent_path().string();
  if (!root["name"])
    fail(root, "missing 'name'");
  c.name = scalar(root["name"], "name");
  if (root["description"])
    c.description = scalar(root["description"], "description");
  const YAML::Node command = root["command"];
  if (!command || !command.IsSequence() || command.size() == 0)
    fail(command ? command : root, "'command' must be a non-empty list of strings");
  for (const auto &arg : command)
    c.command.push_back(expand(scalar(arg, "a command argument"), dir));
  if (const YAML::Node env = root["environment"]) {
    if (!env.IsMap())
      fail(env, "'environment' must be a mapping of variable names to strings");
    for (const auto &kv : env)
      c.environment.emplace_back(kv.first.as<std::string>(),
                                 expand(scalar(kv.second, "an environment value"), dir));
  }
  if (const YAML::Node t = root["timeouts"]) {
    if (!t.IsMap())
      fail(t, "'timeouts' must be a mapping");
    check_keys(t, {"start", "compile", "run", "simplify", "transform"}, "timeouts");
    const std::map<std::string, double *> fields = {{"start", &c.start_timeout},
                                                    {"compile", &c.compile_timeout},
                                                    {"run", &c.run_timeout},
                                                    {"simplify", &c.simplify_timeout},
                                                    {"transform", &c.transform_timeout}};
    for (const auto &[key, field] : fields)
      if (t[key])
        *field = seconds(t[key], "timeouts." + key);
  }
  if (const YAML::Node errors = root["errors"]) {
    if (!errors.IsSequence())
      fail(errors, "'errors' must be a list of {match, class}");
    for (const auto &rule : errors) {
      if (!rule.IsMap() || !rule["match"] || !rule["class"])
        fail(rule, "an error rule is {match: REGEX, class: CLASS}");
      check_keys(rule, {"match", "class"}, "an error rule");
      ErrorRule r;
      r.pattern = scalar(rule["match"], "match");
      try {
        r.regex = std::regex(r.pattern, std::regex::ECMAScript);
      } catch (const std::regex_error &e) {
        fail(rule["match"], "not a regular expression: " + std::string(e.what()));
      }
      const std::string cls = scalar(rule["class"], "class");
      auto parsed = runtime::parse_error_class(cls);
      if (!parsed)
        fail(rule["class"],
             "unknown error class '" + cls + "' (divide-by-zero, assert, binding, limit)");
      r.error_class = *parsed;
      c.errors.push_back(std::move(r));
    }
  }
  return c;
}

} // namespace

std::optional<runtime::ErrorClass> ImplConfig::classify(std::string_view message) const {
  const std::string text(message);
  for (const auto &rule : errors)
    if (std::regex_search(text, rule.regex))
      return rule.error_class;
  return std::nullopt;
}

ImplConfigResult parse_impl_config(std::string_view text, const std::string &path) {
  ImplConfigResult r;
  auto diagnostic = [&](const YAML::Mark &m, std::string message) {
    ir::Diagnostic d;
    d.file = path;
    if (!m.is_null())
      d.loc = ir::SourceLoc{static_cast<uint32_t>(m.line + 1), static_cast<uint32_t>(m.column + 1)};
    d.message = std::move(message);
    r.diagnostics.push_back(std::move(d));
  };
  try {
    r.config = read(YAML::Load(std::string(text)), path);
  } catch (const ConfigError &e) {
    diagnostic(e.mark, e.message);
  } catch (const YAML::Exception &e) {
    diagnostic(e.mark, e.msg);
  }
  return r;
}

ImplConfigResult load_impl_config(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    ImplConfigResult r;
    ir::Diagnostic d;
    d.file = path;
    d.message = "cannot read the implementation file";
    r.diagnostics.push_back(std::move(d));
    return r;
  }
  std::stringstream s;
  s << in.rdbuf();
  return parse_impl_config(s.str(), path);
}

} // namespace tirconf::backends::external
