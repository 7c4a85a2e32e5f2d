#include "fuzz/findings.h"

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "ir/tvmscript/printer.h"
#include "tools/files.h"
#include "tools/gen_check.h"

namespace tirconf::fuzz {

namespace {

std::string shape_list(const std::vector<int64_t> &shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

// A YAML double-quoted scalar (the description has colons and brackets).
std::string yaml_quoted(const std::string &s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out + "\"";
}

} // namespace

std::string arguments_yaml(const ir::PrimFuncNode &func, std::span<const runtime::Argument> args) {
  std::string out;
  for (size_t i = 0; i < func.params.size() && i < args.size(); ++i) {
    const ir::Var &p = func.params[i];
    out += "  " + func.arg_name(p) + ": ";
    if (const auto *t = std::get_if<runtime::NDArray *>(&args[i])) {
      if (*t && (*t)->valid())
        out += "{dtype: " + ir::to_string((*t)->dtype()) + ", shape: " + shape_list((*t)->shape()) +
               ", data: " + tools::lanes_list(**t) + "}";
      else
        out += "null";
    } else {
      out += runtime::to_string(std::get<runtime::Value>(args[i]));
    }
    out += "\n";
  }
  return out;
}

std::string describe_internal_error(const runtime::Outcome &o) {
  std::string s;
  if (!o.rule().empty())
    s += "[" + std::string(o.rule()) + "] ";
  if (const runtime::Location *l = o.location(); l && !runtime::to_string(*l).empty())
    s += "at " + runtime::to_string(*l) + ": ";
  return s + o.message();
}

std::string expectation_yaml(const runtime::Outcome &o) {
  std::string s = "expect:\n";
  switch (o.kind()) {
  case runtime::OutcomeKind::Ok:
    return tools::expect_yaml(o);
  case runtime::OutcomeKind::Error:
    return s + "  error: " + std::string(to_string(o.error().error_class)) + "\n";
  case runtime::OutcomeKind::Unspecified:
    return s + "  unspecified: " + std::string(to_string(o.unspecified().unspecified_class)) + "\n";
  case runtime::OutcomeKind::InternalError:
    // What the evaluator claims: the checker should have rejected the program by the rule.
    if (!o.rule().empty())
      return s + "  invalid: true\n";
    return s + "  unspecified: any\n";
  default:
    return s + "  invalid: true\n";
  }
}

std::string check_name(const runtime::OutcomeMismatch &m, const runtime::Outcome &actual) {
  using What = runtime::OutcomeMismatch::What;
  if (actual.kind() == runtime::OutcomeKind::Crash)
    return "Crash";
  if (actual.kind() == runtime::OutcomeKind::Timeout)
    return "Timeout";
  switch (m.what) {
  case What::Kind:
    return "Outcome mismatch";
  case What::Class:
    return "Error class mismatch";
  case What::MissingBuffer:
  case What::ExtraBuffer:
    return "Buffer set mismatch";
  case What::Buffer:
    return "Value mismatch";
  case What::ReturnValue:
    return "Return value mismatch";
  }
  return "Mismatch";
}

std::string write_finding(const std::string &dir, const Finding &f, const ir::IRModule &m,
                          std::span<const runtime::Argument> args) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec)
    return dir + ": cannot create: " + ec.message();
  const ir::PrimFunc func = m->lookup(f.func);
  if (!func)
    return "no PrimFunc " + f.func;
  // The conformance file: the oracle's outcome is the expectation.
  std::string description = "tirconf diff finding: ";
  for (size_t i = 0; i < f.differences.size(); ++i)
    description += (i ? "; " : "") + f.differences[i].backend + " " + f.differences[i].check;
  description += " (" + f.source + ")";
  std::string rules;
  if (f.oracle.kind() == runtime::OutcomeKind::InternalError) {
    if (f.oracle.rule().empty())
      description += "; the expectation is a placeholder: the oracle computed no outcome";
    else
      rules = "\nrules: [" + std::string(f.oracle.rule()) + "]";
  }
  ir::PrintOptions opts;
  opts.import_comments = false;
  opts.docstring = "\ndescription: " + yaml_quoted(description) + rules + "\nfunc: " + f.func +
                   "\nargs:\n" + arguments_yaml(*func, args) + expectation_yaml(f.oracle);
  const std::filesystem::path base = std::filesystem::path(dir) / f.stem;
  if (!tools::write_atomically(base.string() + ".py", ir::print_tvmscript(m, opts)))
    return base.string() + ".py: cannot write";
  // The record.
  nlohmann::json j;
  j["source"] = f.source;
  if (f.seed)
    j["seed"] = *f.seed;
  if (f.index)
    j["index"] = *f.index;
  if (f.program_seed)
    j["program_seed"] = *f.program_seed;
  if (!f.profile.empty())
    j["profile"] = f.profile;
  if (!f.input_file.empty())
    j["input_file"] = f.input_file;
  if (f.case_index >= 0)
    j["case"] = f.case_index;
  j["func"] = f.func;
  j["program"] = f.stem + ".py";
  j["backends"] = f.backends;
  j["reference"] = "oracle";
  j["oracle"] = nlohmann::json::parse(runtime::to_json(f.oracle));
  nlohmann::json diffs = nlohmann::json::array();
  for (const auto &d : f.differences) {
    nlohmann::json x;
    x["backend"] = d.backend;
    x["check"] = d.check;
    x["message"] = d.message;
    if (d.mismatch) {
      const auto &mm = *d.mismatch;
      if (!mm.buffer.empty())
        x["buffer"] = mm.buffer;
      if (mm.array && mm.array->what == runtime::ArrayMismatch::What::Element) {
        x["first_difference"] = {{"index", mm.array->index},
                                 {"lane", mm.array->lane},
                                 {"expected", mm.array->expected},
                                 {"actual", mm.array->actual}};
      } else if (!mm.expected.empty() || !mm.actual.empty()) {
        x["expected"] = mm.array ? mm.array->expected : mm.expected;
        x["actual"] = mm.array ? mm.array->actual : mm.actual;
      }
    }
    x["outcome"] = nlohmann::json::parse(runtime::to_json(d.outcome));
    x["signature"] = {{"kind", d.signature.kind},
                      {"implementation", d.signature.implementation},
                      {"description", d.signature.description},
                      {"slug", d.signature.slug()}};
    diffs.push_back(std::move(x));
  }
  j["differences"] = std::move(diffs);
  if (!tools::write_atomically(base.string() + ".json", j.dump(2) + "\n"))
    return base.string() + ".json: cannot write";
  return "";
}

} // namespace tirconf::fuzz
