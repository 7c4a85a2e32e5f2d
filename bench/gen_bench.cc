// Program generator throughput (generated and printed programs per second, for the default
// profile) and the oracle's throughput on generated programs. Programs of the default profile,
// program i of seed 1 (as `tirconf gen --seed 1` makes them). Rates are per CPU second.
#include <benchmark/benchmark.h>

#include "generators/choices.h"
#include "generators/profile.h"
#include "generators/program_gen.h"
#include "generators/testfile.h"
#include "ir/tvmscript/printer.h"
#include "oracle/eval/interpreter.h"
#include "runner/arguments.h"
#include "tools/gen_check.h"

namespace {

using namespace tirconf;

const gen::Profile &profile() {
  return gen::Profile::default_profile();
}

void BM_GenerateProgram(benchmark::State &state) {
  uint64_t i = 0;
  for (auto _ : state) {
    auto g = gen::generate_program(gen::derive_seed(1, i++), profile());
    benchmark::DoNotOptimize(g.module);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
BENCHMARK(BM_GenerateProgram);

// What `tirconf gen --out` does per program: generate, print TVMScript, print the arguments.
void BM_GenerateAndPrint(benchmark::State &state) {
  uint64_t i = 0, bytes = 0;
  for (auto _ : state) {
    auto g = gen::generate_program(gen::derive_seed(1, i++), profile());
    std::string text = gen::plain_file(g, "bench") + gen::args_json(g.args);
    bytes += text.size();
    benchmark::DoNotOptimize(text);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
  state.SetBytesProcessed(static_cast<int64_t>(bytes));
}
BENCHMARK(BM_GenerateAndPrint);

struct Prepared {
  gen::GeneratedProgram g;
  std::vector<runner::Arg> args;
};

std::vector<Prepared> programs(size_t n) {
  std::vector<Prepared> out;
  for (size_t i = 0; i < n; ++i) {
    Prepared p{gen::generate_program(gen::derive_seed(1, i), profile()), {}};
    p.args = tools::runner_args(p.g);
    out.push_back(std::move(p));
  }
  return out;
}

// One oracle run per generated program (type check included, as oracle::run does), on the
// program's own arguments; a cycle over the first 500 programs of seed 1.
void BM_OracleOnGenerated(benchmark::State &state) {
  static const std::vector<Prepared> ps = programs(500);
  size_t i = 0;
  for (auto _ : state) {
    const Prepared &p = ps[i++ % ps.size()];
    auto call = runner::prepare_call(*p.g.module->lookup(p.g.entry), p.args, "bench.py");
    auto o = oracle::run(p.g.module, p.g.entry, call.call->args);
    if (!o.is_ok())
      state.SkipWithError("a generated program's outcome is not ok");
    benchmark::DoNotOptimize(o);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
BENCHMARK(BM_OracleOnGenerated)->MeasureProcessCPUTime();

} // namespace
