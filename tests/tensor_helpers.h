// What the interpreter tests and the LLVM backend tests both need: reading a hand-written
// program, tensors from hand-written lanes, a tensor's lanes back as numbers, and asserting an
// error outcome. Nothing here computes an expected value.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ir/tvmscript/reader.h"
#include "runtime/ndarray.h"
#include "runtime/outcome.h"

namespace tirconf::testsupport {

using ir::DataType;

inline constexpr DataType i8 = DataType::Int(8), i16 = DataType::Int(16), i32 = DataType::Int(32),
                          i64 = DataType::Int(64);
inline constexpr DataType u8 = DataType::UInt(8), u16 = DataType::UInt(16),
                          u32 = DataType::UInt(32), u64 = DataType::UInt(64);
inline constexpr DataType f16 = DataType::Float(16), f32 = DataType::Float(32),
                          f64 = DataType::Float(64), bf16 = DataType::BFloat16(),
                          b1 = DataType::Bool();

// `body` after the two TVMScript imports, read as t.py; a read error fails the test.
inline ir::IRModule parse(const std::string &body) {
  std::string src = "from tvm.script import tir as T\nfrom tvm.script import ir as I\n\n" + body;
  auto r = ir::read_tvmscript(src, "t.py");
  EXPECT_TRUE(r.ok()) << (r.diagnostics.empty() ? std::string("no module")
                                                : ir::format(r.diagnostics[0]))
                      << "\n"
                      << src;
  return r.module;
}

// A tensor of dtype t (a vector dtype's lanes listed flat) from raw lane bit patterns; lanes
// past the end of `lanes` stay zero.
inline runtime::NDArray from_bits(DataType t, std::vector<int64_t> shape,
                                  const std::vector<uint64_t> &lanes) {
  runtime::NDArray a(t, std::move(shape));
  const int w = t.lanes;
  for (int64_t i = 0; i < a.size(); ++i) {
    runtime::Value v = runtime::Value::zeros(t);
    for (int k = 0; k < w; ++k) {
      const size_t at = static_cast<size_t>(i * w + k);
      if (at < lanes.size())
        v.set_bits(k, lanes[at]);
    }
    a.set(i, v);
  }
  return a;
}
// The same from integers, each truncated to the lane's width (two's complement).
inline runtime::NDArray ints(DataType t, std::vector<int64_t> shape,
                             const std::vector<int64_t> &data) {
  std::vector<uint64_t> bits;
  const int b = t.bits;
  for (int64_t x : data)
    bits.push_back(b >= 64 ? static_cast<uint64_t>(x)
                           : static_cast<uint64_t>(x) & ((uint64_t{1} << b) - 1));
  return from_bits(t, std::move(shape), bits);
}
// A scalar-dtype tensor from doubles, each rounded to t.
inline runtime::NDArray floats(DataType t, std::vector<int64_t> shape,
                               const std::vector<double> &data) {
  runtime::NDArray a(t, std::move(shape));
  for (size_t i = 0; i < data.size(); ++i)
    a.set(static_cast<int64_t>(i), runtime::Value::from_double(t, data[i]));
  return a;
}

// Flat lanes of every element: bit patterns; integers (signed for Int, unsigned for UInt and
// bool); doubles.
template <class Lane>
std::vector<Lane> lanes_of(const runtime::NDArray &a, Lane (*lane)(const runtime::Value &, int)) {
  std::vector<Lane> out;
  for (int64_t i = 0; i < a.size(); ++i) {
    runtime::Value v = a.get(i);
    for (int k = 0; k < v.lanes(); ++k)
      out.push_back(lane(v, k));
  }
  return out;
}
inline std::vector<uint64_t> bits_data(const runtime::NDArray &a) {
  return lanes_of<uint64_t>(a, [](const runtime::Value &v, int k) { return v.bits(k); });
}
inline std::vector<int64_t> int_data(const runtime::NDArray &a) {
  return lanes_of<int64_t>(a, [](const runtime::Value &v, int k) { return v.as_int64(k); });
}
inline std::vector<double> float_data(const runtime::NDArray &a) {
  return lanes_of<double>(a, [](const runtime::Value &v, int k) { return v.as_double(k); });
}

inline void expect_error(const runtime::Outcome &o, runtime::ErrorClass c,
                         const std::string &rule = "") {
  ASSERT_EQ(o.kind(), runtime::OutcomeKind::Error) << runtime::to_string(o);
  EXPECT_EQ(o.error().error_class, c) << runtime::to_string(o);
  if (!rule.empty()) {
    EXPECT_EQ(o.error().rule, rule) << runtime::to_string(o);
  }
}

} // namespace tirconf::testsupport
