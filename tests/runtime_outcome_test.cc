// runtime::Outcome: kinds and classes, printing, JSON, comparison.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "runtime/outcome.h"

namespace tirconf::runtime {
namespace {

using ir::DataType;

NDArray ints(std::vector<std::string> data) {
  auto p = NDArray::from_literals(DataType::Int(32), {static_cast<int64_t>(data.size())}, data);
  EXPECT_TRUE(p) << p.error;
  return std::move(*p.array);
}

TEST(RuntimeOutcome, ClassSpellingsAreTheTestFormats) {
  for (const char *s : {"divide-by-zero", "assert", "binding", "limit"}) {
    auto c = parse_error_class(s);
    ASSERT_TRUE(c) << s;
    EXPECT_EQ(to_string(*c), s);
  }
  for (const char *s :
       {"out-of-bounds", "conflict", "uninitialized", "overflow", "ambiguous", "any"}) {
    auto c = parse_unspecified_class(s);
    ASSERT_TRUE(c) << s;
    EXPECT_EQ(to_string(*c), s);
  }
  EXPECT_FALSE(parse_error_class("overflow"));
  EXPECT_FALSE(parse_unspecified_class("divide-by-zero"));
}

TEST(RuntimeOutcome, KindsAndAccessors) {
  Outcome ok;
  EXPECT_EQ(ok.kind(), OutcomeKind::Ok);
  Outcome e = Outcome::error(ErrorClass::DivideByZero, "integer divide by zero", "sem.expr.div",
                             {"t.py", {3, 7}});
  EXPECT_EQ(e.kind(), OutcomeKind::Error);
  EXPECT_EQ(e.class_name(), "divide-by-zero");
  EXPECT_EQ(e.rule(), "sem.expr.div");
  EXPECT_EQ(to_string(e),
            "error divide-by-zero [sem.expr.div] at t.py:3:7: integer divide by zero");
  Outcome u = Outcome::unspecified(UnspecifiedClass::Overflow, "unspec.int_min_div", {},
                                   "int32 -2147483648 / -1");
  EXPECT_EQ(to_string(u), "unspecified overflow [unspec.int_min_div]: int32 -2147483648 / -1");
  Outcome inv = InvalidOutcome{{ir::Diagnostic{"t.py", {1, 2}, "type.expr.binary.match", "x"}}};
  EXPECT_EQ(inv.kind(), OutcomeKind::Invalid);
  Outcome crash = CrashOutcome{"SIGSEGV", 11, 0};
  EXPECT_EQ(to_string(crash), "crash: SIGSEGV");
  Outcome timeout = TimeoutOutcome{10, "no answer after 10 s"};
  EXPECT_EQ(timeout.kind(), OutcomeKind::Timeout);
  EXPECT_THROW((void)timeout.ok(), std::bad_variant_access);
}

TEST(RuntimeOutcome, AnInternalErrorIsItsOwnKindNamingTheRuleAndTheSite) {
  Outcome x = InternalErrorOutcome{"type.expr.mod.int", {"t.py", {4, 13}}, "Mod of float operands"};
  EXPECT_EQ(x.kind(), OutcomeKind::InternalError);
  EXPECT_EQ(to_string(x.kind()), "internal-error");
  EXPECT_EQ(x.rule(), "type.expr.mod.int");
  ASSERT_NE(x.location(), nullptr);
  EXPECT_EQ(to_string(*x.location()), "t.py:4:13");
  EXPECT_EQ(to_string(x), "internal-error [type.expr.mod.int] at t.py:4:13: Mod of float operands");
  auto j = nlohmann::json::parse(to_json(x));
  EXPECT_EQ(j["kind"], "internal-error");
  EXPECT_EQ(j["rule"], "type.expr.mod.int");
  EXPECT_EQ(j["location"]["line"], 4);
  EXPECT_EQ(j["message"], "Mod of float operands");
  // Never the same as invalid: an oracle bug is not a verdict on the program.
  Outcome inv = InvalidOutcome{{ir::Diagnostic{"t.py", {4, 13}, "type.expr.mod.int", "x"}}};
  auto m = compare_outcomes(inv, x);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->message(), "outcome differs: expected invalid, got internal-error");
}

TEST(RuntimeOutcome, PrintsAndSerializesOkResults) {
  OkOutcome r;
  r.buffers.push_back({"B", ints({"1", "-2"})});
  r.ret = Value::from_int64(DataType::Int(32), 7);
  Outcome o(std::move(r));
  EXPECT_EQ(to_string(o), "ok B=[1, -2] return 7");
  auto j = nlohmann::json::parse(to_json(o));
  EXPECT_EQ(j["kind"], "ok");
  EXPECT_EQ(j["buffers"]["B"]["dtype"], "int32");
  EXPECT_EQ(j["buffers"]["B"]["shape"], nlohmann::json::array({2}));
  EXPECT_EQ(j["buffers"]["B"]["data"], nlohmann::json::array({"1", "-2"}));
  EXPECT_EQ(j["return"], "7");
  auto je = nlohmann::json::parse(
      to_json(Outcome::error(ErrorClass::Assert, "boom", "sem.stmt.assert", {"", {4, 1}})));
  EXPECT_EQ(je["kind"], "error");
  EXPECT_EQ(je["class"], "assert");
  EXPECT_EQ(je["location"]["line"], 4);
  EXPECT_EQ(je["message"], "boom");
}

TEST(RuntimeOutcome, ComparisonSaysWhatDiffers) {
  using What = OutcomeMismatch::What;
  OkOutcome expected;
  expected.buffers.push_back({"B", ints({"1", "2", "3"})});
  OkOutcome actual;
  actual.buffers.push_back({"A", ints({"9"})});
  actual.buffers.push_back({"B", ints({"1", "2", "4"})});
  auto m = compare_outcomes(Outcome(expected), Outcome(actual));
  ASSERT_TRUE(m);
  EXPECT_EQ(m->what, What::Buffer);
  EXPECT_EQ(m->buffer, "B");
  EXPECT_EQ(m->array->index, 2);
  EXPECT_EQ(m->message(), "buffer B: element 2 differs: expected 3, got 4");

  actual.buffers[1].array = ints({"1", "2", "3"});
  EXPECT_FALSE(compare_outcomes(Outcome(expected), Outcome(actual))); // A is not expected
  OutcomeCompareOptions strict;
  strict.same_buffer_set = true;
  EXPECT_EQ(compare_outcomes(Outcome(expected), Outcome(actual), strict)->what, What::ExtraBuffer);
  OkOutcome missing;
  EXPECT_EQ(compare_outcomes(Outcome(expected), Outcome(missing))->what, What::MissingBuffer);

  expected.ret = Value::from_int64(DataType::Int(32), 7);
  auto r = compare_outcomes(Outcome(expected), Outcome(actual));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->what, What::ReturnValue);
  EXPECT_EQ(r->message(), "return value differs: expected 7, got void");

  Outcome dbz = Outcome::error(ErrorClass::DivideByZero, "a", "sem.expr.div");
  Outcome dbz2 = Outcome::error(ErrorClass::DivideByZero, "different text", "sem.expr.mod");
  Outcome assert_fail = Outcome::error(ErrorClass::Assert, "a", "sem.stmt.assert");
  EXPECT_FALSE(compare_outcomes(dbz, dbz2)); // messages and rules are not compared
  EXPECT_EQ(compare_outcomes(dbz, assert_fail)->what, What::Class);
  EXPECT_EQ(compare_outcomes(dbz, Outcome(expected))->what, What::Kind);
  EXPECT_EQ(compare_outcomes(dbz, Outcome(expected))->message(),
            "outcome differs: expected error, got ok");

  Outcome any = Outcome::unspecified(UnspecifiedClass::Any, "");
  Outcome oob = Outcome::unspecified(UnspecifiedClass::OutOfBounds, "unspec.oob");
  Outcome overflow = Outcome::unspecified(UnspecifiedClass::Overflow, "unspec.int_min_div");
  EXPECT_FALSE(compare_outcomes(any, oob));
  EXPECT_EQ(compare_outcomes(oob, overflow)->what, What::Class);
  EXPECT_TRUE(compare_outcomes(oob, any)); // "any" only matches as an expectation
}

TEST(RuntimeOutcome, ComparisonHonoursUlpTolerance) {
  auto floats = [](std::vector<std::string> data) {
    auto p = NDArray::from_literals(DataType::Float(32), {static_cast<int64_t>(data.size())}, data);
    return std::move(*p.array);
  };
  OkOutcome e, a;
  e.buffers.push_back({"C", floats({"1", "nan"})});
  a.buffers.push_back({"C", floats({"1.0000001", "nan"})}); // 1 ulp above 1.0f
  EXPECT_TRUE(compare_outcomes(Outcome(e), Outcome(a)));
  EXPECT_FALSE(compare_outcomes(Outcome(e), Outcome(a), {1, false}));
}

} // namespace
} // namespace tirconf::runtime
