#include "runner/conformance.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "oracle/eval/interpreter.h"
#include "oracle/typecheck/checker.h"
#include "runner/arguments.h"
#include "runner/signature.h"

namespace tirconf::runner {

namespace fs = std::filesystem;

LoadedFile load_file(const std::string &path, const oracle::CheckOptions &check) {
  LoadedFile f;
  f.path = path;
  std::ifstream in(path, std::ios::binary);
  std::error_code ec;
  if (!in || fs::is_directory(path, ec)) {
    f.unreadable = true;
    f.input_errors.push_back({path, {}, "", "cannot read file"});
    return f;
  }
  std::stringstream buf;
  buf << in.rdbuf();
  return load_text(path, buf.str(), check);
}

LoadedFile load_text(const std::string &path, const std::string &text,
                     const oracle::CheckOptions &check) {
  LoadedFile f;
  f.path = path;
  f.read = ir::read_tvmscript(text, path);
  // The reader reports some spec violations itself (a name used outside the scope that binds
  // it cannot even be resolved); those carry a rule ID and make the program invalid, not
  // unreadable.
  bool rule_violations_only = !f.read.diagnostics.empty() &&
                              std::all_of(f.read.diagnostics.begin(), f.read.diagnostics.end(),
                                          [](const ir::Diagnostic &d) { return !d.rule.empty(); });
  if (!f.read.ok() && !rule_violations_only) {
    f.input_errors = f.read.diagnostics;
    if (f.input_errors.empty())
      f.input_errors.push_back({path, {1, 1}, "", "could not read program"});
    return f;
  }
  if (!f.read.docstring.empty()) {
    auto fm = parse_front_matter(path, f.read.docstring, f.read.docstring_loc);
    if (!fm.diagnostics.empty()) {
      f.input_errors = std::move(fm.diagnostics);
      return f;
    }
    f.test = std::move(fm.file);
  }
  if (rule_violations_only)
    f.check_diagnostics = f.read.diagnostics;
  else
    f.check_diagnostics = oracle::check_module(f.read.module, path, check);
  return f;
}

std::vector<std::string> collect_python_files(const std::vector<std::string> &paths,
                                              std::vector<std::string> &errors) {
  std::vector<std::string> out;
  for (const auto &p : paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::vector<std::string> found;
      for (auto it = fs::recursive_directory_iterator(p, ec);
           !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (it->is_regular_file(ec) && it->path().extension() == ".py")
          found.push_back(it->path().string());
      }
      std::sort(found.begin(), found.end());
      out.insert(out.end(), found.begin(), found.end());
    } else if (fs::exists(p, ec)) {
      out.push_back(p);
    } else {
      errors.push_back(p + ": error: no such file or directory");
    }
  }
  return out;
}

namespace {

std::string first_diagnostics(const ir::Diagnostics &ds, size_t limit = 3) {
  std::string s;
  for (size_t i = 0; i < ds.size() && i < limit; ++i)
    s += (i ? "; " : "") + format(ds[i]);
  if (ds.size() > limit)
    s += "; ... (" + std::to_string(ds.size() - limit) + " more)";
  return s;
}

CaseResult judge_invalid(const LoadedFile &f, const TestCase &c) {
  const auto &ds = f.check_diagnostics;
  if (ds.empty())
    return {CaseResult::Status::Fail, "expected the checker to reject the program, but it is valid",
            c.loc};
  const auto &rules = f.test->rules;
  if (rules.empty())
    return {CaseResult::Status::Pass, "", c.loc};
  bool cited = std::any_of(ds.begin(), ds.end(), [&](const ir::Diagnostic &d) {
    return std::find(rules.begin(), rules.end(), d.rule) != rules.end();
  });
  if (cited)
    return {CaseResult::Status::Pass, "", c.loc};
  return {CaseResult::Status::Fail,
          "rejected, but not citing any of the expected rules: " + first_diagnostics(ds), c.loc};
}

} // namespace

Implementation oracle_implementation(const oracle::CheckOptions &check,
                                     const oracle::Readings &readings) {
  Implementation impl;
  impl.name = readings.is_default() ? "oracle" : "oracle (reading " + readings.text() + ")";
  impl.run = [check, readings](const ir::IRModule &m, std::string_view func,
                               std::span<runtime::Argument> args, const std::string &file) {
    oracle::RunOptions options;
    options.file = file;
    options.check = check;
    options.readings = readings;
    return oracle::run(m, func, args, options);
  };
  return impl;
}

namespace {

CaseResult run_case(const LoadedFile &f, const TestCase &c, const Implementation &impl) {
  const auto &m = f.read.module;
  std::string func_name = entry_function(*f.test, m);
  auto func = m->lookup(func_name);
  if (!func)
    return {CaseResult::Status::BadInput, "func: no PrimFunc named '" + func_name + "'", c.loc};
  auto prepared = prepare_call(*func, c.args, f.path, ArgMatching::AsWritten);
  auto expected = expected_outcome(*func, c, f.path);
  for (auto *errors : {&prepared.errors, &expected.errors})
    if (!errors->empty())
      return {CaseResult::Status::BadInput, (*errors)[0].message, (*errors)[0].loc};
  runtime::Outcome actual = impl.run(m, func_name, prepared.call->args, f.path);
  if (actual.kind() == runtime::OutcomeKind::InternalError) {
    // A bug of the implementation, not an outcome to judge: "oracle internal error [rule] at
    // file:line:col: message".
    const runtime::Location *where = actual.location();
    std::string why = impl.name + " internal error";
    if (!actual.rule().empty())
      why += " [" + std::string(actual.rule()) + "]";
    if (where && !runtime::to_string(*where).empty())
      why += " at " + runtime::to_string(*where);
    return {CaseResult::Status::Fail, why + ": " + actual.message(), c.loc, actual.kind()};
  }
  runtime::OutcomeCompareOptions options;
  options.ulp = c.expect.tolerance_ulp.value_or(0);
  auto mismatch = compare_outcomes(*expected.outcome, actual, options);
  if (!mismatch)
    return {CaseResult::Status::Pass, "", c.loc, actual.kind()};
  CaseResult failed(CaseResult::Status::Fail,
                    impl.name + ": " + mismatch->message() + "; got " + to_string(actual, 8), c.loc,
                    actual.kind());
  failed.signature = signature_of(impl.name, "", *expected.outcome, actual, mismatch).text();
  return failed;
}

} // namespace

std::vector<CaseResult> judge(const LoadedFile &f, const Implementation &impl) {
  std::vector<CaseResult> out;
  if (!f.test)
    return out;
  for (const auto &c : f.test->cases) {
    if (c.expect.kind == Expectation::Kind::Invalid && !impl.is_reference) {
      out.push_back(
          {CaseResult::Status::Skip,
           "expects invalid: rejected by the shared checker before " + impl.name + " runs", c.loc});
    } else if (c.expect.kind == Expectation::Kind::Invalid) {
      out.push_back(judge_invalid(f, c));
    } else if (!f.check_diagnostics.empty()) {
      out.push_back({CaseResult::Status::Fail,
                     "expected a valid program, but the checker rejects it: " +
                         first_diagnostics(f.check_diagnostics),
                     c.loc});
    } else if (c.expect.kind == Expectation::Kind::Unspecified && !impl.is_reference) {
      out.push_back({CaseResult::Status::Skip,
                     "expects unspecified " + c.expect.outcome_class + ": every outcome of " +
                         impl.name + " conforms",
                     c.loc});
    } else if (auto why = impl.unsupported ? impl.unsupported(f.read.module) : std::nullopt) {
      out.push_back({CaseResult::Status::Skip, "unsupported by " + impl.name + ": " + *why, c.loc});
    } else {
      out.push_back(run_case(f, c, impl));
    }
  }
  return out;
}

} // namespace tirconf::runner
