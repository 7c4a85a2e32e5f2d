// oracle/numeric/integer.h. Expected values worked out by hand from the spec's definitions
// (Evaluating PrimExprs / 13) and the catalog's readings.
#include <gtest/gtest.h>

#include "oracle/numeric/integer.h"

namespace tirconf::oracle::numeric {
namespace {

using ir::DataType;

const DataType kI8 = DataType::Int(8), kI16 = DataType::Int(16), kI32 = DataType::Int(32),
               kI64 = DataType::Int(64);
const DataType kU8 = DataType::UInt(8), kU32 = DataType::UInt(32), kU64 = DataType::UInt(64);
const DataType kBool = DataType::Bool();

// A signed value as a pattern of width t.bits.
uint64_t p(DataType t, int64_t v) {
  return wrap(static_cast<uint64_t>(v), t.bits);
}
int64_t s(DataType t, uint64_t pattern) {
  return sign_extend(pattern, t.bits);
}

int64_t value(DataType t, LaneResult r) {
  EXPECT_TRUE(r.ok()) << r.rule;
  return t.is_int() ? s(t, r.bits) : static_cast<int64_t>(r.bits);
}

TEST(NumericInteger, WrapAndSignExtend) {
  EXPECT_EQ(wrap(0x1ff, 8), 0xffu);
  EXPECT_EQ(wrap(~uint64_t{0}, 64), ~uint64_t{0});
  EXPECT_EQ(sign_extend(0x80, 8), -128);
  EXPECT_EQ(sign_extend(0x7f, 8), 127);
  EXPECT_EQ(sign_extend(0xffff, 16), -1);
  EXPECT_EQ(sign_extend(0x8000000000000000u, 64), INT64_MIN);
  EXPECT_EQ(int_min_pattern(32), 0x80000000u);
}

TEST(NumericInteger, AddSubMulWrap) {
  EXPECT_EQ(s(kI8, int_add(kI8, p(kI8, 127), p(kI8, 1))), -128); // 127 + 1
  EXPECT_EQ(s(kI8, int_sub(kI8, p(kI8, -128), p(kI8, 1))), 127); // -128 - 1
  EXPECT_EQ(int_mul(kU8, 200, 2), 144u);                         // 400 mod 256
  EXPECT_EQ(int_sub(kU8, 0, 1), 255u);
  EXPECT_EQ(s(kI32, int_mul(kI32, p(kI32, 2147483647), p(kI32, 2))), -2);
  EXPECT_EQ(s(kI64, int_add(kI64, p(kI64, INT64_MAX), 1)), INT64_MIN);
  EXPECT_EQ(int_mul(kU64, 0x8000000000000000u, 2), 0u);
  EXPECT_EQ(s(kI16, int_mul(kI16, p(kI16, -300), p(kI16, 300))), -24464); // -90000 + 2 * 65536
  EXPECT_EQ(int_add(kBool, 1, 1), 0u); // bool arithmetic wraps modulo 2
}

TEST(NumericInteger, DivisionFamilySigns) {
  struct Case {
    int64_t x, y, div, mod, floordiv, floormod;
  };
  const Case cases[] = {
      {-7, 2, -3, -1, -4, 1}, {7, -2, -3, 1, -4, -1}, {-7, -2, 3, -1, 3, -1},
      {7, 2, 3, 1, 3, 1},     {-8, 2, -4, 0, -4, 0},  {-5, 2, -2, -1, -3, 1}, // the spec's -5
      {0, -3, 0, 0, 0, 0},    {1, -3, 0, 1, -1, -2},  {-1, 3, 0, -1, -1, 2},
  };
  for (DataType t : {kI8, kI16, kI32, kI64}) {
    for (const auto &c : cases) {
      SCOPED_TRACE(ir::to_string(t) + " " + std::to_string(c.x) + ", " + std::to_string(c.y));
      EXPECT_EQ(value(t, int_div(t, p(t, c.x), p(t, c.y))), c.div);
      EXPECT_EQ(value(t, int_mod(t, p(t, c.x), p(t, c.y))), c.mod);
      EXPECT_EQ(value(t, int_floordiv(t, p(t, c.x), p(t, c.y))), c.floordiv);
      EXPECT_EQ(value(t, int_floormod(t, p(t, c.x), p(t, c.y))), c.floormod);
    }
  }
}

TEST(NumericInteger, UnsignedDivisionIsOnPatternsAsUnsigned) {
  EXPECT_EQ(int_div(kU8, 7, 2).bits, 3u);
  EXPECT_EQ(int_floordiv(kU8, 255, 2).bits, 127u); // not -1 / 2
  EXPECT_EQ(int_floormod(kU8, 255, 2).bits, 1u);
  EXPECT_EQ(int_div(kU32, 0xffffffffu, 2).bits, 0x7fffffffu);
  EXPECT_EQ(int_mod(kU64, ~uint64_t{0}, 10).bits, 5u); // 18446744073709551615 mod 10
  // uint 0 .. max / max(-1 as a pattern) is no overflow: only signed INT_MIN / -1 is.
  EXPECT_TRUE(int_div(kU8, 0x80, 0xff).ok());
  EXPECT_EQ(int_div(kU8, 0x80, 0xff).bits, 0u);
}

TEST(NumericInteger, DivideByZeroIsAnErrorForAllFour) {
  using Fn = LaneResult (*)(DataType, uint64_t, uint64_t);
  struct Op {
    Fn fn;
    const char *rule;
  };
  const Op ops[] = {{int_div, "sem.expr.div"},
                    {int_mod, "sem.expr.mod"},
                    {int_floordiv, "sem.expr.floordiv"},
                    {int_floormod, "sem.expr.floormod"}};
  for (DataType t : {kI8, kI32, kI64, kU8, kU64, kBool}) {
    for (const auto &op : ops) {
      LaneResult r = op.fn(t, 1, 0);
      EXPECT_EQ(r.fault, Fault::DivideByZero) << op.rule << " " << ir::to_string(t);
      EXPECT_EQ(r.rule, op.rule);
      runtime::Outcome o = to_outcome(r, {"t.py", {2, 5}});
      EXPECT_EQ(o.kind(), runtime::OutcomeKind::Error);
      EXPECT_EQ(o.error().error_class, runtime::ErrorClass::DivideByZero);
      EXPECT_EQ(o.error().message, "integer divide by zero");
      EXPECT_EQ(o.error().rule, op.rule);
      EXPECT_EQ(o.error().where.loc.line, 2u);
    }
  }
  // 0 / 0 too, and the zero check comes before the INT_MIN / -1 check.
  EXPECT_EQ(int_div(kI32, 0, 0).fault, Fault::DivideByZero);
}

TEST(NumericInteger, IntMinByMinusOneOverflowsAtEveryWidth) {
  using Fn = LaneResult (*)(DataType, uint64_t, uint64_t);
  for (DataType t : {kI8, kI16, kI32, kI64}) {
    uint64_t min = int_min_pattern(t.bits), minus_one = p(t, -1);
    for (Fn fn : {int_div, int_mod, int_floordiv, int_floormod}) {
      LaneResult r = fn(t, min, minus_one);
      EXPECT_EQ(r.fault, Fault::IntMinDivOverflow) << ir::to_string(t);
      EXPECT_EQ(r.rule, "unspec.int_min_div");
      runtime::Outcome o = to_outcome(r, {}, "INT_MIN / -1");
      EXPECT_EQ(o.kind(), runtime::OutcomeKind::Unspecified);
      EXPECT_EQ(o.unspecified().unspecified_class, runtime::UnspecifiedClass::Overflow);
      EXPECT_EQ(o.unspecified().detail, "INT_MIN / -1");
    }
    // Neighbours are fine: INT_MIN / 1, (INT_MIN + 1) / -1 = INT_MAX, INT_MIN / -2.
    EXPECT_EQ(int_div(t, min, 1).bits, min);
    EXPECT_EQ(int_div(t, min + 1, minus_one).bits, min - 1); // INT_MAX
    EXPECT_EQ(int_div(t, min, p(t, -2)).bits, uint64_t{1} << (t.bits - 2));
    EXPECT_EQ(int_floormod(t, min, p(t, 3)).ok(), true);
  }
  // int8: -128 floordiv 3 = -43 (floor(-42.67)), floormod 3 = -128 + 129 = 1.
  EXPECT_EQ(value(kI8, int_floordiv(kI8, 0x80, 3)), -43);
  EXPECT_EQ(value(kI8, int_floormod(kI8, 0x80, 3)), 1);
}

TEST(NumericInteger, MinMaxAndComparisonsBySignedness) {
  EXPECT_EQ(s(kI8, int_min(kI8, p(kI8, -1), 1)), -1);
  EXPECT_EQ(int_min(kU8, 0xff, 1), 1u); // the same patterns, unsigned: 255 vs 1
  EXPECT_EQ(s(kI8, int_max(kI8, p(kI8, -1), 1)), 1);
  EXPECT_EQ(int_max(kU8, 0xff, 1), 0xffu);
  EXPECT_TRUE(int_compare(CmpOp::LT, kI8, 0xff, 0x01));
  EXPECT_TRUE(int_compare(CmpOp::GT, kU8, 0xff, 0x01));
  EXPECT_TRUE(int_compare(CmpOp::LT, kI64, 0x8000000000000000u, 0));
  EXPECT_TRUE(int_compare(CmpOp::GT, kU64, 0x8000000000000000u, 0));
  EXPECT_TRUE(int_compare(CmpOp::EQ, kI32, 5, 5));
  EXPECT_FALSE(int_compare(CmpOp::NE, kI32, 5, 5));
  EXPECT_TRUE(int_compare(CmpOp::LE, kI32, 5, 5));
  EXPECT_TRUE(int_compare(CmpOp::GE, kI32, 5, 5));
  EXPECT_FALSE(int_compare(CmpOp::LT, kI32, 5, 5));
  EXPECT_FALSE(int_compare(CmpOp::GT, kI32, 5, 5));
  EXPECT_TRUE(int_compare(CmpOp::LT, kBool, 0, 1));
}

TEST(NumericInteger, BitwiseOps) {
  EXPECT_EQ(bitwise_not(kI8, 0), 0xffu);                 // ~0 == -1
  EXPECT_EQ(s(kI32, bitwise_not(kI32, p(kI32, 5))), -6); // ~x == -x - 1
  EXPECT_EQ(bitwise_and(kU8, 0xf0, 0x3c), 0x30u);
  EXPECT_EQ(bitwise_or(kU8, 0xf0, 0x0c), 0xfcu);
  EXPECT_EQ(bitwise_xor(kU8, 0xff, 0x0f), 0xf0u);
}

TEST(NumericInteger, Shifts) {
  EXPECT_EQ(s(kI8, shift_left(kI8, 1, kI8, 7).bits), -128);
  EXPECT_EQ(shift_left(kU8, 0xff, kU8, 4).bits, 0xf0u);                 // high bits dropped
  EXPECT_EQ(s(kI8, shift_right(kI8, 0x80, kI8, 7).bits), -1);           // sign fill
  EXPECT_EQ(shift_right(kU8, 0x80, kU8, 7).bits, 1u);                   // zero fill
  EXPECT_EQ(s(kI32, shift_right(kI32, p(kI32, -7), kI32, 1).bits), -4); // floor(-3.5)
  EXPECT_EQ(shift_left(kI64, 1, kI64, 63).bits, 0x8000000000000000u);
  EXPECT_EQ(shift_left(kI32, 5, kU64, 0).bits, 5u);
  for (auto [t, nt, n] : {std::tuple{kI32, kI32, p(kI32, 32)}, std::tuple{kI32, kI32, p(kI32, -1)},
                          std::tuple{kU8, kU8, uint64_t{8}}, std::tuple{kI64, kU64, uint64_t{64}},
                          std::tuple{kI8, kI64, p(kI64, INT64_MIN)}}) {
    for (auto fn : {shift_left, shift_right}) {
      LaneResult r = fn(t, 1, nt, n);
      EXPECT_EQ(r.fault, Fault::ShiftAmount) << ir::to_string(t) << " by " << n;
      EXPECT_EQ(r.rule, "unspec.shift_amount");
      EXPECT_EQ(to_outcome(r, {}).unspecified().unspecified_class,
                runtime::UnspecifiedClass::Overflow);
    }
  }
}

TEST(NumericInteger, RejectsNonIntegerTypes) {
  EXPECT_THROW(int_add(DataType::Float(32), 1, 1), std::logic_error);
  EXPECT_THROW(int_div(DataType::Handle(), 1, 1), std::logic_error);
}

} // namespace
} // namespace tirconf::oracle::numeric
