// Running TIR on the LLVM backend in the test process (tests/llvm_*_test.cc): reading a
// program, compiling it at O0 or O2, running it on hand-made tensors. Expected values in these
// tests are computed independently (by hand, or by reference code in the test), never by the
// oracle, which the backend must not share anything with.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "backends/registry.h"
#include "tests/tensor_helpers.h"

namespace tirconf::llvmtest {

using ir::DataType;
using runtime::ErrorClass;
using runtime::NDArray;
using runtime::Outcome;
using runtime::Value;

using namespace testsupport;

// Compiles `src` with backend `name` and runs `func` on `args` in this process.
inline Outcome run_on(const std::string &name, const std::string &src,
                      std::vector<runtime::Argument> args, const std::string &func = "main",
                      backends::RunLimits limits = {}) {
  auto m = parse(src);
  if (!m)
    return Outcome(runtime::InvalidOutcome{});
  auto b = backends::make_backend(name);
  if (!b)
    return Outcome(runtime::CrashOutcome{name + " is not built in", 0, 0});
  backends::CompileOptions options;
  options.entries = {func};
  options.file = "t.py";
  auto c = b->compile(m, options);
  if (!c.unsupported.empty())
    return Outcome(
        runtime::CrashOutcome{"unsupported: " + backends::to_string(c.unsupported[0]), 0, 0});
  if (!c.executable)
    return Outcome(runtime::CrashOutcome{"compile error: " + c.error, 0, 0});
  return c.executable->run(func, args, limits);
}

// The final contents of buffer `name` of an ok outcome (fails the test otherwise).
inline const NDArray &buffer(const Outcome &o, const std::string &name) {
  static const NDArray none;
  if (!o.is_ok()) {
    ADD_FAILURE() << "not ok: " << runtime::to_string(o);
    return none;
  }
  const NDArray *a = o.ok().find(name);
  if (!a)
    ADD_FAILURE() << "no buffer " << name;
  return a ? *a : none;
}

// Both configurations: every test runs at O0 and at O2.
class OnLlvm : public ::testing::TestWithParam<std::string> {
protected:
  void SetUp() override {
    if (!backends::make_backend(GetParam()))
      GTEST_SKIP() << GetParam() << " is not built in";
  }
  Outcome run(const std::string &src, std::vector<runtime::Argument> args,
              const std::string &func = "main", backends::RunLimits limits = {}) {
    return run_on(GetParam(), src, std::move(args), func, limits);
  }
};

} // namespace tirconf::llvmtest
