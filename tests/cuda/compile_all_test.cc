// Every conformance file and a sample of generated programs through the CUDA backend's
// compile-only path: each must compile to PTX or be declared unsupported with a reason, and
// none may fail (an NVRTC error is a bug of the lowering). The figures are printed; the long
// run is `TIRCONF_CUDA_GEN_PROGRAMS=10000` (or `tirconf diff --backends oracle,cuda
// --compile-only --seed S --count N`), measured by hand in backends/README.md.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>

#include "backends/cuda/cuda_backend.h"
#include "fuzz/backend_set.h"
#include "generators/choices.h"
#include "generators/program_gen.h"
#include "ir/tvmscript/printer.h"
#include "ir/tvmscript/reader.h"
#include "runner/conformance.h"

namespace tirconf::backends {
namespace {

struct Counts {
  int compiled = 0, unsupported = 0, failed = 0;
  std::map<std::string, int> reasons;
  std::vector<std::string> failures;
  void add(const std::string &what, const CompileResult &r) {
    if (!r.unsupported.empty()) {
      ++unsupported;
      for (const auto &u : r.unsupported) {
        EXPECT_FALSE(u.reason.empty()) << what << ": " << u.construct;
        ++reasons[u.construct + ": " + u.reason];
      }
    } else if (r.executable) {
      ++compiled;
    } else {
      ++failed;
      failures.push_back(what + ": " + r.error);
    }
  }
  void print(const std::string &title) const {
    std::cout << title << ": " << compiled << " compiled, " << unsupported << " unsupported, "
              << failed << " failed\n";
    for (const auto &f : failures)
      std::cout << "  FAILED " << f.substr(0, 2000) << "\n";
  }
};

TEST(CudaCompileAll, EveryConformanceFileCompilesOrIsUnsupported) {
  auto backend = make_cuda_backend();
  Counts counts;
  std::vector<std::string> errors;
  const auto files =
      runner::collect_python_files({TIRCONF_SOURCE_DIR "/corpus/conformance"}, errors);
  ASSERT_TRUE(errors.empty());
  ASSERT_GT(files.size(), 100u);
  for (const auto &path : files) {
    const runner::LoadedFile f = runner::load_file(path);
    // Programs the checker rejects are not programs: no implementation is asked to run them.
    if (!f.input_ok() || !f.check_diagnostics.empty() || !f.read.module ||
        (f.test && f.test->expects_invalid()))
      continue;
    CompileOptions options;
    options.file = path;
    counts.add(path, backend->compile(f.read.module, options));
  }
  counts.print("corpus/conformance");
  EXPECT_EQ(counts.failed, 0);
  EXPECT_GT(counts.compiled, 300);
}

TEST(CudaCompileAll, GeneratedProgramsCompileOrAreUnsupported) {
  auto backend = make_cuda_backend();
  const char *n_env = std::getenv("TIRCONF_CUDA_GEN_PROGRAMS");
  const int n = n_env ? std::atoi(n_env) : 100;
  // The profile narrowed to what the backend declares, as `tirconf diff` narrows it.
  const gen::Profile profile =
      fuzz::narrow(gen::Profile::default_profile(), backend->capabilities());
  Counts counts;
  for (int i = 0; i < n; ++i) {
    gen::GeneratedProgram g = gen::generate_program(gen::derive_seed(11, i), profile);
    // Through the printer and reader, as every backend sees a generated program.
    const std::string text = ir::print_tvmscript(g.module, {});
    auto read = ir::read_tvmscript(text, "gen.py");
    ASSERT_TRUE(read.ok()) << text;
    CompileOptions options;
    options.entries = {g.entry};
    counts.add("seed 11 program " + std::to_string(i), backend->compile(read.module, options));
  }
  counts.print("generated");
  EXPECT_EQ(counts.failed, 0);
  // Most generated programs compile: the unsupported ones are the constructs not lowered yet.
  EXPECT_GT(counts.compiled, n / 2);
}

} // namespace
} // namespace tirconf::backends
