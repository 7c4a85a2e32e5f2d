#include "oracle/eval/coverage.h"

namespace tirconf::oracle {

void RuleCoverage::merge(const RuleCoverage& other) {
  for (const auto& [rule, n] : other.counts_) counts_[rule] += n;
}

void RuleCoverage::hit(std::string_view rule, uint64_t n) { counts_[std::string(rule)] += n; }

namespace eval {

void CoverageCounter::flush_into(RuleCoverage& out) const {
  for (const auto& [rule, n] : counts_) out.hit(rule, n);
}

}  // namespace eval
}  // namespace tirconf::oracle
