// Translation validation of step lists (validate/validation.h), with the steps written here as
// an implementation would print them: which step is the finding, where validation ends, and the
// signature a finding is grouped by.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "validate/validation.h"

namespace tirconf {
namespace {

using validate::Step;
using validate::StepStatus;
using validate::StepVerdict;

std::string program(const std::string &body, const std::string &params = "") {
  return "from tvm.script import tir as T\n\n\n@T.prim_func\ndef main(" + params +
         "A: T.Buffer((4,), \"int32\"), B: T.Buffer((4,), \"int32\")):\n" + body;
}
const std::string kAddOne = program("    for i in range(4):\n        B[i] = A[i] + 1\n");
const std::string kSplit =
    program("    for io, ii in T.grid(2, 2):\n        B[io * 2 + ii] = A[io * 2 + ii] + 1\n");
const std::string kAddTwo = program("    for i in range(4):\n        B[i] = A[i] + 2\n");
const std::string kOutOfBounds = program("    for i in range(4):\n        B[i] = A[i + 1] + 1\n");

Step ok(const std::string &name, const std::string &script) {
  return {name, "", StepStatus::Ok, script, "", 0};
}

validate::Validation check(std::vector<Step> steps) {
  validate::ValidationOptions o;
  o.equivalence.trials = 4;
  return validate::validate_steps(kAddOne, std::move(steps), o);
}

TEST(Validate, MeaningPreservingStepsValidate) {
  auto v = check({ok("parse", kAddOne), ok("split", kSplit), ok("Simplify", kSplit)});
  EXPECT_FALSE(v.finding);
  EXPECT_FALSE(v.end);
  EXPECT_EQ(v.validated, 2u);
  for (const auto &c : v.checks)
    EXPECT_EQ(c.verdict, StepVerdict::Validated) << c.detail;
  EXPECT_EQ(v.signature(), "");
}

TEST(Validate, TheFirstStepThatChangesTheOutcomeIsTheFinding) {
  auto v = check({ok("parse", kAddOne), ok("split", kSplit), ok("Simplify", kAddTwo),
                  ok("LoopPartition", kAddTwo)});
  ASSERT_TRUE(v.finding);
  EXPECT_EQ(*v.finding, 2u);
  EXPECT_EQ(v.checks[2].verdict, StepVerdict::Finding);
  EXPECT_EQ(v.checks[2].pair.verdict, runner::Verdict::Differ);
  EXPECT_EQ(v.checks[3].verdict, StepVerdict::NotReached);
  EXPECT_EQ(v.signature(), "validate:Simplify:differ");
  EXPECT_EQ(v.validated, 1u);
  // A step that makes a defined program read out of bounds introduces unspecified behaviour.
  auto oob = check({ok("parse", kAddOne), ok("StorageRewrite(1)", kOutOfBounds)});
  ASSERT_TRUE(oob.finding);
  EXPECT_EQ(oob.signature(), "validate:StorageRewrite:after-unspecified");
}

TEST(Validate, RefusedScheduleStepsAreSkippedAndRefusedPassesEndTheList) {
  Step refused_primitive{"vectorize(B, loop 0)", R"({"primitive": "vectorize"})",
                         StepStatus::Rejected,   "",
                         "ScheduleError",        0};
  auto v = check({ok("parse", kAddOne), refused_primitive, ok("split", kSplit)});
  EXPECT_EQ(v.checks[1].verdict, StepVerdict::Skipped);
  EXPECT_EQ(v.checks[2].verdict, StepVerdict::Validated);
  EXPECT_FALSE(v.end);
  Step refused_pass{"LoopPartition", "", StepStatus::Rejected, "", "InternalError", 0};
  auto w = check({ok("parse", kAddOne), refused_pass, ok("split", kSplit)});
  ASSERT_TRUE(w.end);
  EXPECT_EQ(*w.end, 1u);
  EXPECT_EQ(w.checks[1].verdict, StepVerdict::Refused);
  EXPECT_EQ(w.checks[2].verdict, StepVerdict::NotReached);
}

TEST(Validate, AStepTheImplementationCannotPrintIsCheckedWithTheNext) {
  Step unprintable{"Simplify", "", StepStatus::Unprintable, "", "cannot print", 0};
  auto v = check({ok("parse", kAddOne), unprintable, ok("LoopPartition", kAddTwo)});
  EXPECT_EQ(v.checks[1].verdict, StepVerdict::Skipped);
  ASSERT_TRUE(v.finding);
  EXPECT_EQ(*v.finding, 2u);
  EXPECT_NE(v.checks[2].detail.find("unprinted steps from step 1"), std::string::npos)
      << v.checks[2].detail;
}

TEST(Validate, WhatTheOracleCannotReadOrRunEndsValidation) {
  auto unreadable = check({ok("parse", kAddOne), ok("garble", "not a program\n")});
  ASSERT_TRUE(unreadable.end);
  EXPECT_EQ(unreadable.checks[1].verdict, StepVerdict::Unreadable);
  EXPECT_FALSE(unreadable.finding);
  // MakePackedAPI's signature change: the two sides take different parameters.
  auto packed =
      check({ok("parse", kAddOne), ok("MakePackedAPI", program("    for i in range(4):\n"
                                                               "        B[i] = A[i] + 1\n",
                                                               "n: T.int32, "))});
  ASSERT_TRUE(packed.end);
  EXPECT_EQ(packed.checks[1].verdict, StepVerdict::CannotRun);
  EXPECT_EQ(packed.checks[1].pair.verdict, runner::Verdict::Incomparable);
}

TEST(Validate, AProgramTirconfCannotReadIsValidatedFromTheImplementationsPrint) {
  validate::ValidationOptions o;
  o.equivalence.trials = 2;
  auto v = validate::validate_steps("def main(:\n", {ok("parse", kAddOne), ok("split", kSplit)}, o);
  EXPECT_EQ(v.checks[0].verdict, StepVerdict::Skipped);
  EXPECT_EQ(v.checks[1].verdict, StepVerdict::Validated);
  EXPECT_EQ(validate::step_kind("ThreadSync(\"shared\")"), "ThreadSync");
}

} // namespace
} // namespace tirconf
