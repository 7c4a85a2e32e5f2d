// Reader and checker throughput, on (a) the programs real TVM printed plus the conformance corpus
// and (b) one large synthetic function (many loop nests, blocks and expressions).
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "ir/tvmscript/reader.h"
#include "oracle/typecheck/checker.h"

namespace {

namespace fs = std::filesystem;

std::vector<std::string> real_files() {
  std::vector<std::string> texts;
  for (const char *dir : {TIRCONF_TVM_PRINTED_DIR, TIRCONF_SOURCE_DIR "/corpus"}) {
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(dir, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      if (it->path().extension() != ".py")
        continue;
      std::ifstream in(it->path());
      std::stringstream s;
      s << in.rdbuf();
      texts.push_back(s.str());
    }
  }
  return texts;
}

// A function with `nests` copies of a block-based reduction, an elementwise loop with lets,
// selects and casts, and a vectorized slice store: about 650 bytes per nest.
std::string synthetic(int nests) {
  std::ostringstream s;
  s << "from tvm.script import tir as T\n\n@T.prim_func\n"
       "def big(A: T.Buffer((64, 64), \"float32\"), B: T.Buffer((64,), \"float32\"), "
       "C: T.Buffer((64,), \"int32\"), n: T.int32):\n";
  for (int k = 0; k < nests; ++k) {
    s << "    for i, j in T.grid(64, 64):\n"
         "        with T.block(\"r"
      << k
      << "\"):\n"
         "            vi, vj = T.axis.remap(\"SR\", [i, j])\n"
         "            T.reads(A[vi, vj])\n"
         "            T.writes(B[vi])\n"
         "            with T.init():\n"
         "                B[vi] = T.float32(0.0)\n"
         "            B[vi] = B[vi] + A[vi, vj] * T.float32(0.5)\n"
         "    for i in range(64):\n"
         "        x: T.int32 = i * 3 + n // 2 - T.min(i, n) % 7\n"
         "        C[i] = T.Select(x > 0 and i < n, x, T.Cast(\"int32\", B[i]))\n"
         "    for i in T.vectorized(4):\n"
         "        C[i * 4:i * 4 + 4] = T.Broadcast(i + "
      << k << ", 4)\n";
  }
  return s.str();
}

void BM_ReadRealFiles(benchmark::State &state) {
  auto files = real_files();
  size_t bytes = 0;
  for (const auto &f : files)
    bytes += f.size();
  for (auto _ : state)
    for (const auto &f : files)
      benchmark::DoNotOptimize(tirconf::ir::read_tvmscript(f, "bench.py"));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes));
  state.counters["files"] = static_cast<double>(files.size());
}
BENCHMARK(BM_ReadRealFiles)->Unit(benchmark::kMillisecond);

void BM_ReadSynthetic(benchmark::State &state) {
  auto text = synthetic(static_cast<int>(state.range(0)));
  for (auto _ : state)
    benchmark::DoNotOptimize(tirconf::ir::read_tvmscript(text, "big.py"));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_ReadSynthetic)->Arg(100)->Arg(1000)->Unit(benchmark::kMillisecond);

void BM_CheckSynthetic(benchmark::State &state) {
  auto text = synthetic(static_cast<int>(state.range(0)));
  auto r = tirconf::ir::read_tvmscript(text, "big.py");
  if (!r.ok()) {
    state.SkipWithError("synthetic program does not read");
    return;
  }
  for (auto _ : state) {
    auto d = tirconf::oracle::check_module(r.module, "big.py");
    if (!d.empty())
      state.SkipWithError("synthetic program does not type-check");
    benchmark::DoNotOptimize(d);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_CheckSynthetic)->Arg(100)->Arg(1000)->Unit(benchmark::kMillisecond);

} // namespace
