#include "validate/localize.h"

#include "runner/conformance.h"

namespace tirconf::validate {

std::vector<std::vector<runner::Arg>> file_arguments(const std::string &path,
                                                     const std::string &text) {
  std::vector<std::vector<runner::Arg>> out;
  runner::LoadedFile f = runner::load_text(path, text);
  if (f.test)
    for (const auto &c : f.test->cases)
      if (!c.args.empty())
        out.push_back(c.args);
  return out;
}

std::string localization_of(const Validation &v, std::string *where) {
  auto say = [&](std::string w, std::string line) {
    if (where)
      *where = std::move(w);
    return line;
  };
  if (v.finding) {
    const Step &s = v.steps[*v.finding];
    return say("pass " + step_kind(s.name),
               "localized to " + s.name + " (step " + std::to_string(*v.finding) +
                   "): it changes the outcome: " + v.checks[*v.finding].detail);
  }
  // The last step validated before the end (or the last step of all).
  const size_t end = v.end ? *v.end : v.steps.size();
  const std::string last = end > 0 ? v.steps[end - 1].name : "parse";
  if (v.end && *v.end == 0)
    return say("unknown", "not localized: " + v.checks[0].detail);
  if (v.end && v.checks[*v.end].verdict == StepVerdict::Refused)
    return say("pass " + step_kind(v.steps[*v.end].name),
               "localized to " + v.steps[*v.end].name + " (step " + std::to_string(*v.end) +
                   "): the implementation fails inside it (" + std::to_string(v.validated) +
                   " passes before it validated): " + v.checks[*v.end].detail);
  if (!v.end)
    return say("code generation", "every pass preserves the outcome (" +
                                      std::to_string(v.validated) +
                                      " validated): the difference arises in code generation");
  return say("after " + step_kind(last),
             "every pass the oracle can run preserves the outcome (" + std::to_string(v.validated) +
                 " validated, through " + last + "): the difference arises at " +
                 v.steps[*v.end].name +
                 " or after it (the passes from there on, or code generation); the oracle stops "
                 "there: " +
                 v.checks[*v.end].detail);
}

Localization localize(Transformer &impl, const std::string &path, const std::string &text,
                      ValidationOptions options) {
  Localization out;
  Transformer::TransformRequest request;
  request.default_passes = true;
  std::string why;
  std::vector<Step> steps = steps_of(impl.transform(text, request), &why);
  if (steps.empty()) {
    out.conclusion = "not localized: the implementation's pipeline did not run: " + why;
    return out;
  }
  options.equivalence.given_arguments = file_arguments(path, text);
  out.validation = validate_steps(text, std::move(steps), options);
  out.ok = true;
  out.conclusion = localization_of(out.validation, &out.where);
  return out;
}

} // namespace tirconf::validate
