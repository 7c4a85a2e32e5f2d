// Running TIR on the LLVM backend in the test process (tests/llvm_*_test.cc): reading a
// program, compiling it at O0 or O2, running it on hand-made tensors. Expected values in these
// tests are computed independently (by hand, or by reference code in the test), never by the
// oracle, which the backend must not share anything with.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "backends/registry.h"
#include "ir/tvmscript/reader.h"
#include "runtime/ndarray.h"
#include "runtime/outcome.h"

namespace tirconf::llvmtest {

using ir::DataType;
using runtime::ErrorClass;
using runtime::NDArray;
using runtime::Outcome;
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
  EXPECT_TRUE(r.ok()) << (r.diagnostics.empty() ? std::string("no module") : ir::format(r.diagnostics[0])) << "\n"
                      << src;
  return r.module;
}

// Compiles `src` with backend `name` and runs `func` on `args` in this process.
inline Outcome run_on(const std::string& name, const std::string& src, std::vector<runtime::Argument> args,
                      const std::string& func = "main", backends::RunLimits limits = {}) {
  auto m = parse(src);
  if (!m) return Outcome(runtime::InvalidOutcome{});
  auto b = backends::make_backend(name);
  if (!b) return Outcome(runtime::CrashOutcome{name + " is not built in", 0, 0});
  backends::CompileOptions options;
  options.entries = {func};
  options.file = "t.py";
  auto c = b->compile(m, options);
  if (!c.unsupported.empty()) return Outcome(runtime::CrashOutcome{"unsupported: " + backends::to_string(c.unsupported[0]), 0, 0});
  if (!c.executable) return Outcome(runtime::CrashOutcome{"compile error: " + c.error, 0, 0});
  return c.executable->run(func, args, limits);
}

// A tensor of dtype t (lanes listed flat) from raw lane bit patterns / integers / doubles.
inline NDArray from_bits(DataType t, std::vector<int64_t> shape, const std::vector<uint64_t>& lanes) {
  NDArray a(t, std::move(shape));
  const int w = t.lanes;
  for (int64_t i = 0; i < a.size(); ++i) {
    Value v = Value::zeros(t);
    for (int k = 0; k < w; ++k) {
      const size_t at = static_cast<size_t>(i * w + k);
      if (at < lanes.size()) v.set_bits(k, lanes[at]);
    }
    a.set(i, v);
  }
  return a;
}
inline NDArray ints(DataType t, std::vector<int64_t> shape, const std::vector<int64_t>& data) {
  std::vector<uint64_t> bits;
  const int b = t.bits;
  for (int64_t x : data) bits.push_back(b >= 64 ? static_cast<uint64_t>(x) : static_cast<uint64_t>(x) & ((uint64_t{1} << b) - 1));
  return from_bits(t, std::move(shape), bits);
}
inline NDArray doubles(DataType t, std::vector<int64_t> shape, const std::vector<double>& data) {
  NDArray a(t, std::move(shape));
  for (size_t i = 0; i < data.size(); ++i) a.set(static_cast<int64_t>(i), Value::from_double(t, data[i]));
  return a;
}

// Flat lanes of a result buffer.
inline std::vector<uint64_t> bits_of(const NDArray& a) {
  std::vector<uint64_t> out;
  for (int64_t i = 0; i < a.size(); ++i) {
    Value v = a.get(i);
    for (int k = 0; k < v.lanes(); ++k) out.push_back(v.bits(k));
  }
  return out;
}
inline std::vector<int64_t> ints_of(const NDArray& a) {
  std::vector<int64_t> out;
  for (int64_t i = 0; i < a.size(); ++i) {
    Value v = a.get(i);
    for (int k = 0; k < v.lanes(); ++k) out.push_back(v.as_int64(k));
  }
  return out;
}
inline std::vector<double> doubles_of(const NDArray& a) {
  std::vector<double> out;
  for (int64_t i = 0; i < a.size(); ++i) {
    Value v = a.get(i);
    for (int k = 0; k < v.lanes(); ++k) out.push_back(v.as_double(k));
  }
  return out;
}

// The final contents of buffer `name` of an ok outcome (fails the test otherwise).
inline const NDArray& buffer(const Outcome& o, const std::string& name) {
  static const NDArray none;
  if (!o.is_ok()) {
    ADD_FAILURE() << "not ok: " << runtime::to_string(o);
    return none;
  }
  const NDArray* a = o.ok().find(name);
  if (!a) ADD_FAILURE() << "no buffer " << name;
  return a ? *a : none;
}

inline void expect_error(const Outcome& o, ErrorClass c, const std::string& rule = "") {
  ASSERT_EQ(o.kind(), runtime::OutcomeKind::Error) << runtime::to_string(o);
  EXPECT_EQ(o.error().error_class, c) << runtime::to_string(o);
  if (!rule.empty()) {
    EXPECT_EQ(o.error().rule, rule) << runtime::to_string(o);
  }
}

// Both configurations: every test runs at O0 and at O2.
class OnLlvm : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (!backends::make_backend(GetParam())) GTEST_SKIP() << GetParam() << " is not built in";
  }
  Outcome run(const std::string& src, std::vector<runtime::Argument> args, const std::string& func = "main",
              backends::RunLimits limits = {}) {
    return run_on(GetParam(), src, std::move(args), func, limits);
  }
};

}  // namespace tirconf::llvmtest
