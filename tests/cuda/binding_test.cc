// The host side of the CUDA backend's launches (backends/cuda/binding.h): a PrimFunc's DLTensor
// and scalar arguments checked against its params ([bind.*]) and turned into kernel argument
// words, without a GPU.
#include <gtest/gtest.h>

#include "backends/cuda/binding.h"
#include "ir/tvmscript/reader.h"
#include "runtime/ndarray.h"

namespace tirconf::backends::cuda {
namespace {

using ir::DataType;
using runtime::Argument;
using runtime::NDArray;
using runtime::Value;

struct Lowered {
  ir::IRModule module;
  CudaProgram program;
};

Lowered lower(const std::string &body) {
  auto r = ir::read_tvmscript("from tvm.script import tir as T\n\n\n" + body, "b.py");
  EXPECT_TRUE(r.ok()) << (r.diagnostics.empty() ? "" : ir::format(r.diagnostics.front()));
  return {r.module, r.module ? lower_module(r.module, {}) : CudaProgram{}};
}

// The binding error's rule, or "" when the arguments bind.
std::string rule_of(const std::variant<KernelArguments, runtime::Outcome> &r) {
  if (std::holds_alternative<KernelArguments>(r))
    return "";
  const auto &o = std::get<runtime::Outcome>(r);
  EXPECT_EQ(o.kind(), runtime::OutcomeKind::Error);
  EXPECT_EQ(o.error().error_class, runtime::ErrorClass::Binding);
  return o.error().rule;
}

const char *kSymbolic = R"(@T.prim_func
def main(a: T.handle, b: T.handle, k: T.int32):
    n = T.int32()
    A = T.match_buffer(a, (n, 4), "float32")
    B = T.match_buffer(b, (n,), "int32")
    for i in range(n):
        B[i] = T.Cast("int32", A[i, 0]) + k
)";

TEST(CudaBinding, ArgumentsBecomeKernelWords) {
  Lowered l = lower(kSymbolic);
  ASSERT_EQ(l.program.kernels.size(), 1u);
  NDArray a(DataType::Float(32), {3, 4}), b(DataType::Int(32), {3});
  std::vector<Argument> args = {&a, &b, Value::from_int64(DataType::Int(32), -5)};
  auto r = bind_arguments(l.program.kernels[0], args, "b.py");
  ASSERT_EQ(rule_of(r), "");
  const KernelArguments &k = std::get<KernelArguments>(r);
  // a, b, k, then n (bound from A's shape, checked against B's).
  ASSERT_EQ(k.words.size(), 4u);
  EXPECT_EQ(k.words[0], reinterpret_cast<uint64_t>(a.dltensor()->data));
  EXPECT_EQ(k.words[2] & 0xffffffffu, 0xfffffffbu); // int32 -5
  EXPECT_EQ(k.words[3], 3u);
  EXPECT_EQ(k.tensors, (std::vector<size_t>{0, 1}));
}

TEST(CudaBinding, EachCheckReportsItsRule) {
  Lowered l = lower(kSymbolic);
  ASSERT_EQ(l.program.kernels.size(), 1u);
  const KernelInfo &kernel = l.program.kernels[0];
  const Value k = Value::from_int64(DataType::Int(32), 1);
  NDArray a(DataType::Float(32), {3, 4}), b(DataType::Int(32), {3});
  {
    std::vector<Argument> args = {&a, &b};
    EXPECT_EQ(rule_of(bind_arguments(kernel, args, "b.py")), "bind.arity");
  }
  {
    std::vector<Argument> args = {&a, &b, Value::from_int64(DataType::Int(64), 1)};
    EXPECT_EQ(rule_of(bind_arguments(kernel, args, "b.py")), "bind.scalar_param");
  }
  {
    NDArray wrong(DataType::Float(64), {3, 4});
    std::vector<Argument> args = {&wrong, &b, k};
    EXPECT_EQ(rule_of(bind_arguments(kernel, args, "b.py")), "bind.dtype");
  }
  {
    NDArray flat(DataType::Float(32), {12});
    std::vector<Argument> args = {&flat, &b, k};
    EXPECT_EQ(rule_of(bind_arguments(kernel, args, "b.py")), "bind.ndim");
  }
  {
    NDArray narrow(DataType::Float(32), {3, 5});
    std::vector<Argument> args = {&narrow, &b, k};
    EXPECT_EQ(rule_of(bind_arguments(kernel, args, "b.py")), "bind.shape");
  }
  {
    // n is bound by A's shape first: B's extent must equal it.
    NDArray longer(DataType::Int(32), {4});
    std::vector<Argument> args = {&a, &longer, k};
    EXPECT_EQ(rule_of(bind_arguments(kernel, args, "b.py")), "bind.shape_var");
  }
  {
    NDArray strided = NDArray::strided(DataType::Float(32), {3, 4}, {8, 2}, 0);
    std::vector<Argument> args = {&strided, &b, k};
    EXPECT_EQ(rule_of(bind_arguments(kernel, args, "b.py")), "bind.strides");
  }
  {
    NDArray offset = NDArray::strided(DataType::Float(32), {3, 4}, {}, 16);
    std::vector<Argument> args = {&offset, &b, k};
    EXPECT_EQ(rule_of(bind_arguments(kernel, args, "b.py")), "bind.elem_offset");
  }
}

TEST(CudaBinding, AVarTooNarrowForTheExtentIsABindingError) {
  Lowered l = lower(R"(@T.prim_func
def main(a: T.handle):
    n = T.int8()
    A = T.match_buffer(a, (n,), "int32")
    for i in range(n):
        A[i] = 0
)");
  ASSERT_EQ(l.program.kernels.size(), 1u);
  NDArray a(DataType::Int(32), {200});
  std::vector<Argument> args = {&a};
  EXPECT_EQ(rule_of(bind_arguments(l.program.kernels[0], args, "b.py")), "bind.shape");
}

} // namespace
} // namespace tirconf::backends::cuda
