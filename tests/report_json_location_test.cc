// Locating values in JSON text for report's diagnostics (reports/json_location.h).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "reports/json_location.h"

namespace tirconf::report {
namespace {

using nlohmann::json;

size_t offset_of(const std::string &text, TextLocation at) {
  size_t offset = 0;
  for (int line = 1; line < at.line; ++line)
    offset = text.find('\n', offset) + 1;
  return offset + at.column - 1;
}

TEST(JsonLocation, OffsetsCountLinesAndColumnsFromOne) {
  const std::string text = "ab\ncd\n\nx";
  EXPECT_EQ(location_of_offset(text, 0).line, 1);
  EXPECT_EQ(location_of_offset(text, 1).column, 2);
  EXPECT_EQ(location_of_offset(text, 3).line, 2);
  EXPECT_EQ(location_of_offset(text, 3).column, 1);
  EXPECT_EQ(location_of_offset(text, 7).line, 4);
}

TEST(JsonLocation, PointersReachNestedValues) {
  const std::string text =
      "{\n \"a\": [1, {\"b/c\": \"x\\\"y\", \"d~e\": [true]}],\n \"f\": null\n}";
  auto at = [&](const std::string &p) {
    return text.substr(offset_of(text, locate_pointer(text, p)), 6);
  };
  EXPECT_EQ(at("/a"), "[1, {\"");
  EXPECT_EQ(at("/a/0"), "1, {\"b");
  EXPECT_EQ(at("/a/1/b~1c"), "\"x\\\"y\"");
  EXPECT_EQ(at("/a/1/d~0e/0"), "true]}");
  EXPECT_EQ(at("/f"), "null\n}");
  // What is absent: the deepest value that is there.
  EXPECT_EQ(at("/a/7"), "[1, {\"");
  EXPECT_EQ(at("/zzz"), "{\n \"a\"");
}

// Every scalar of any document, printed with or without indentation, is found where its own
// text starts.
RC_GTEST_PROP(JsonLocation, EveryLeafIsFoundAtItsText, ()) {
  const auto keys = rc::gen::elementOf(std::vector<std::string>{"a", "b/c", "d~e", "f g", "h\"i"});
  std::function<json(int)> value = [&](int depth) -> json {
    const int kind = *rc::gen::inRange(0, depth > 0 ? 6 : 4);
    switch (kind) {
    case 0:
      return *rc::gen::inRange(-1000, 1000);
    case 1:
      return *rc::gen::elementOf(std::vector<std::string>{"", "x", "a\"b", "c\\d", "[{,}]"});
    case 2:
      return *rc::gen::arbitrary<bool>();
    case 3:
      return nullptr;
    case 4: {
      json a = json::array();
      for (int n = *rc::gen::inRange(0, 4); n > 0; --n)
        a.push_back(value(depth - 1));
      return a;
    }
    default: {
      json o = json::object();
      for (int n = *rc::gen::inRange(0, 4); n > 0; --n)
        o[*keys] = value(depth - 1);
      return o;
    }
    }
  };
  const json doc = {{"root", value(3)}};
  const std::string text = doc.dump(*rc::gen::element(-1, 1, 2));
  const json flat = doc.flatten();
  for (const auto &[pointer, flattened] : flat.items()) {
    const json &leaf = doc.at(json::json_pointer(pointer));
    if (leaf.is_structured())
      continue; // an empty container, flattened to null
    const size_t at = offset_of(text, locate_pointer(text, pointer));
    RC_ASSERT(text.compare(at, leaf.dump().size(), leaf.dump()) == 0);
  }
}

} // namespace
} // namespace tirconf::report
