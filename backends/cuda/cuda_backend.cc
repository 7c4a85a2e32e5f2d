#include "backends/cuda/cuda_backend.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>

#include "backends/cuda/device.h"
#include "backends/cuda/driver.h"
#include "backends/cuda/lowering.h"
#include "backends/cuda/nvrtc.h"
#include "backends/cuda/run_entry.h"

namespace tirconf::backends {

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// TIRCONF_CUDA_DUMP=DIR writes each generated translation unit to DIR/<hash>.cu (for reading
// and reducing a finding by hand).
void dump(const std::string &source) {
  const char *dir = std::getenv("TIRCONF_CUDA_DUMP");
  if (!dir || !*dir)
    return;
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  char name[32];
  std::snprintf(name, sizeof name, "%016zx.cu", std::hash<std::string>{}(source));
  std::ofstream(std::filesystem::path(dir) / name) << source;
}

// A program compiled to PTX, run on the GPU where there is one (run_entry.h).
class CudaExecutable final : public Executable {
public:
  CudaExecutable(ir::IRModule m, cuda::CudaProgram program, std::string ptx, std::string file)
      : module_(std::move(m)), program_(std::move(program)), ptx_(std::move(ptx)),
        file_(std::move(file)) {}

  runtime::Outcome run(std::string_view func, std::span<runtime::Argument> args,
                       const RunLimits &limits) override {
    cuda::Device *device = cuda::driver_device();
    if (!device)
      return runtime::Outcome(runtime::RejectedOutcome{
          "run", *cuda::no_device_reason() + " (compile-only: the program compiled to PTX)"});
    for (const cuda::KernelInfo &k : program_.kernels)
      if (k.func == func)
        return cuda::run_entry(*device, ptx_, program_, k, args, limits, file_);
    ir::Diagnostic d{file_, {}, "", "no compiled entry PrimFunc named '" + std::string(func) + "'"};
    return runtime::Outcome(runtime::InvalidOutcome{{d}});
  }

private:
  ir::IRModule module_; // keeps the nodes program_'s kernels point to alive
  cuda::CudaProgram program_;
  std::string ptx_;
  std::string file_;
};

class CudaBackend final : public Backend {
public:
  CudaBackend() : arch_(cuda::default_arch()) {}
  std::string name() const override { return "cuda"; }
  std::string version() const override { return "NVRTC " + cuda::nvrtc_version() + ", " + arch_; }
  Capabilities capabilities() const override {
    Capabilities c;
    c.in_process = true; // kernels fault the process's CUDA context: run it in a worker
    return c;
  }
  std::vector<Unsupported> unsupported(const ir::IRModule &m) const override {
    return cuda_unsupported(m);
  }
  std::optional<std::string> unavailable() const override {
    if (const auto why = cuda::no_device_reason())
      return *why + "; the backend is compile-only here (tirconf diff --compile-only)";
    return std::nullopt;
  }
  CompileResult compile(const ir::IRModule &m, const CompileOptions &options) override;

private:
  std::string arch_;
};

CompileResult CudaBackend::compile(const ir::IRModule &m, const CompileOptions &options) {
  CompileResult r;
  const auto t0 = Clock::now();
  r.unsupported = cuda_unsupported(m);
  if (!r.unsupported.empty())
    return r;
  cuda::CudaProgram program;
  try {
    program = cuda::lower_module(m, options.entries);
  } catch (const cuda::UnsupportedError &e) {
    r.unsupported.push_back({e.what(), "not lowered by the CUDA backend yet", e.loc});
    return r;
  } catch (const std::exception &e) {
    r.error = std::string("lowering: ") + e.what();
    return r;
  }
  const double lower = since(t0);
  dump(program.source);
  cuda::PtxResult ptx = cuda::compile_to_ptx(program.source, arch_);
  r.phases = {{"lower", lower}, {"nvrtc", ptx.seconds}};
  r.seconds = lower + ptx.seconds;
  if (!ptx.ok) {
    // Generated code NVRTC rejects is this backend's bug, not the program's fault.
    r.error = "NVRTC rejected the generated CUDA C++:\n" + ptx.log;
    return r;
  }
  r.executable =
      std::make_unique<CudaExecutable>(m, std::move(program), std::move(ptx.ptx), options.file);
  return r;
}

} // namespace

std::unique_ptr<Backend> make_cuda_backend() {
  return std::make_unique<CudaBackend>();
}

} // namespace tirconf::backends
