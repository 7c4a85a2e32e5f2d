// The device-side status word and the failure sites it points to: how a run of generated CUDA
// code reports divide-by-zero, assert and limit errors ([sem.expr.div], [sem.stmt.assert],
// [sem.stmt.limit]) and its tir.ret value ([builtin.ret]) to the host. Kernels cannot throw or
// unwind, so the first failing thread records a site number (an index into the program's site
// table, kept on the host) and two detail integers, and returns; the host turns the word into an
// Outcome after the launch. Host-only code: testable without a GPU.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ir/dtype.h"
#include "runtime/outcome.h"

namespace tirconf::backends::cuda {

// The layout the prelude's `TirconfStatus` has on the device (prelude.cc); the host allocates
// one per launch and initializes it with kNoFailure.
struct StatusWord {
  int32_t site = -1;    // the first failure's site, or kNoFailure
  int32_t returned = 0; // tir.ret ran at the entry
  int64_t a = 0, b = 0; // the failure's details ({a} and {b} in its message)
  uint64_t ret = 0;     // the tir.ret value's bits, zero-extended
  // Set by the host: While iterations each thread may run (RunLimits::step_limit).
  uint64_t step_limit = 0;
  int32_t depth_limit = 0; // RunLimits::call_depth_limit: the entry's call counts as 1
};
inline constexpr int32_t kNoFailure = -1;

// A place where a run can fail. The message may contain {a} and {b}, replaced by the details.
struct FailSite {
  runtime::ErrorClass error_class = runtime::ErrorClass::Assert;
  std::string rule;
  ir::SourceLoc loc;
  std::string message;
};

// The outcome a finished launch's status word gives: an error at its site, or nullopt when no
// thread failed. A site number outside the table is generated code failing without saying why
// (a crash outcome).
std::optional<runtime::Outcome>
failure_outcome(const StatusWord &w, const std::vector<FailSite> &sites, const std::string &file);
// The tir.ret value the word holds, of dtype `t` (a scalar), or nullopt if none ran.
std::optional<runtime::Value> returned_value(const StatusWord &w, ir::DataType t);

} // namespace tirconf::backends::cuda
