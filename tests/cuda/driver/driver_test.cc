// The launcher over the CUDA driver API (backends/cuda/driver.cc) against a stand-in driver
// (fake_driver.cc, loaded as TIRCONF_CUDA_DRIVER by CTest) that keeps the real one's rules on
// contexts, modules, memory and launches, with kernels written here in C++: programs compiled to
// real PTX by NVRTC run through the backend, the driver's answers to faults, refusals and resets
// are turned into crash outcomes of one run only, and nothing the driver would refuse is ever
// asked of it.
#include <dlfcn.h>

#include <gtest/gtest.h>

#include <array>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "backends/cuda/cuda_backend.h"
#include "backends/cuda/device.h"
#include "backends/cuda/driver.h"
#include "backends/cuda/status.h"
#include "fuzz/backend_set.h"
#include "generators/choices.h"
#include "generators/profile.h"
#include "generators/program_gen.h"
#include "ir/tvmscript/printer.h"
#include "ir/tvmscript/reader.h"
#include "runner/random_arguments.h"
#include "runtime/ndarray.h"
#include "tests/cuda/driver/fake_driver.h"
#include "tests/cuda/three_launches.h"

namespace tirconf::backends {
namespace {

using runtime::NDArray;
using runtime::Outcome;
using runtime::OutcomeKind;

constexpr int kIllegalAddress = 700; // CUDA_ERROR_ILLEGAL_ADDRESS
constexpr int kOutOfMemory = 2;      // CUDA_ERROR_OUT_OF_MEMORY

// The fake's controls, from the library the backend loaded (the same one: dlopen of a loaded
// path gives its handle).
struct Fake {
  decltype(&fake_cuda_set_kernel) set_kernel = nullptr;
  decltype(&fake_cuda_fail_next) fail_next = nullptr;
  decltype(&fake_cuda_reject_next_ptx) reject_next_ptx = nullptr;
  decltype(&fake_cuda_counters) counters = nullptr;
};

const Fake &fake() {
  static const Fake f = [] {
    Fake c;
    const char *path = std::getenv("TIRCONF_CUDA_DRIVER");
    void *lib = path ? ::dlopen(path, RTLD_NOW | RTLD_LOCAL) : nullptr;
    if (!lib)
      return c;
    c.set_kernel = reinterpret_cast<decltype(c.set_kernel)>(::dlsym(lib, "fake_cuda_set_kernel"));
    c.fail_next = reinterpret_cast<decltype(c.fail_next)>(::dlsym(lib, "fake_cuda_fail_next"));
    c.reject_next_ptx =
        reinterpret_cast<decltype(c.reject_next_ptx)>(::dlsym(lib, "fake_cuda_reject_next_ptx"));
    c.counters = reinterpret_cast<decltype(c.counters)>(::dlsym(lib, "fake_cuda_counters"));
    return c;
  }();
  return f;
}

using cuda::testing::kThreeLaunches;

struct Seen {
  std::string kernel;
  std::array<unsigned, 3> grid, block;
  std::vector<uint64_t> params;
};

bool ends_with(const std::string &s, const char *suffix) {
  const size_t n = std::strlen(suffix);
  return s.size() >= n && s.compare(s.size() - n, n, suffix) == 0;
}

// What kThreeLaunches' kernels compute, over the fake's memory (device pointers are host
// addresses there). Params: the status word, A's data, n.
struct ThreeLaunchKernels {
  std::vector<Seen> seen;
  std::string faulting; // the suffix of a kernel that faults
  static int run(void *user, const char *name, const unsigned grid[3], const unsigned block[3],
                 const uint64_t *params, size_t count) {
    auto &self = *static_cast<ThreeLaunchKernels *>(user);
    const std::string kernel = name;
    self.seen.push_back({kernel,
                         {grid[0], grid[1], grid[2]},
                         {block[0], block[1], block[2]},
                         {params, params + count}});
    if (!self.faulting.empty() && ends_with(kernel, self.faulting.c_str()))
      return kIllegalAddress;
    if (count != 3)
      return 0;
    auto *status = reinterpret_cast<cuda::StatusWord *>(params[0]);
    auto *a = reinterpret_cast<int32_t *>(params[1]);
    const auto n = static_cast<int32_t>(params[2]);
    if (ends_with(kernel, "_l0")) {
      for (int i = 0; i < 4; ++i)
        a[i] += n;
    } else if (ends_with(kernel, "_l1")) {
      if (n > 100) {
        status->returned = 1;
        status->ret = static_cast<uint32_t>(n);
      }
    } else if (ends_with(kernel, "_l2")) {
      for (int i = 0; i < 4; ++i)
        a[i] /= n; // the tests' values are positive: floordiv is C division there
    }
    return 0;
  }
};

class CudaDriver : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_TRUE(fake().counters) << "TIRCONF_CUDA_DRIVER must name the fake driver";
    const auto why = cuda::no_device_reason();
    ASSERT_FALSE(why) << *why;
    fake().set_kernel(&ThreeLaunchKernels::run, &kernels_);
    before_ = fake().counters();
  }
  void TearDown() override {
    fake().set_kernel(nullptr, nullptr);
    // Whatever a test did, it never asked the driver for what the driver refuses as misuse
    // (stale pointers or handles, copies outside an allocation, impossible launches).
    EXPECT_EQ(fake().counters().misuses, before_.misuses);
  }

  std::unique_ptr<Executable> compile(const std::string &text) {
    auto read = ir::read_tvmscript(text, "t.py");
    EXPECT_TRUE(read.ok());
    CompileOptions options;
    options.file = "t.py";
    CompileResult c = backend_->compile(read.module, options);
    EXPECT_TRUE(c.executable) << c.error;
    return std::move(c.executable);
  }

  // kThreeLaunches with A = {1, 2, 3, 4}.
  Outcome run_three(Executable &e, int32_t n, const RunLimits &limits = RunLimits{}) {
    a_ = NDArray(ir::DataType::Int(32), {4});
    for (int64_t i = 0; i < 4; ++i)
      a_.set(i, runtime::Value::from_int64(ir::DataType::Int(32), i + 1));
    std::vector<runtime::Argument> args = {&a_,
                                           runtime::Value::from_int64(ir::DataType::Int(32), n)};
    return e.run("main", args, limits);
  }
  std::vector<int64_t> a_values() const {
    std::vector<int64_t> v;
    for (int64_t i = 0; i < 4; ++i)
      v.push_back(a_.get(i).as_int64());
    return v;
  }

  std::unique_ptr<Backend> backend_ = make_cuda_backend();
  ThreeLaunchKernels kernels_;
  FakeCudaCounters before_;
  NDArray a_{ir::DataType::Int(32), {4}};
};

TEST_F(CudaDriver, TheContextGetsTheLargestStackTheDriverGives) {
  EXPECT_FALSE(backend_->unavailable());
  // CTest's FAKE_CUDA_MAX_STACK is 16 KiB: 64 KiB is refused, 16 KiB taken.
  EXPECT_EQ(fake().counters().stack_bytes, 16u << 10);
}

TEST_F(CudaDriver, AnEntryRunsItsLaunchesInOrderWithEachParamAtItsSize) {
  auto e = compile(kThreeLaunches);
  ASSERT_TRUE(e);
  for (int round = 0; round < 2; ++round) {
    kernels_.seen.clear();
    Outcome o = run_three(*e, 3);
    ASSERT_TRUE(o.is_ok()) << runtime::to_string(o);
    EXPECT_EQ(a_values(), (std::vector<int64_t>{1, 1, 2, 2})); // floordiv({4, 5, 6, 7}, 3)
    EXPECT_FALSE(o.ok().ret);
    ASSERT_EQ(kernels_.seen.size(), 3u);
    const char *suffixes[] = {"_l0", "_l1", "_l2"};
    const std::array<unsigned, 3> blocks[] = {{4, 1, 1}, {1, 1, 1}, {4, 1, 1}};
    for (size_t k = 0; k < 3; ++k) {
      const Seen &s = kernels_.seen[k];
      EXPECT_TRUE(ends_with(s.kernel, suffixes[k])) << s.kernel;
      EXPECT_EQ(s.block, blocks[k]) << s.kernel;
      EXPECT_EQ(s.grid, (std::array<unsigned, 3>{1, 1, 1})) << s.kernel;
      ASSERT_EQ(s.params.size(), 3u) << s.kernel;
      EXPECT_EQ(s.params[2], 3u) << "n, an int32 param, read at 4 bytes";
    }
  }
  const FakeCudaCounters after = fake().counters();
  EXPECT_LE(after.module_loads - before_.module_loads, 1) << "loaded once, kept";
  EXPECT_EQ(after.launches - before_.launches, 6);
  EXPECT_EQ(after.live_allocations, 0) << "every run frees what it allocated";
  EXPECT_EQ(after.heap_bytes, RunLimits{}.memory_limit);
}

TEST_F(CudaDriver, AReturnEndsTheRunBeforeTheLaterLaunches) {
  auto e = compile(kThreeLaunches);
  ASSERT_TRUE(e);
  Outcome o = run_three(*e, 101);
  ASSERT_TRUE(o.is_ok()) << runtime::to_string(o);
  ASSERT_TRUE(o.ok().ret);
  EXPECT_EQ(o.ok().ret->as_int64(), 101);
  EXPECT_EQ(a_values(), (std::vector<int64_t>{102, 103, 104, 105}));
  EXPECT_EQ(kernels_.seen.size(), 2u);
}

TEST_F(CudaDriver, AKernelFaultIsACrashOfItsRunAndTheNextRunHasAFreshContext) {
  auto e = compile(kThreeLaunches);
  ASSERT_TRUE(e);
  kernels_.faulting = "_l2";
  Outcome crash = run_three(*e, 3);
  ASSERT_EQ(crash.kind(), OutcomeKind::Crash) << runtime::to_string(crash);
  const std::string message = runtime::to_string(crash);
  EXPECT_NE(message.find("launch 3 of 3"), std::string::npos) << message;
  EXPECT_NE(message.find("CUDA_ERROR_ILLEGAL_ADDRESS"), std::string::npos) << message;
  FakeCudaCounters after = fake().counters();
  EXPECT_EQ(after.resets - before_.resets, 1);
  EXPECT_EQ(after.activations - before_.activations, 1) << "retained again after the reset";

  kernels_.faulting.clear();
  for (int round = 0; round < 2; ++round) {
    Outcome o = run_three(*e, 3);
    ASSERT_TRUE(o.is_ok()) << "run " << round << " after the fault: " << runtime::to_string(o);
    EXPECT_EQ(a_values(), (std::vector<int64_t>{1, 1, 2, 2}));
  }
  after = fake().counters();
  EXPECT_EQ(after.resets - before_.resets, 1) << "the context is healthy again";
  EXPECT_EQ(after.stack_bytes, 16u << 10) << "the fresh context is configured as the first";
  EXPECT_EQ(after.live_allocations, 0);
}

TEST_F(CudaDriver, AHeapLimitChangedAfterAKernelRanIsSetOnAFreshContext) {
  auto e = compile(kThreeLaunches);
  ASSERT_TRUE(e);
  ASSERT_TRUE(run_three(*e, 3).is_ok());
  RunLimits small;
  small.memory_limit = 1 << 20;
  Outcome o = run_three(*e, 3, small);
  ASSERT_TRUE(o.is_ok()) << runtime::to_string(o);
  EXPECT_EQ(a_values(), (std::vector<int64_t>{1, 1, 2, 2}));
  FakeCudaCounters after = fake().counters();
  EXPECT_EQ(after.heap_bytes, 1u << 20);
  EXPECT_EQ(after.resets - before_.resets, 1);
  ASSERT_TRUE(run_three(*e, 3).is_ok());
  EXPECT_EQ(fake().counters().heap_bytes, RunLimits{}.memory_limit);
}

TEST_F(CudaDriver, ThePtxJitsRefusalIsACrashWithItsLog) {
  // A program of its own, so that its module is not loaded yet.
  std::string text = kThreeLaunches;
  text.replace(text.find("n > 100"), 7, "n > 99");
  auto e = compile(text);
  ASSERT_TRUE(e);
  fake().reject_next_ptx("ptxas fatal   : fake refusal");
  Outcome o = run_three(*e, 3);
  ASSERT_EQ(o.kind(), OutcomeKind::Crash) << runtime::to_string(o);
  const std::string message = runtime::to_string(o);
  EXPECT_NE(message.find("the PTX JIT: ptxas fatal   : fake refusal"), std::string::npos)
      << message;
  EXPECT_NE(message.find("CUDA_ERROR_INVALID_PTX"), std::string::npos) << message;
  EXPECT_TRUE(run_three(*e, 3).is_ok());
}

TEST_F(CudaDriver, MemoryTheDeviceCannotGiveIsACrashOfThatRunOnly) {
  auto e = compile(kThreeLaunches);
  ASSERT_TRUE(e);
  fake().fail_next("cuMemAlloc", kOutOfMemory);
  Outcome o = run_three(*e, 3);
  ASSERT_EQ(o.kind(), OutcomeKind::Crash) << runtime::to_string(o);
  const std::string message = runtime::to_string(o);
  EXPECT_NE(message.find("preparing the run: cuMemAlloc: CUDA_ERROR_OUT_OF_MEMORY"),
            std::string::npos)
      << message;
  Outcome after = run_three(*e, 3);
  ASSERT_TRUE(after.is_ok()) << runtime::to_string(after);
  EXPECT_EQ(a_values(), (std::vector<int64_t>{1, 1, 2, 2}));
  EXPECT_EQ(fake().counters().live_allocations, 0);
}

// A module of one kernel `k` taking one word; `tag` makes its text distinct.
std::string tiny_ptx(int tag) {
  return ".version 8.0\n.target sm_80\n.address_size 64\n\n.visible .entry k(\n"
         "\t.param .u64 k_param_0\n)\n{\n\tret;\n}\n// module " +
         std::to_string(tag) + "\n";
}

TEST_F(CudaDriver, TheThirtyTwoModulesUsedLastStayLoaded) {
  cuda::Device *device = cuda::driver_device();
  ASSERT_TRUE(device);
  cuda::Launch launch;
  launch.kernel = "k";
  std::array<uint64_t, 1> words = {42};
  auto run = [&](int tag) { device->launch(tiny_ptx(tag), launch, words); };
  for (int tag = 1000; tag < 1032; ++tag) // whatever earlier tests loaded goes
    run(tag);
  const int loads = fake().counters().module_loads;
  const int unloads = fake().counters().module_unloads;
  auto loaded_since = [&] { return fake().counters().module_loads - loads; };
  for (int tag = 0; tag < 32; ++tag)
    run(tag);
  EXPECT_EQ(loaded_since(), 32);
  EXPECT_EQ(fake().counters().module_unloads - unloads, 32);
  run(0); // used again: it becomes the most recent
  EXPECT_EQ(loaded_since(), 32);
  run(32); // evicts the least recently used, module 1
  EXPECT_EQ(loaded_since(), 33);
  run(0);
  EXPECT_EQ(loaded_since(), 33);
  run(1);
  EXPECT_EQ(loaded_since(), 34);
  EXPECT_EQ(fake().counters().live_modules, 32);
  EXPECT_EQ(kernels_.seen.back().params, std::vector<uint64_t>{42});
}

// Every launch of generated GPU programs is one the driver accepts: dimensions within the
// hardware's limits, one parameter per PTX parameter. The kernels do nothing here, so only that
// no run crashes is checked; what they compute is checked on a GPU (scripts/gpu-check.sh).
TEST_F(CudaDriver, GeneratedGpuProgramsLaunchAsTheDriverAllows) {
  const gen::ProfileResult gpu = gen::load_profile("gpu");
  ASSERT_TRUE(gpu.profile);
  const gen::Profile profile = fuzz::narrow(*gpu.profile, backend_->capabilities());
  int ran = 0;
  for (int i = 0; i < 60; ++i) {
    gen::GeneratedProgram g = gen::generate_program(gen::derive_seed(31, i), profile);
    auto read = ir::read_tvmscript(ir::print_tvmscript(g.module, {}), "gen.py");
    ASSERT_TRUE(read.ok());
    CompileOptions options;
    options.entries = {g.entry};
    CompileResult c = backend_->compile(read.module, options);
    if (!c.executable)
      continue; // declared unsupported: the compile-only tests count those
    runner::SplitMix64 rng(static_cast<uint64_t>(i));
    auto call = runner::random_arguments(*read.module->lookup(g.entry), rng);
    ASSERT_TRUE(call.call) << call.reason;
    Outcome o = c.executable->run(g.entry, call.call->args, RunLimits{});
    EXPECT_NE(o.kind(), OutcomeKind::Crash) << "program " << i << ": " << runtime::to_string(o);
    ++ran;
  }
  EXPECT_GT(ran, 40);
  EXPECT_EQ(fake().counters().live_allocations, 0);
}

} // namespace
} // namespace tirconf::backends
