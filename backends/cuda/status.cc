#include "backends/cuda/status.h"

#include <span>

namespace tirconf::backends::cuda {

namespace {

std::string replace_all(std::string s, const std::string &from, const std::string &to) {
  for (size_t p = s.find(from); p != std::string::npos; p = s.find(from, p + to.size()))
    s.replace(p, from.size(), to);
  return s;
}

} // namespace

std::optional<runtime::Outcome>
failure_outcome(const StatusWord &w, const std::vector<FailSite> &sites, const std::string &file) {
  if (w.site == kNoFailure)
    return std::nullopt;
  if (w.site < 0 || static_cast<size_t>(w.site) >= sites.size())
    return runtime::Outcome(runtime::CrashOutcome{
        "generated code failed without saying why (site " + std::to_string(w.site) + ")", 0, 0});
  const FailSite &s = sites[static_cast<size_t>(w.site)];
  std::string m = replace_all(s.message, "{a}", std::to_string(w.a));
  m = replace_all(m, "{b}", std::to_string(w.b));
  return runtime::Outcome::error(s.error_class, m, s.rule, {file, s.loc});
}

std::optional<runtime::Value> returned_value(const StatusWord &w, ir::DataType t) {
  if (!w.returned || t.is_void() || t.lanes != 1)
    return std::nullopt;
  if (t.is_handle())
    return runtime::Value::null_handle(); // only the null handle is returned (support.cc)
  const uint64_t bits[1] = {w.ret};
  return runtime::Value::from_bits(t, std::span<const uint64_t>(bits, 1));
}

} // namespace tirconf::backends::cuda
