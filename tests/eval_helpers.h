// Running programs on the interpreter in the interpreter tests (tests/eval_*_test.cc); reading
// programs and making tensors is tests/tensor_helpers.h.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "oracle/eval/interpreter.h"
#include "tests/tensor_helpers.h"

namespace tirconf::evaltest {

using ir::DataType;
using runtime::ErrorClass;
using runtime::NDArray;
using runtime::Outcome;
using runtime::UnspecifiedClass;
using runtime::Value;

using namespace testsupport;

inline std::string entry_name(const ir::IRModule &m) {
  if (m && m->functions.size() == 1)
    return m->functions.front().first->name_hint;
  return "main";
}

inline Outcome run_mod(const ir::IRModule &m, std::vector<oracle::Argument> args,
                       oracle::RunOptions o = {}, std::string func = "") {
  if (!m)
    return Outcome(runtime::InvalidOutcome{});
  if (o.file.empty())
    o.file = "t.py";
  return oracle::run(m, func.empty() ? entry_name(m) : func, args, o);
}

inline Outcome run_src(const std::string &src, std::vector<oracle::Argument> args,
                       oracle::RunOptions o = {}, std::string func = "") {
  return run_mod(parse(src), std::move(args), std::move(o), std::move(func));
}

#define EXPECT_OK(o) EXPECT_TRUE((o).is_ok()) << runtime::to_string(o)

inline void expect_unspecified(const Outcome &o, UnspecifiedClass c, const std::string &rule = "") {
  ASSERT_EQ(o.kind(), runtime::OutcomeKind::Unspecified) << runtime::to_string(o);
  EXPECT_EQ(o.unspecified().unspecified_class, c) << runtime::to_string(o);
  if (!rule.empty()) {
    EXPECT_EQ(o.unspecified().rule, rule) << runtime::to_string(o);
  }
}

} // namespace tirconf::evaltest
