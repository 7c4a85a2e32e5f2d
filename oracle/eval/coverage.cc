#include "oracle/eval/interpreter.h"

namespace tirconf::oracle {

void RuleCoverage::merge(const RuleCoverage &other) {
  for (const auto &[rule, n] : other.counts_)
    counts_[rule] += n;
}

void RuleCoverage::hit(std::string_view rule, uint64_t n) {
  counts_[std::string(rule)] += n;
}

} // namespace tirconf::oracle
