// Reference interpreter speed on its benchmark kernels (kernels.h): int32/float32 matmul
// 64x64x64 in a reduction block, an elementwise floordiv/floormod kernel over 1M elements, a
// vectorized kernel, and a parallel kernel (conflict tracking on every access). Every check
// (bounds, initialization, conflicts) stays on. The interpreter runs each call on its own
// big-stack thread while the caller waits, so the time reported is the process's CPU time per
// call (manual time): unlike wall time it does not count what other jobs on this shared machine
// took. "shadow/data" is the most shadow state (initialization bits, conflict words) held at once
// over the most program data held at once (the interpreter keeps it at most 2).
#include <benchmark/benchmark.h>

#include <ctime>

#include "bench/kernels.h"
#include "ir/tvmscript/reader.h"
#include "oracle/eval/interpreter.h"

namespace {

using tirconf::runtime::NDArray;

tirconf::ir::IRModule read(const std::string &text) {
  auto r = tirconf::ir::read_tvmscript(text, "bench.py");
  return r.ok() ? r.module : nullptr;
}

double process_cpu_seconds() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

void report_shadow(benchmark::State &state, const tirconf::oracle::RunStats &stats) {
  state.counters["shadow/data"] =
      stats.peak_data_bytes ? double(stats.peak_shadow_bytes) / double(stats.peak_data_bytes) : 0.0;
}

void run_matmul(benchmark::State &state, const char *dtype, const char *zero) {
  auto m = read(tirconf::bench::matmul_kernel(dtype, zero));
  if (!m)
    return state.SkipWithError("program does not read");
  auto t = *tirconf::ir::parse_dtype(dtype);
  NDArray a(t, {64, 64}), b(t, {64, 64}), c(t, {64, 64});
  for (int64_t i = 0; i < 64 * 64; ++i) {
    auto value = [&](int64_t v) {
      return t.is_floating() ? tirconf::runtime::Value::from_double(t, double(v))
                             : tirconf::runtime::Value::from_int64(t, v);
    };
    a.set(i, value(i % 7));
    b.set(i, value(i % 5));
  }
  tirconf::oracle::RunStats stats;
  tirconf::oracle::RunOptions options;
  options.stats = &stats;
  for (auto _ : state) {
    const double start = process_cpu_seconds();
    std::vector<tirconf::runtime::Argument> args = {&a, &b, &c};
    auto out = tirconf::oracle::run(m, "main", args, options);
    if (!out.is_ok())
      return state.SkipWithError("matmul did not run ok");
    state.SetIterationTime(process_cpu_seconds() - start);
  }
  report_shadow(state, stats);
  state.counters["MAC/s"] =
      benchmark::Counter(64.0 * 64 * 64, benchmark::Counter::kIsIterationInvariantRate);
}
void BM_MatmulInt32(benchmark::State &s) {
  run_matmul(s, "int32", "0");
}
void BM_MatmulFloat32(benchmark::State &s) {
  run_matmul(s, "float32", "T.float32(0.0)");
}
BENCHMARK(BM_MatmulInt32)->Unit(benchmark::kMillisecond)->UseManualTime();
BENCHMARK(BM_MatmulFloat32)->Unit(benchmark::kMillisecond)->UseManualTime();

void BM_FloorDivModElementwise(benchmark::State &state) {
  const int64_t n = 1 << 20;
  auto m = read(tirconf::bench::kFloorDivModKernel);
  if (!m)
    return state.SkipWithError("program does not read");
  NDArray a(tirconf::ir::DataType::Int(32), {n}), b(tirconf::ir::DataType::Int(32), {n});
  for (int64_t i = 0; i < n; ++i)
    a.set(i, tirconf::runtime::Value::from_int64(a.dtype(), i - n / 2));
  tirconf::oracle::RunStats stats;
  tirconf::oracle::RunOptions options;
  options.stats = &stats;
  for (auto _ : state) {
    const double start = process_cpu_seconds();
    std::vector<tirconf::runtime::Argument> args = {&a, &b};
    if (!tirconf::oracle::run(m, "main", args, options).is_ok())
      return state.SkipWithError("kernel did not run ok");
    state.SetIterationTime(process_cpu_seconds() - start);
  }
  report_shadow(state, stats);
  state.counters["elements/s"] =
      benchmark::Counter(double(n), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_FloorDivModElementwise)->Unit(benchmark::kMillisecond)->UseManualTime();

void BM_VectorizedKernel(benchmark::State &state) {
  auto m = read(tirconf::bench::kVectorizedKernel);
  if (!m)
    return state.SkipWithError("program does not read");
  NDArray a(tirconf::ir::DataType::Float(32), {65536}),
      b(tirconf::ir::DataType::Float(32), {65536});
  for (auto _ : state) {
    const double start = process_cpu_seconds();
    std::vector<tirconf::runtime::Argument> args = {&a, &b};
    if (!tirconf::oracle::run(m, "main", args).is_ok())
      return state.SkipWithError("kernel did not run ok");
    state.SetIterationTime(process_cpu_seconds() - start);
  }
  state.counters["elements/s"] =
      benchmark::Counter(65536.0, benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_VectorizedKernel)->Unit(benchmark::kMillisecond)->UseManualTime();

// Every access inside a parallel loop goes through the conflict tracker.
void BM_ParallelKernel(benchmark::State &state) {
  auto m =
      read("from tvm.script import tir as T\n\n@T.prim_func\n"
           "def main(A: T.Buffer((262144,), \"float32\"), B: T.Buffer((262144,), \"float32\")):\n"
           "    for i in T.parallel(262144):\n"
           "        B[i] = A[i] * T.float32(2.0) + T.float32(1.0)\n");
  if (!m)
    return state.SkipWithError("program does not read");
  NDArray a(tirconf::ir::DataType::Float(32), {262144}),
      b(tirconf::ir::DataType::Float(32), {262144});
  tirconf::oracle::RunStats stats;
  tirconf::oracle::RunOptions options;
  options.stats = &stats;
  for (auto _ : state) {
    const double start = process_cpu_seconds();
    std::vector<tirconf::runtime::Argument> args = {&a, &b};
    if (!tirconf::oracle::run(m, "main", args, options).is_ok())
      return state.SkipWithError("kernel did not run ok");
    state.SetIterationTime(process_cpu_seconds() - start);
  }
  report_shadow(state, stats);
  state.counters["elements/s"] =
      benchmark::Counter(262144.0, benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_ParallelKernel)->Unit(benchmark::kMillisecond)->UseManualTime();

} // namespace
