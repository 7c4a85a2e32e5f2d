// `cuda-host` (backends/cuda/host_emulation.h): the generated CUDA C++ run on the CPU under the
// model of the execution model. Expected values are worked out in each test from what the
// program says; the model's parts each have a test: blocks and threads with their indices and
// dimensions, barriers that order a block's shared-memory writes before its reads, a thread that
// fails and leaves the barrier to the others, launches in order with the status word between.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "backends/cuda/cuda_backend.h"
#include "ir/tvmscript/reader.h"
#include "runtime/ndarray.h"
#include "tests/cuda/three_launches.h"

namespace tirconf::backends {
namespace {

using ir::DataType;
using runtime::NDArray;
using runtime::Outcome;
using runtime::Value;

class CudaHost : public ::testing::Test {
protected:
  void SetUp() override {
    if (auto why = backend_->unavailable())
      GTEST_SKIP() << "skipped: " << *why;
  }

  Outcome run(const std::string &body, std::vector<runtime::Argument> args) {
    const std::string text = "from tvm.script import tir as T\n\n\n" + body;
    auto read = ir::read_tvmscript(text, "host.py");
    EXPECT_TRUE(read.ok()) << (read.diagnostics.empty() ? "" : ir::format(read.diagnostics[0]));
    CompileOptions options;
    options.file = "host.py";
    CompileResult c = backend_->compile(read.module, options);
    EXPECT_TRUE(c.unsupported.empty()) << c.unsupported.front().construct;
    EXPECT_TRUE(c.executable) << c.error;
    if (!c.executable)
      return Outcome(runtime::CrashOutcome{"not compiled: " + c.error, 0, 0});
    return c.executable->run("main", args, RunLimits{});
  }

  static NDArray ints(std::vector<int64_t> shape, const std::vector<int64_t> &values = {}) {
    NDArray a(DataType::Int(32), std::move(shape));
    for (size_t i = 0; i < values.size(); ++i)
      a.set(static_cast<int64_t>(i), Value::from_int64(DataType::Int(32), values[i]));
    return a;
  }
  static std::vector<int64_t> values(const NDArray &a) {
    std::vector<int64_t> v;
    for (int64_t i = 0; i < a.size(); ++i)
      v.push_back(a.get(i).as_int64());
    return v;
  }

  std::unique_ptr<Backend> backend_ = make_cuda_host_backend();
};

TEST_F(CudaHost, EachThreadSeesItsIndicesAndTheLaunchsDimensions) {
  NDArray out = ints({3, 2, 4});
  Outcome o = run(R"(@T.prim_func
def main(B: T.Buffer((3, 2, 4), "int32")):
    for by in T.thread_binding(3, thread="blockIdx.y"):
        for ty in T.thread_binding(2, thread="threadIdx.y"):
            for tx in T.thread_binding(4, thread="threadIdx.x"):
                B[by, ty, tx] = by * 100 + ty * 10 + tx
)",
                  {&out});
  ASSERT_TRUE(o.is_ok()) << runtime::to_string(o);
  std::vector<int64_t> expected;
  for (int by = 0; by < 3; ++by)
    for (int ty = 0; ty < 2; ++ty)
      for (int tx = 0; tx < 4; ++tx)
        expected.push_back(by * 100 + ty * 10 + tx);
  EXPECT_EQ(values(out), expected);
}

TEST_F(CudaHost, ABarrierOrdersABlocksSharedWritesBeforeItsReads) {
  // Two blocks of eight threads, each reversing its half of A through shared memory: thread tx
  // reads what thread 7 - tx wrote, after the barrier.
  std::vector<int64_t> a_values;
  for (int i = 0; i < 16; ++i)
    a_values.push_back(i * 3 + 1);
  NDArray a = ints({16}, a_values);
  NDArray b = ints({16});
  Outcome o = run(R"(@T.prim_func
def main(A: T.Buffer((16,), "int32"), B: T.Buffer((16,), "int32")):
    for bx in T.thread_binding(2, thread="blockIdx.x"):
        S = T.decl_buffer((8,), "int32", scope="shared")
        for tx in T.thread_binding(8, thread="threadIdx.x"):
            S[tx] = A[bx * 8 + tx] + bx
            T.tvm_storage_sync("shared")
            B[bx * 8 + tx] = S[7 - tx]
)",
                  {&a, &b});
  ASSERT_TRUE(o.is_ok()) << runtime::to_string(o);
  std::vector<int64_t> expected;
  for (int bx = 0; bx < 2; ++bx)
    for (int tx = 0; tx < 8; ++tx)
      expected.push_back(a_values[static_cast<size_t>(bx * 8 + 7 - tx)] + bx);
  EXPECT_EQ(values(b), expected);
}

TEST_F(CudaHost, AThreadThatFailsLeavesTheBarrierToTheOthers) {
  // Thread 5 divides by zero before the barrier and ends; the other seven meet there and go on.
  NDArray a = ints({8}, {8, 8, 8, 8, 8, 8, 8, 8});
  NDArray d = ints({8}, {1, 2, 4, 8, 1, 0, 2, 4});
  NDArray b = ints({8});
  Outcome o = run(R"(@T.prim_func
def main(A: T.Buffer((8,), "int32"), D: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
    S = T.decl_buffer((8,), "int32", scope="shared")
    for tx in T.thread_binding(8, thread="threadIdx.x"):
        S[tx] = T.floordiv(A[tx], D[tx])
        T.tvm_storage_sync("shared")
        B[tx] = S[tx]
)",
                  {&a, &d, &b});
  ASSERT_EQ(o.kind(), runtime::OutcomeKind::Error) << runtime::to_string(o);
  EXPECT_EQ(o.error().error_class, runtime::ErrorClass::DivideByZero) << runtime::to_string(o);
}

TEST_F(CudaHost, AnEntrysLaunchesRunInOrderAndStopAtAReturnOrAFailure) {
  auto run_with = [&](int32_t n, NDArray &a) {
    a = ints({4}, {1, 2, 3, 4});
    // kThreeLaunches starts with its own import line: drop it, run() adds one.
    std::string body = backends::cuda::testing::kThreeLaunches;
    body = body.substr(body.find("@T.prim_func"));
    return run(body, {&a, Value::from_int64(DataType::Int(32), n)});
  };
  NDArray a = ints({4});
  Outcome ok = run_with(3, a);
  ASSERT_TRUE(ok.is_ok()) << runtime::to_string(ok);
  EXPECT_EQ(values(a), (std::vector<int64_t>{1, 1, 2, 2})); // floordiv({4, 5, 6, 7}, 3)

  Outcome returned = run_with(101, a);
  ASSERT_TRUE(returned.is_ok()) << runtime::to_string(returned);
  ASSERT_TRUE(returned.ok().ret);
  EXPECT_EQ(returned.ok().ret->as_int64(), 101);
  EXPECT_EQ(values(a), (std::vector<int64_t>{102, 103, 104, 105})); // the third never ran

  Outcome failed = run_with(0, a);
  ASSERT_EQ(failed.kind(), runtime::OutcomeKind::Error) << runtime::to_string(failed);
  EXPECT_EQ(failed.error().error_class, runtime::ErrorClass::DivideByZero);
}

} // namespace
} // namespace tirconf::backends
