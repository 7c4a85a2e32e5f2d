#include "backends/cuda/cuda_backend.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>

#include "backends/cuda/device.h"
#include "backends/cuda/driver.h"
#include "backends/cuda/host_emulation.h"
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

// Where kernels run: the GPU through the driver, or the CPU (host_emulation.h).
enum class Target { Gpu, Host };

// A program compiled to PTX (run on the GPU where there is one) or to a host translation unit.
class CudaExecutable final : public Executable {
public:
  CudaExecutable(Target target, ir::IRModule m, cuda::CudaProgram program, std::string image,
                 std::string file)
      : target_(target), module_(std::move(m)), program_(std::move(program)),
        image_(std::move(image)), file_(std::move(file)) {}

  runtime::Outcome run(std::string_view func, std::span<runtime::Argument> args,
                       const RunLimits &limits) override {
    cuda::Device *device = target_ == Target::Host
                               ? static_cast<cuda::Device *>(&cuda::host_emulated_device())
                               : cuda::driver_device();
    if (!device)
      return runtime::Outcome(runtime::RejectedOutcome{
          "run", *cuda::no_device_reason() + " (compile-only: the program compiled to PTX)"});
    for (const cuda::KernelInfo &k : program_.kernels)
      if (k.func == func)
        return cuda::run_entry(*device, image_, program_, k, args, limits, file_);
    ir::Diagnostic d{file_, {}, "", "no compiled entry PrimFunc named '" + std::string(func) + "'"};
    return runtime::Outcome(runtime::InvalidOutcome{{d}});
  }

private:
  Target target_;
  ir::IRModule module_; // keeps the nodes program_'s kernels point to alive
  cuda::CudaProgram program_;
  std::string image_; // PTX, or the host translation unit
  std::string file_;
};

class CudaBackend final : public Backend {
public:
  explicit CudaBackend(Target target) : target_(target), arch_(cuda::default_arch()) {}
  std::string name() const override { return target_ == Target::Host ? "cuda-host" : "cuda"; }
  std::string version() const override {
    return target_ == Target::Host ? "host emulation of the CUDA execution model"
                                   : "NVRTC " + cuda::nvrtc_version() + ", " + arch_;
  }
  Capabilities capabilities() const override {
    Capabilities c;
    c.in_process = true; // kernels fault the process's CUDA context: run it in a worker
    return c;
  }
  std::vector<Unsupported> unsupported(const ir::IRModule &m) const override {
    return cuda_unsupported(m);
  }
  std::optional<std::string> unavailable() const override {
    if (target_ == Target::Host)
      return cuda::host_emulation_unavailable();
    if (const auto why = cuda::no_device_reason())
      return *why + "; the backend is compile-only here (tirconf diff --compile-only)";
    return std::nullopt;
  }
  CompileResult compile(const ir::IRModule &m, const CompileOptions &options) override;

private:
  CompileResult compile_for_host(cuda::CudaProgram program, const ir::IRModule &m,
                                 const CompileOptions &options, double lower);

  Target target_;
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
  if (target_ == Target::Host)
    return compile_for_host(std::move(program), m, options, lower);
  cuda::PtxResult ptx = cuda::compile_to_ptx(program.source, arch_);
  r.phases = {{"lower", lower}, {"nvrtc", ptx.seconds}};
  r.seconds = lower + ptx.seconds;
  if (!ptx.ok) {
    // Generated code NVRTC rejects is this backend's bug, not the program's fault.
    r.error = "NVRTC rejected the generated CUDA C++:\n" + ptx.log;
    return r;
  }
  r.executable = std::make_unique<CudaExecutable>(Target::Gpu, m, std::move(program),
                                                  std::move(ptx.ptx), options.file);
  return r;
}

CompileResult CudaBackend::compile_for_host(cuda::CudaProgram program, const ir::IRModule &m,
                                            const CompileOptions &options, double lower) {
  CompileResult r;
  const auto t0 = Clock::now();
  std::string unit = cuda::host_translation_unit(program);
  const auto error = cuda::host_emulated_device().load(unit);
  r.phases = {{"lower", lower}, {"host c++", since(t0)}};
  r.seconds = lower + since(t0);
  if (error) {
    // The generated code or the host model is wrong, not the program.
    r.error = "host emulation: " + *error;
    return r;
  }
  r.executable = std::make_unique<CudaExecutable>(Target::Host, m, std::move(program),
                                                  std::move(unit), options.file);
  return r;
}

} // namespace

std::unique_ptr<Backend> make_cuda_backend() {
  return std::make_unique<CudaBackend>(Target::Gpu);
}

std::unique_ptr<Backend> make_cuda_host_backend() {
  return std::make_unique<CudaBackend>(Target::Host);
}

} // namespace tirconf::backends
