// Helpers shared by the interpreter tests (tests/eval_*_test.cc): reading a program, building
// tensors from hand-written data, running, and asserting on outcomes.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ir/tvmscript/reader.h"
#include "oracle/eval/interpreter.h"

namespace tirconf::evaltest {

using ir::DataType;
using runtime::ErrorClass;
using runtime::NDArray;
using runtime::Outcome;
using runtime::UnspecifiedClass;
using runtime::Value;

inline constexpr DataType i8 = DataType::Int(8), i16 = DataType::Int(16), i32 = DataType::Int(32),
                   i64 = DataType::Int(64);
inline constexpr DataType u8 = DataType::UInt(8), u16 = DataType::UInt(16), u32 = DataType::UInt(32),
                   u64 = DataType::UInt(64);
inline constexpr DataType f16 = DataType::Float(16), f32 = DataType::Float(32), f64 = DataType::Float(64),
                   bf16 = DataType::BFloat16(), b1 = DataType::Bool();

inline ir::IRModule parse(const std::string& body) {
  std::string src = "from tvm.script import tir as T\nfrom tvm.script import ir as I\n\n" + body;
  auto r = ir::read_tvmscript(src, "t.py");
  EXPECT_TRUE(r.ok()) << (r.diagnostics.empty() ? std::string("no module") : ir::format(r.diagnostics[0]))
                      << "\n" << src;
  return r.module;
}

inline NDArray ints(DataType t, std::vector<int64_t> shape, const std::vector<int64_t>& data) {
  NDArray a(t, std::move(shape));
  for (size_t i = 0; i < data.size(); ++i) {
    const DataType e = t.element_of();
    uint64_t bits = static_cast<uint64_t>(data[i]);
    if (e.bits < 64) bits &= (uint64_t{1} << e.bits) - 1;
    Value v = Value::zeros(e);
    v.set_bits(0, bits);
    if (t.lanes == 1) {
      a.set(static_cast<int64_t>(i), v);
    } else {
      Value whole = a.get(static_cast<int64_t>(i / t.lanes));
      whole.set_bits(static_cast<int>(i % t.lanes), bits);
      a.set(static_cast<int64_t>(i / t.lanes), whole);
    }
  }
  return a;
}

inline NDArray floats(DataType t, std::vector<int64_t> shape, const std::vector<double>& data) {
  NDArray a(t, std::move(shape));
  for (size_t i = 0; i < data.size(); ++i) a.set(static_cast<int64_t>(i), Value::from_double(t, data[i]));
  return a;
}

// Flat lanes of every element, as signed (Int), unsigned (UInt, bool) integers or doubles.
inline std::vector<int64_t> int_data(const NDArray& a) {
  std::vector<int64_t> out;
  for (int64_t i = 0; i < a.size(); ++i) {
    Value v = a.get(i);
    for (int k = 0; k < v.lanes(); ++k) out.push_back(v.as_int64(k));
  }
  return out;
}
inline std::vector<uint64_t> bits_data(const NDArray& a) {
  std::vector<uint64_t> out;
  for (int64_t i = 0; i < a.size(); ++i) {
    Value v = a.get(i);
    for (int k = 0; k < v.lanes(); ++k) out.push_back(v.bits(k));
  }
  return out;
}
inline std::vector<double> float_data(const NDArray& a) {
  std::vector<double> out;
  for (int64_t i = 0; i < a.size(); ++i) {
    Value v = a.get(i);
    for (int k = 0; k < v.lanes(); ++k) out.push_back(v.as_double(k));
  }
  return out;
}

inline std::string entry_name(const ir::IRModule& m) {
  if (m && m->functions.size() == 1) return m->functions.front().first->name_hint;
  return "main";
}

inline Outcome run_mod(const ir::IRModule& m, std::vector<oracle::Argument> args, oracle::RunOptions o = {},
                std::string func = "") {
  if (!m) return Outcome(runtime::InvalidOutcome{});
  if (o.file.empty()) o.file = "t.py";
  return oracle::run(m, func.empty() ? entry_name(m) : func, args, o);
}

inline Outcome run_src(const std::string& src, std::vector<oracle::Argument> args, oracle::RunOptions o = {},
                std::string func = "") {
  return run_mod(parse(src), std::move(args), std::move(o), std::move(func));
}

#define EXPECT_OK(o) EXPECT_TRUE((o).is_ok()) << runtime::to_string(o)

inline void expect_error(const Outcome& o, ErrorClass c, const std::string& rule = "") {
  ASSERT_EQ(o.kind(), runtime::OutcomeKind::Error) << runtime::to_string(o);
  EXPECT_EQ(o.error().error_class, c) << runtime::to_string(o);
  if (!rule.empty()) {
    EXPECT_EQ(o.error().rule, rule) << runtime::to_string(o);
  }
}

inline void expect_unspecified(const Outcome& o, UnspecifiedClass c, const std::string& rule = "") {
  ASSERT_EQ(o.kind(), runtime::OutcomeKind::Unspecified) << runtime::to_string(o);
  EXPECT_EQ(o.unspecified().unspecified_class, c) << runtime::to_string(o);
  if (!rule.empty()) {
    EXPECT_EQ(o.unspecified().rule, rule) << runtime::to_string(o);
  }
}


}  // namespace tirconf::evaltest
