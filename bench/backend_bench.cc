// The LLVM backend side by side with the oracle: compile time per generated program at
// O0 and O2 (by phase), execution time of the reference interpreter's bench kernels on the
// oracle, llvm-O2 and, where a GPU is, cuda (their ratios are the speed-ups), and end-to-end
// differential throughput: what `tirconf diff --jobs 1` does per program (generate, print, read,
// oracle, llvm-O0 and llvm-O2 in a worker process, compiled one by one or in batches, compare).
// Rates are per wall second where a worker process or the oracle's thread does the work
// (UseRealTime).
#include <benchmark/benchmark.h>

#include <sys/resource.h>

#include <map>

#include "backends/registry.h"
#include "backends/worker.h"
#include "bench/kernels.h"
#include "generators/choices.h"
#include "generators/profile.h"
#include "generators/program_gen.h"
#include "ir/tvmscript/printer.h"
#include "ir/tvmscript/reader.h"
#include "oracle/eval/interpreter.h"
#include "runner/arguments.h"
#include "tools/gen_check.h"

namespace {

using namespace tirconf;
using runtime::NDArray;

constexpr int kPrograms = 64; // generated programs per compile benchmark, reused cyclically

struct Program {
  std::string text;
  ir::IRModule module;
  std::string entry;
  std::vector<runner::Arg> args;
};

Program make_program(uint64_t i) {
  gen::GeneratedProgram g =
      gen::generate_program(gen::derive_seed(1, i), gen::Profile::default_profile());
  Program p;
  ir::PrintOptions po;
  po.import_comments = false;
  p.text = ir::print_tvmscript(g.module, po);
  p.module = ir::read_tvmscript(p.text, "bench.py").module;
  p.entry = g.entry;
  p.args = tools::runner_args(g);
  return p;
}

const std::vector<Program> &programs() {
  static const std::vector<Program> ps = [] {
    std::vector<Program> v;
    for (int i = 0; i < kPrograms; ++i)
      v.push_back(make_program(static_cast<uint64_t>(i)));
    return v;
  }();
  return ps;
}

// ---------------------------------------------------------------- compile time

void compile(benchmark::State &state, const char *backend) {
  auto b = backends::make_backend(backend);
  if (!b)
    return state.SkipWithError("backend not built in");
  std::map<std::string, double> phases;
  size_t i = 0;
  for (auto _ : state) {
    const Program &p = programs()[i++ % programs().size()];
    backends::CompileOptions options;
    options.entries = {p.entry};
    auto r = b->compile(p.module, options);
    if (!r.executable)
      return state.SkipWithError(("compile failed: " + r.error).c_str());
    for (const auto &[name, s] : r.phases)
      phases[name] += s;
  }
  for (const auto &[name, s] : phases)
    state.counters[name + "_ms"] = 1000.0 * s / static_cast<double>(state.iterations());
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
void BM_CompileGeneratedO0(benchmark::State &s) {
  compile(s, "llvm-O0");
}
void BM_CompileGeneratedO2(benchmark::State &s) {
  compile(s, "llvm-O2");
}
BENCHMARK(BM_CompileGeneratedO0)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CompileGeneratedO2)->Unit(benchmark::kMillisecond);

// The same programs compiled 16 at a time (compile_batch, as `tirconf diff --batch 16` does); the
// time is per program.
void compile_batch(benchmark::State &state, const char *backend) {
  auto b = backends::make_backend(backend);
  if (!b)
    return state.SkipWithError("backend not built in");
  constexpr size_t kBatch = 16;
  std::map<std::string, double> phases;
  size_t i = 0;
  for (auto _ : state) {
    std::vector<ir::IRModule> modules;
    std::vector<backends::CompileOptions> options(kBatch);
    for (size_t k = 0; k < kBatch; ++k) {
      const Program &p = programs()[i++ % programs().size()];
      modules.push_back(p.module);
      options[k].entries = {p.entry};
    }
    auto rs = b->compile_batch(modules, options);
    for (const auto &r : rs) {
      if (!r.executable)
        return state.SkipWithError(("compile failed: " + r.error).c_str());
      for (const auto &[name, s] : r.phases)
        phases[name] += s;
    }
  }
  const double n = static_cast<double>(state.iterations() * kBatch);
  for (const auto &[name, s] : phases)
    state.counters[name + "_ms"] = 1000.0 * s / n;
  // CPU milliseconds per program: the inverse of (programs / 1000) per CPU second.
  state.counters["cpu_ms/program"] = benchmark::Counter(
      kBatch / 1000.0, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.SetItemsProcessed(static_cast<int64_t>(n));
}
// The fixed cost per program: copies of a one-statement program compiled together.
void BM_CompileBatchTrivialO2(benchmark::State &state) {
  auto b = backends::make_backend("llvm-O2");
  if (!b)
    return state.SkipWithError("backend not built in");
  auto m = ir::read_tvmscript("from tvm.script import tir as T\n\n@T.prim_func\n"
                              "def main(A: T.Buffer((4,), \"float32\")):\n"
                              "    A[0] = A[1] + T.float32(1.0)\n",
                              "bench.py")
               .module;
  const size_t n = static_cast<size_t>(state.range(0));
  std::vector<ir::IRModule> modules(n, m);
  std::vector<backends::CompileOptions> options(n);
  for (auto _ : state)
    if (!b->compile_batch(modules, options)[0].executable)
      return state.SkipWithError("compile failed");
  state.counters["cpu_ms/program"] = benchmark::Counter(
      static_cast<double>(n) / 1000.0,
      benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_CompileBatchTrivialO2)->Arg(1)->Arg(16)->Arg(64)->Unit(benchmark::kMillisecond);
void BM_CompileBatch16O0(benchmark::State &s) {
  compile_batch(s, "llvm-O0");
}
void BM_CompileBatch16O2(benchmark::State &s) {
  compile_batch(s, "llvm-O2");
}
BENCHMARK(BM_CompileBatch16O0)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CompileBatch16O2)->Unit(benchmark::kMillisecond);
// Exactly the 64 programs once, 16 at a time: for instruction counts under callgrind, e.g.
//   valgrind --tool=callgrind --toggle-collect='*compile_batch*' tirconf_bench
//   --benchmark_filter=All64O2
BENCHMARK(BM_CompileBatch16O2)
    ->Name("BM_CompileAll64O2")
    ->Iterations(kPrograms / 16)
    ->Unit(benchmark::kMillisecond);

// ---------------------------------------------------------------- kernels: backends vs oracle

// Runs `text` on the oracle or on a backend's executable (compiled once, outside the timing; a
// run includes what the backend's run() does around the code, for cuda the copies to and from
// the device); tensors of dtype t with the given shapes, filled with small values.
void kernel(benchmark::State &state, const std::string &text, const char *dtype,
            std::vector<std::vector<int64_t>> shapes, double work, const char *unit,
            const std::string &backend) {
  auto m = ir::read_tvmscript(text, "bench.py").module;
  if (!m)
    return state.SkipWithError("program does not read");
  auto t = *ir::parse_dtype(dtype);
  std::vector<NDArray> arrays;
  for (const auto &s : shapes) {
    NDArray a(t, s);
    for (int64_t i = 0; i < a.size(); ++i)
      a.set(i, t.is_floating() ? runtime::Value::from_double(t, double(i % 7))
                               : runtime::Value::from_int64(t, i % 7 - 3));
    arrays.push_back(std::move(a));
  }
  const bool on_oracle = backend == "oracle";
  std::unique_ptr<backends::Backend> b;
  std::unique_ptr<backends::Executable> exe;
  if (!on_oracle) {
    b = backends::make_backend(backend);
    if (!b)
      return state.SkipWithError((backend + " not built in").c_str());
    if (auto why = b->unavailable())
      return state.SkipWithError(why->c_str());
    auto r = b->compile(m, {});
    if (!r.executable)
      return state.SkipWithError(("compile failed: " + r.error).c_str());
    exe = std::move(r.executable);
  }
  for (auto _ : state) {
    std::vector<runtime::Argument> args;
    for (auto &a : arrays)
      args.emplace_back(&a);
    auto out = on_oracle ? oracle::run(m, "main", args) : exe->run("main", args, {});
    if (!out.is_ok())
      return state.SkipWithError(("kernel did not run ok: " + out.message()).c_str());
  }
  state.counters[unit] = benchmark::Counter(work, benchmark::Counter::kIsIterationInvariantRate);
}

void BM_KernelMatmulInt32(benchmark::State &s, const char *backend) {
  kernel(s, bench::matmul_kernel("int32", "0"), "int32", {{64, 64}, {64, 64}, {64, 64}},
         64.0 * 64 * 64, "MAC/s", backend);
}
void BM_KernelMatmulFloat32(benchmark::State &s, const char *backend) {
  kernel(s, bench::matmul_kernel("float32", "T.float32(0.0)"), "float32",
         {{64, 64}, {64, 64}, {64, 64}}, 64.0 * 64 * 64, "MAC/s", backend);
}
void BM_KernelFloorDivMod(benchmark::State &s, const char *backend) {
  kernel(s, bench::kFloorDivModKernel, "int32", {{1 << 20}, {1 << 20}}, double(1 << 20),
         "elements/s", backend);
}
void BM_KernelThreadBoundMatmul(benchmark::State &s, const char *backend) {
  kernel(s, bench::kThreadBoundMatmulKernel, "float32", {{128, 128}, {128, 128}, {128, 128}},
         128.0 * 128 * 128, "MAC/s", backend);
}
void BM_KernelVectorized(benchmark::State &s, const char *backend) {
  kernel(s, bench::kVectorizedKernel, "float32", {{65536}, {65536}}, 65536.0, "elements/s",
         backend);
}
// Each kernel on the oracle, llvm-O2 and cuda, one after another.
#define TIRCONF_KERNEL_ON_EACH_BACKEND(kernel)                                                     \
  BENCHMARK_CAPTURE(kernel, oracle, "oracle")->Unit(benchmark::kMillisecond)->UseRealTime();       \
  BENCHMARK_CAPTURE(kernel, llvm_O2, "llvm-O2")->Unit(benchmark::kMillisecond)->UseRealTime();     \
  BENCHMARK_CAPTURE(kernel, cuda, "cuda")->Unit(benchmark::kMillisecond)->UseRealTime();
TIRCONF_KERNEL_ON_EACH_BACKEND(BM_KernelMatmulInt32)
TIRCONF_KERNEL_ON_EACH_BACKEND(BM_KernelMatmulFloat32)
TIRCONF_KERNEL_ON_EACH_BACKEND(BM_KernelFloorDivMod)
TIRCONF_KERNEL_ON_EACH_BACKEND(BM_KernelVectorized)
TIRCONF_KERNEL_ON_EACH_BACKEND(BM_KernelThreadBoundMatmul)

// ---------------------------------------------------------------- end-to-end diff throughput

double cpu_seconds() {
  rusage self{}, children{};
  ::getrusage(RUSAGE_SELF, &self);
  ::getrusage(RUSAGE_CHILDREN, &children);
  auto s = [](const timeval &t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
  };
  return s(self.ru_utime) + s(self.ru_stime) + s(children.ru_utime) + s(children.ru_stime);
}

// Per group of `batch` programs what `tirconf diff --jobs 1 --batch N` does: generate, print,
// read back, prepare arguments, run the oracle on each, then llvm-O0 and llvm-O2 on the group in
// the worker process (compiled together), compare. "programs/cpu_s" counts the CPU time of this
// process and of the worker (reaped at the end), i.e. the throughput of one core.
void BM_DiffThroughput(benchmark::State &state) {
  if (!backends::make_backend("llvm-O2"))
    return state.SkipWithError("llvm backends not built in");
  const size_t batch = static_cast<size_t>(state.range(0));
  double cpu = 0;
  uint64_t i = 1000, programs = 0, findings = 0;
  {
    backends::Worker worker;
    const double cpu0 = cpu_seconds();
    for (auto _ : state) {
      std::vector<Program> ps;
      std::vector<std::unique_ptr<runner::CallArguments>> backend_args;
      std::vector<runtime::Outcome> refs;
      for (size_t k = 0; k < batch; ++k) {
        ps.push_back(make_program(i++));
        ir::PrimFunc f = ps.back().module->lookup(ps.back().entry);
        auto oracle_call = runner::prepare_call(*f, ps.back().args, "bench.py");
        auto backend_call = runner::prepare_call(*f, ps.back().args, "bench.py");
        if (!oracle_call.call || !backend_call.call)
          return state.SkipWithError("arguments do not prepare");
        refs.push_back(oracle::run(ps.back().module, ps.back().entry, oracle_call.call->args));
        backend_args.push_back(std::move(backend_call.call));
      }
      for (const char *b : {"llvm-O0", "llvm-O2"}) {
        std::vector<backends::WorkerRequest> reqs;
        for (size_t k = 0; k < batch; ++k) {
          backends::WorkerRequest req;
          req.backend = b;
          req.program = ps[k].text;
          req.file = "bench.py";
          req.func = ps[k].entry;
          req.args = backend_args[k]->args;
          reqs.push_back(std::move(req));
        }
        auto replies = batch > 1 ? worker.run_batch(reqs)
                                 : std::vector<backends::WorkerReply>{worker.run(reqs[0])};
        for (size_t k = 0; k < batch; ++k) {
          runtime::OutcomeCompareOptions cmp;
          cmp.same_buffer_set = true;
          if (replies[k].status != backends::WorkerReply::Status::Ran ||
              runtime::compare_outcomes(refs[k], replies[k].outcome, cmp))
            ++findings;
        }
      }
      programs += batch;
    }
    worker.stop();
    cpu = cpu_seconds() - cpu0;
  }
  state.counters["programs/s"] =
      benchmark::Counter(static_cast<double>(programs), benchmark::Counter::kIsRate);
  state.counters["programs/cpu_s"] = cpu > 0 ? static_cast<double>(programs) / cpu : 0;
  state.counters["findings"] = static_cast<double>(findings);
}
BENCHMARK(BM_DiffThroughput)
    ->Arg(1)
    ->Arg(16)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MinTime(10.0);

} // namespace
