#include "runner/equivalence_report.h"

#include <nlohmann/json.hpp>

namespace tirconf::runner {

namespace {

using Json = nlohmann::ordered_json;

// Elements shown per tensor in the text report; JSON always has them all.
constexpr size_t kShownElements = 8;

std::string arguments_text(const std::vector<Arg> &args) {
  std::string s;
  for (const auto &a : args) {
    s += (s.empty() ? "" : ", ") + a.name + " = ";
    if (!a.is_tensor) {
      s += a.scalar;
      continue;
    }
    s += ir::to_string(a.tensor.dtype) + runtime::shape_to_string(a.tensor.shape) + " [";
    for (size_t i = 0; i < a.tensor.data.size() && i < kShownElements; ++i)
      s += (i ? ", " : "") + a.tensor.data[i];
    s += a.tensor.data.size() > kShownElements ? ", ...]" : "]";
  }
  return s;
}

// The trial that decided the verdict, if one did.
const Trial *deciding_trial(const EquivalenceResult &r) {
  for (const auto &t : r.trials)
    if (t.verdict == r.verdict && !t.arguments.empty())
      return &t;
  return nullptr;
}

Json outcome_json(const runtime::Outcome &o) {
  Json j;
  j["kind"] = std::string(to_string(o.kind()));
  if (!o.class_name().empty())
    j["class"] = std::string(o.class_name());
  if (!o.rule().empty())
    j["rule"] = std::string(o.rule());
  if (const runtime::Location *l = o.location(); l && !to_string(*l).empty())
    j["location"] = to_string(*l);
  if (std::string m = o.message(); !m.empty())
    j["message"] = m;
  if (o.is_ok() && o.ok().ret)
    j["return"] = runtime::to_string(*o.ok().ret);
  return j;
}

Json arguments_json(const std::vector<Arg> &args) {
  Json j = Json::object();
  for (const auto &a : args) {
    if (!a.is_tensor) {
      j[a.name] = a.scalar;
      continue;
    }
    j[a.name] = {{"dtype", ir::to_string(a.tensor.dtype)},
                 {"shape", a.tensor.shape},
                 {"data", a.tensor.data}};
  }
  return j;
}

} // namespace

std::string equivalence_text(const EquivalenceResult &r) {
  std::string s = std::string(to_string(r.verdict)) + ": " + r.reason +
                  (r.readings.empty() ? "" : " (reading " + r.readings + ")") + "\n";
  if (const Trial *t = deciding_trial(r))
    s += "  arguments: " + arguments_text(t->arguments) + "\n";
  return s;
}

std::string equivalence_json(const EquivalenceResult &r) {
  Json j;
  j["verdict"] = std::string(to_string(r.verdict));
  j["reason"] = r.reason;
  j["seed"] = r.seed;
  if (!r.readings.empty())
    j["readings"] = r.readings;
  j["before"] = {{"file", r.before_file}, {"func", r.before_func}};
  j["after"] = {{"file", r.after_file}, {"func", r.after_func}};
  j["compared"] = r.compared;
  j["rules"] = r.rules;
  Json trials = Json::array();
  for (const auto &t : r.trials) {
    Json tj;
    tj["trial"] = t.index;
    tj["verdict"] = std::string(to_string(t.verdict));
    tj["detail"] = t.detail;
    tj["before"] = outcome_json(t.before);
    tj["after"] = outcome_json(t.after);
    if (const auto &d = t.difference) {
      Json dj;
      dj["buffer"] = d->buffer;
      if (!d->buffer.empty()) {
        dj["index"] = d->index;
        dj["flat_index"] = d->flat_index;
        if (d->lane >= 0)
          dj["lane"] = d->lane;
      }
      dj["before"] = d->before;
      dj["after"] = d->after;
      tj["difference"] = dj;
    }
    if (!t.arguments.empty())
      tj["args"] = arguments_json(t.arguments);
    trials.push_back(std::move(tj));
  }
  j["trials"] = std::move(trials);
  return j.dump(2);
}

} // namespace tirconf::runner
