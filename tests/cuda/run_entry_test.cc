// The host side of a CUDA run (backends/cuda/run_entry.h) on a device made of host memory whose
// kernels are C++ functions standing for what the generated ones do: the order of an entry's
// launches, the argument words and tensor copies, the status word both ways, stopping at a
// failure or a tir.ret, device faults as crashes, and no device memory left behind.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <map>

#include "backends/cuda/run_entry.h"
#include "ir/tvmscript/reader.h"
#include "runtime/ndarray.h"
#include "tests/cuda/three_launches.h"

namespace tirconf::backends::cuda {
namespace {

using ir::DataType;
using runtime::Argument;
using runtime::NDArray;
using runtime::OutcomeKind;
using runtime::Value;

class FakeDevice final : public Device {
public:
  using Kernel = std::function<void(FakeDevice &, std::span<uint64_t> words)>;
  std::map<std::string, Kernel> kernels;
  std::vector<Launch> launched;
  std::string faulting_kernel; // its launch throws, as a kernel fault does
  uint64_t heap_bytes = 0;

  void set_heap_bytes(uint64_t bytes) override { heap_bytes = bytes; }
  DevicePtr alloc(size_t bytes) override {
    const DevicePtr p = next_;
    next_ += (bytes + 255) / 256 * 256 + 256; // a gap, so that an overrun is caught
    blocks_[p].resize(bytes);
    return p;
  }
  void free(DevicePtr p) noexcept override { blocks_.erase(p); }
  void to_device(DevicePtr dst, const void *src, size_t n) override {
    std::memcpy(at(dst, n), src, n);
  }
  void to_host(void *dst, DevicePtr src, size_t n) override { std::memcpy(dst, at(src, n), n); }
  void launch(const std::string &ptx, const Launch &l, std::span<uint64_t> words) override {
    EXPECT_EQ(ptx, "PTX");
    launched.push_back(l);
    if (l.kernel == faulting_kernel)
      throw DeviceError("cuCtxSynchronize after the kernel: CUDA_ERROR_ILLEGAL_ADDRESS");
    kernels.at(l.kernel)(*this, words);
  }

  size_t live_allocations() const { return blocks_.size(); }
  std::byte *at(DevicePtr p, size_t n) {
    auto it = blocks_.upper_bound(p);
    if (it == blocks_.begin())
      throw std::out_of_range("no allocation there");
    --it;
    if (p + n > it->first + it->second.size())
      throw std::out_of_range("past the end of an allocation");
    return it->second.data() + (p - it->first);
  }
  StatusWord status(std::span<uint64_t> words) {
    StatusWord w;
    std::memcpy(&w, at(words[0], sizeof w), sizeof w);
    return w;
  }
  void set_status(std::span<uint64_t> words, const StatusWord &w) {
    std::memcpy(at(words[0], sizeof w), &w, sizeof w);
  }
  int32_t load(DevicePtr base, int64_t i) {
    int32_t v;
    std::memcpy(&v, at(base + 4 * static_cast<uint64_t>(i), 4), 4);
    return v;
  }
  void store(DevicePtr base, int64_t i, int32_t v) {
    std::memcpy(at(base + 4 * static_cast<uint64_t>(i), 4), &v, 4);
  }

private:
  std::map<DevicePtr, std::vector<std::byte>> blocks_;
  DevicePtr next_ = 0x7000'0000;
};

using testing::kThreeLaunches;

struct Fixture {
  ir::IRModule module;
  CudaProgram program;
  const KernelInfo *kernel = nullptr;
  FakeDevice device;
  NDArray a{DataType::Int(32), {4}};
  std::vector<StatusWord> seen; // the status word each launch found

  explicit Fixture(const char *text = kThreeLaunches) {
    auto r = ir::read_tvmscript(text, "r.py");
    EXPECT_TRUE(r.ok()) << (r.diagnostics.empty() ? "" : ir::format(r.diagnostics.front()));
    module = r.module;
    program = lower_module(module, {});
    kernel = &program.kernels.at(0);
    for (int64_t i = 0; i < 4; ++i)
      a.set(i, Value::from_int64(DataType::Int(32), i + 1));
  }
  const std::string &name(size_t k) const { return kernel->launches.at(k).kernel; }
  // words: the status word, A's data, n's bits.
  static int32_t n_of(std::span<uint64_t> w) { return static_cast<int32_t>(w[2]); }
  // What the generated kernels of kThreeLaunches compute, written over the fake device.
  void program_the_kernels() {
    device.kernels[name(0)] = [this](FakeDevice &d, std::span<uint64_t> w) {
      seen.push_back(d.status(w));
      for (int64_t i = 0; i < 4; ++i)
        d.store(w[1], i, d.load(w[1], i) + n_of(w));
    };
    device.kernels[name(1)] = [this](FakeDevice &d, std::span<uint64_t> w) {
      seen.push_back(d.status(w));
      if (n_of(w) > 100) {
        StatusWord s = d.status(w);
        s.returned = 1;
        s.ret = static_cast<uint32_t>(n_of(w));
        d.set_status(w, s);
      }
    };
    device.kernels[name(2)] = [this](FakeDevice &d, std::span<uint64_t> w) {
      seen.push_back(d.status(w));
      if (n_of(w) == 0) {
        StatusWord s = d.status(w);
        s.site = division_site();
        d.set_status(w, s);
        return;
      }
      for (int64_t i = 0; i < 4; ++i)
        d.store(w[1], i, d.load(w[1], i) / n_of(w)); // positive operands: floor is truncation
    };
  }
  int32_t division_site() const {
    for (size_t i = 0; i < program.sites.size(); ++i)
      if (program.sites[i].error_class == runtime::ErrorClass::DivideByZero)
        return static_cast<int32_t>(i);
    ADD_FAILURE() << "no divide-by-zero site";
    return 0;
  }
  runtime::Outcome run(int32_t n, const RunLimits &limits = {}) {
    std::vector<Argument> args = {&a, Value::from_int64(DataType::Int(32), n)};
    return run_entry(device, "PTX", program, *kernel, args, limits, "r.py");
  }
  std::vector<std::string> launched_names() const {
    std::vector<std::string> names;
    for (const Launch &l : device.launched)
      names.push_back(l.kernel);
    return names;
  }
};

std::vector<int64_t> contents(const NDArray &a) {
  std::vector<int64_t> v;
  for (int64_t i = 0; i < a.size(); ++i)
    v.push_back(a.get(i).as_int64());
  return v;
}

TEST(CudaRunEntry, TheEntryIsThreeLaunches) {
  Fixture f;
  ASSERT_EQ(f.kernel->launches.size(), 3u);
  EXPECT_EQ(f.kernel->launches[0].block, (std::array<int64_t, 3>{4, 1, 1}));
  EXPECT_EQ(f.kernel->launches[1].block, (std::array<int64_t, 3>{1, 1, 1}));
}

TEST(CudaRunEntry, LaunchesRunInOrderAndTheTensorsComeBack) {
  Fixture f;
  f.program_the_kernels();
  RunLimits limits;
  limits.step_limit = 1234;
  limits.call_depth_limit = 7;
  limits.memory_limit = 1 << 20;
  const runtime::Outcome o = f.run(2, limits);
  ASSERT_EQ(o.kind(), OutcomeKind::Ok) << o.rule();
  EXPECT_EQ(f.launched_names(), (std::vector<std::string>{f.name(0), f.name(1), f.name(2)}));
  // A = [1, 2, 3, 4]; + 2; // 2.
  EXPECT_EQ(contents(f.a), (std::vector<int64_t>{1, 2, 2, 3}));
  ASSERT_EQ(o.ok().buffers.size(), 1u);
  EXPECT_EQ(o.ok().buffers[0].name, "A");
  EXPECT_EQ(contents(o.ok().buffers[0].array), (std::vector<int64_t>{1, 2, 2, 3}));
  EXPECT_FALSE(o.ok().ret.has_value()); // fell off the end: Void
  // Every launch found the limits and no failure in the status word.
  ASSERT_EQ(f.seen.size(), 3u);
  for (const StatusWord &w : f.seen) {
    EXPECT_EQ(w.site, kNoFailure);
    EXPECT_EQ(w.returned, 0);
    EXPECT_EQ(w.step_limit, 1234u);
    EXPECT_EQ(w.depth_limit, 7);
  }
  EXPECT_EQ(f.device.heap_bytes, uint64_t{1} << 20);
  EXPECT_EQ(f.device.live_allocations(), 0u);
}

TEST(CudaRunEntry, ARetEndsTheRunWithItsValue) {
  Fixture f;
  f.program_the_kernels();
  const runtime::Outcome o = f.run(101);
  ASSERT_EQ(o.kind(), OutcomeKind::Ok);
  EXPECT_EQ(f.launched_names(), (std::vector<std::string>{f.name(0), f.name(1)}));
  ASSERT_TRUE(o.ok().ret.has_value());
  EXPECT_EQ(o.ok().ret->dtype(), DataType::Int(32));
  EXPECT_EQ(o.ok().ret->as_int64(), 101);
  // What ran before the ret is in the results.
  EXPECT_EQ(contents(f.a), (std::vector<int64_t>{102, 103, 104, 105}));
  EXPECT_EQ(f.device.live_allocations(), 0u);
}

TEST(CudaRunEntry, AFailureEndsTheRunAsItsSiteSays) {
  Fixture f;
  f.program_the_kernels();
  const runtime::Outcome o = f.run(0);
  ASSERT_EQ(o.kind(), OutcomeKind::Error);
  EXPECT_EQ(o.error().error_class, runtime::ErrorClass::DivideByZero);
  EXPECT_EQ(o.error().rule, f.program.sites[static_cast<size_t>(f.division_site())].rule);
  EXPECT_EQ(o.error().where.file, "r.py");
  EXPECT_EQ(o.error().where.loc.line, 11); // the floordiv's line
  EXPECT_EQ(f.device.live_allocations(), 0u);

  // A failure in the first launch: the others never run.
  Fixture g;
  g.program_the_kernels();
  g.device.kernels[g.name(0)] = [&g](FakeDevice &d, std::span<uint64_t> w) {
    StatusWord s = d.status(w);
    s.site = g.division_site();
    d.set_status(w, s);
  };
  EXPECT_EQ(g.run(5).kind(), OutcomeKind::Error);
  EXPECT_EQ(g.launched_names(), (std::vector<std::string>{g.name(0)}));
}

TEST(CudaRunEntry, ADeviceFaultIsACrashNamingTheLaunch) {
  Fixture f;
  f.program_the_kernels();
  f.device.faulting_kernel = f.name(2);
  const runtime::Outcome o = f.run(2);
  ASSERT_EQ(o.kind(), OutcomeKind::Crash);
  EXPECT_NE(o.crash().detail.find("launch 3 of 3 (" + f.name(2) + ")"), std::string::npos)
      << o.crash().detail;
  EXPECT_NE(o.crash().detail.find("CUDA_ERROR_ILLEGAL_ADDRESS"), std::string::npos);
  EXPECT_EQ(f.device.live_allocations(), 0u);
}

TEST(CudaRunEntry, ABindingErrorTouchesNoDevice) {
  Fixture f;
  f.program_the_kernels();
  NDArray wrong(DataType::Int(32), {5});
  std::vector<Argument> args = {&wrong, Value::from_int64(DataType::Int(32), 1)};
  const runtime::Outcome o = run_entry(f.device, "PTX", f.program, *f.kernel, args, {}, "r.py");
  ASSERT_EQ(o.kind(), OutcomeKind::Error);
  EXPECT_EQ(o.error().error_class, runtime::ErrorClass::Binding);
  EXPECT_EQ(o.error().rule, "bind.shape");
  EXPECT_TRUE(f.device.launched.empty());
  EXPECT_EQ(f.device.heap_bytes, 0u);
}

TEST(CudaRunEntry, ATensorPassedTwiceIsOneDeviceCopy) {
  Fixture f(R"(from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in T.thread_binding(4, thread="threadIdx.x"):
        B[i] = A[i] + 1
)");
  ASSERT_EQ(f.kernel->launches.size(), 1u);
  f.device.kernels[f.name(0)] = [](FakeDevice &d, std::span<uint64_t> w) {
    EXPECT_EQ(w[1], w[2]); // A and B: one copy, so a write through B is seen through A
    for (int64_t i = 0; i < 4; ++i)
      d.store(w[2], i, d.load(w[1], i) + 1);
  };
  std::vector<Argument> args = {&f.a, &f.a};
  const runtime::Outcome o = run_entry(f.device, "PTX", f.program, *f.kernel, args, {}, "r.py");
  ASSERT_EQ(o.kind(), OutcomeKind::Ok);
  EXPECT_EQ(contents(f.a), (std::vector<int64_t>{2, 3, 4, 5}));
  EXPECT_EQ(f.device.live_allocations(), 0u);
}

} // namespace
} // namespace tirconf::backends::cuda
