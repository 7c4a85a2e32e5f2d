// Front matter of conformance files (corpus/FORMAT.md).
#include <gtest/gtest.h>

#include "runner/testfile.h"

namespace tirconf::runner {
namespace {

TEST(FrontMatter, ParsesTheFormatExample) {
  const char *yaml = R"(
description: FloorDiv rounds toward negative infinity
rules: [sem.expr.floordiv]
args:
  A: {dtype: int32, shape: [4], data: [-7, -1, 0, 7]}
  B: {dtype: int32, shape: [4]}
  n: 4
expect:
  buffers: {B: [-3, -1, 0, 2]}
  return: 7
)";
  auto r = parse_front_matter("t.py", yaml, {1, 4});
  ASSERT_TRUE(r.diagnostics.empty()) << format(r.diagnostics.front());
  const auto &t = r.file;
  EXPECT_EQ(t.description, "FloorDiv rounds toward negative infinity");
  ASSERT_EQ(t.rules, std::vector<std::string>{"sem.expr.floordiv"});
  ASSERT_EQ(t.cases.size(), 1u);
  const auto &c = t.cases[0];
  ASSERT_EQ(c.args.size(), 3u);
  EXPECT_TRUE(c.args[0].is_tensor);
  EXPECT_EQ(c.args[0].tensor.dtype, ir::DataType::Int(32));
  EXPECT_EQ(c.args[0].tensor.data, (std::vector<Literal>{"-7", "-1", "0", "7"}));
  EXPECT_FALSE(c.args[1].tensor.has_data);
  EXPECT_FALSE(c.args[2].is_tensor);
  EXPECT_EQ(c.args[2].scalar, "4");
  EXPECT_EQ(c.expect.kind, Expectation::Kind::Values);
  ASSERT_EQ(c.expect.buffers.size(), 1u);
  EXPECT_EQ(c.expect.buffers[0].second, (std::vector<Literal>{"-3", "-1", "0", "2"}));
  EXPECT_EQ(c.expect.return_value, "7");
}

TEST(FrontMatter, OutcomeKindsAndCases) {
  auto r = parse_front_matter("t.py", R"(
cases:
  - {args: {x: 1}, expect: {error: divide-by-zero}}
  - {args: {x: 2}, expect: {unspecified: any}}
  - {expect: {invalid: true}}
)",
                              {1, 4});
  ASSERT_TRUE(r.diagnostics.empty()) << format(r.diagnostics.front());
  ASSERT_EQ(r.file.cases.size(), 3u);
  EXPECT_EQ(r.file.cases[0].expect.kind, Expectation::Kind::Error);
  EXPECT_EQ(r.file.cases[0].expect.outcome_class, "divide-by-zero");
  EXPECT_EQ(r.file.cases[1].expect.kind, Expectation::Kind::Unspecified);
  EXPECT_EQ(r.file.cases[2].expect.kind, Expectation::Kind::Invalid);
}

// Each malformed front matter names the file, a line inside the docstring and the field.
TEST(FrontMatter, MalformedInputNamesFileLineAndField) {
  struct Case {
    const char *yaml;
    uint32_t line;      // line in the file (docstring text starts on line 2)
    const char *needle; // part of the message
  } cases[] = {
      {"expect: {error: kaboom}\n", 2, "unknown error class"},
      {"args:\n  A: {dtype: int33, shape: [4]}\nexpect: {invalid: true}\n", 3, "args.A.dtype"},
      {"args:\n  A: {dtype: int32, shape: [-1]}\nexpect: {invalid: true}\n", 3, "args.A.shape"},
      {"args:\n  A: {dtype: int32}\nexpect: {invalid: true}\n", 3, "args.A.shape: missing"},
      {"expect: {invalid: true, error: assert}\n", 2, "exactly one outcome"},
      {"description: x\n", 2, "expect: missing"},
      {"expect: {invalid: true}\nbogus: 1\n", 3, "unknown field 'bogus'"},
      {"expect: {buffers: {B: [1, 2}\n", 2, "malformed YAML"},
      {"- just\n- a list\n", 2, "expected a YAML mapping"},
      {"expect: {unspecified: sometimes}\n", 2, "unknown class"},
  };
  for (const auto &c : cases) {
    auto r = parse_front_matter("dir/t.py", c.yaml, {2, 1});
    ASSERT_EQ(r.diagnostics.size(), 1u) << c.yaml;
    const auto &d = r.diagnostics[0];
    EXPECT_EQ(d.file, "dir/t.py");
    EXPECT_EQ(d.loc.line, c.line) << c.yaml << " -> " << format(d);
    EXPECT_NE(d.message.find(c.needle), std::string::npos) << format(d);
  }
}

} // namespace
} // namespace tirconf::runner
