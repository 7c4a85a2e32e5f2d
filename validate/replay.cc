#include "validate/replay.h"

namespace tirconf::validate {

std::vector<Request> replay_requests(const nlohmann::json &steps) {
  std::vector<Request> out;
  for (const auto &step : steps) {
    const bool schedule = step.is_object();
    if (out.empty() || out.back().schedule != schedule)
      out.emplace_back().schedule = schedule;
    if (schedule)
      out.back().schedule_steps.push_back(step.dump());
    else
      out.back().passes.push_back(step.get<std::string>());
  }
  return out;
}

std::vector<Step> apply_requests(Transformer &impl, const std::vector<Request> &requests,
                                 const std::string &text, std::string *why) {
  std::vector<Step> steps;
  std::string current = text;
  for (const Request &r : requests) {
    auto more = steps_of(impl.transform(current, r), why);
    if (more.empty())
      return {};
    steps.insert(steps.end(), std::make_move_iterator(more.begin() + (steps.empty() ? 0 : 1)),
                 std::make_move_iterator(more.end()));
    for (const auto &s : steps)
      if (s.status == StepStatus::Ok)
        current = s.script;
    if (steps.back().status == StepStatus::Rejected && steps.back().params.empty())
      break; // a pass failed: the rest of the list never ran
  }
  return steps;
}

nlohmann::json replayable(const std::vector<Step> &steps, size_t last) {
  nlohmann::json out = nlohmann::json::array();
  for (size_t k = 1; k <= last && k < steps.size(); ++k)
    out.push_back(steps[k].params.empty() ? nlohmann::json(steps[k].name)
                                          : nlohmann::json::parse(steps[k].params));
  return out;
}

nlohmann::json reduce_steps(Transformer &impl, const std::string &original, nlohmann::json steps,
                            const std::string &signature, const ValidationOptions &options,
                            int *tries) {
  auto shows = [&](const nlohmann::json &candidate) {
    ++*tries;
    std::string why;
    auto applied = apply_requests(impl, replay_requests(candidate), original, &why);
    return !applied.empty() &&
           validate_steps(original, std::move(applied), options).signature() == signature;
  };
  bool changed = true;
  while (changed && steps.size() > 1) {
    changed = false;
    // The last step is the one the finding names: the others are what it may need.
    for (size_t k = steps.size() - 1; k-- > 0;) {
      nlohmann::json candidate = steps;
      candidate.erase(candidate.begin() + static_cast<std::ptrdiff_t>(k));
      if (shows(candidate)) {
        steps = std::move(candidate);
        changed = true;
      }
    }
  }
  return steps;
}

} // namespace tirconf::validate
