// Rule coverage during a run: every implementing site of a semantics, binding, builtin or
// unspecified rule calls `hit("<rule id>")`. Counting is keyed by the literal's address (no string
// is built per hit); the counts become a RuleCoverage (interpreter.h) once, at the end of a run.
#pragma once

#include <cstdint>
#include <unordered_map>

#include "oracle/eval/interpreter.h"

namespace tirconf::oracle::eval {

class CoverageCounter {
 public:
  explicit CoverageCounter(bool enabled) : enabled_(enabled) {}
  void hit(const char* rule) {
    if (enabled_) ++counts_[rule];
  }
  bool enabled() const { return enabled_; }
  // Adds the counts to `out` (literals with equal text from different files are summed).
  void flush_into(RuleCoverage& out) const;

 private:
  bool enabled_;
  std::unordered_map<const char*, uint64_t> counts_;
};

}  // namespace tirconf::oracle::eval
