#include "generators/testfile.h"

#include <cctype>

#include "ir/tvmscript/printer.h"

namespace tirconf::gen {

namespace {

// Literals that are not plain numbers go in quotes in JSON (nan, inf, ...).
bool plain_number(const std::string &s) {
  if (s.empty())
    return false;
  size_t i = s[0] == '-' ? 1 : 0;
  if (i >= s.size() || !std::isdigit(static_cast<unsigned char>(s[i])))
    return false;
  for (char ch : s)
    if (!(std::isdigit(static_cast<unsigned char>(ch)) || ch == '-' || ch == '+' || ch == '.' ||
          ch == 'e' || ch == 'E'))
      return false;
  return true;
}

// An argument literal as a JSON value. JSON has one number type, but Python's json module (and so
// a harness feeding NumPy) reads `-0` and `3` as the integers 0 and 3: a float is spelled with a
// decimal point, which also keeps the sign of a negative zero.
std::string json_number(const std::string &s, ir::DataType t) {
  if (!plain_number(s))
    return "\"" + s + "\"";
  if (t.is_floating() && s.find_first_of(".eE") == std::string::npos)
    return s + ".0";
  return s;
}

std::string join(const std::vector<std::string> &xs, bool json, ir::DataType t) {
  std::string s = "[";
  for (size_t i = 0; i < xs.size(); ++i) {
    if (i)
      s += ", ";
    s += json ? json_number(xs[i], t) : xs[i];
  }
  return s + "]";
}

std::string shape_list(const std::vector<int64_t> &shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

} // namespace

std::string args_yaml(const std::vector<ArgSpec> &args, int indent) {
  std::string out;
  const std::string pad(static_cast<size_t>(indent), ' ');
  for (const auto &a : args) {
    out += pad + a.name + ": ";
    if (a.is_tensor)
      out += "{dtype: " + ir::to_string(a.dtype) + ", shape: " + shape_list(a.shape) +
             ", data: " + join(a.data, false, a.dtype) + "}";
    else
      out += a.scalar;
    out += "\n";
  }
  return out;
}

std::string args_json(const std::vector<ArgSpec> &args) {
  std::string out = "{\n";
  for (size_t i = 0; i < args.size(); ++i) {
    const auto &a = args[i];
    out += "  \"" + a.name + "\": ";
    if (a.is_tensor)
      out += "{\"dtype\": \"" + ir::to_string(a.dtype) + "\", \"shape\": " + shape_list(a.shape) +
             ", \"data\": " + join(a.data, true, a.dtype) + "}";
    else
      out += json_number(a.scalar, a.dtype);
    out += i + 1 < args.size() ? ",\n" : "\n";
  }
  return out + "}\n";
}

std::string conformance_file(const GeneratedProgram &g, const std::string &description,
                             const std::string &expect_yaml) {
  ir::PrintOptions opts;
  opts.import_comments = false;
  opts.docstring = "\ndescription: " + description + "\nfunc: " + g.entry + "\nargs:\n" +
                   args_yaml(g.args, 2) + expect_yaml;
  return ir::print_tvmscript(g.module, opts);
}

std::string plain_file(const GeneratedProgram &g, const std::string &description) {
  ir::PrintOptions opts;
  opts.import_comments = false;
  return "# " + description + "\n" + ir::print_tvmscript(g.module, opts);
}

} // namespace tirconf::gen
