#include "backends/cuda/run_entry.h"

#include <map>
#include <variant>
#include <vector>

#include "backends/cuda/binding.h"

namespace tirconf::backends::cuda {

namespace {

static_assert(sizeof(StatusWord) == 48, "StatusWord must have the prelude's TirconfStatus layout");

// Device memory of one run, freed when the run ends whichever way it ends.
class RunMemory {
public:
  explicit RunMemory(Device &d) : device_(d) {}
  RunMemory(const RunMemory &) = delete;
  RunMemory &operator=(const RunMemory &) = delete;
  ~RunMemory() {
    for (DevicePtr p : owned_)
      device_.free(p);
  }
  DevicePtr alloc(size_t bytes) {
    const DevicePtr p = device_.alloc(bytes > 0 ? bytes : 1);
    owned_.push_back(p);
    return p;
  }

private:
  Device &device_;
  std::vector<DevicePtr> owned_;
};

std::string launch_name(const KernelInfo &kernel, size_t k) {
  return "launch " + std::to_string(k + 1) + " of " + std::to_string(kernel.launches.size()) +
         " (" + kernel.launches[k].kernel + ")";
}

} // namespace

runtime::Outcome run_entry(Device &device, const std::string &ptx, const CudaProgram &program,
                           const KernelInfo &kernel, std::span<runtime::Argument> args,
                           const RunLimits &limits, const std::string &file) {
  auto bound = bind_arguments(kernel, args, file);
  if (auto *refused = std::get_if<runtime::Outcome>(&bound))
    return std::move(*refused);
  const KernelArguments &arguments = std::get<KernelArguments>(bound);

  StatusWord status;
  status.step_limit = limits.step_limit;
  status.depth_limit = limits.call_depth_limit;
  std::string where = "preparing the run";
  RunMemory memory(device);
  std::map<runtime::NDArray *, DevicePtr> copies; // one device copy per tensor
  try {
    device.set_heap_bytes(limits.memory_limit);
    const DevicePtr status_ptr = memory.alloc(sizeof status);
    device.to_device(status_ptr, &status, sizeof status);
    std::vector<uint64_t> words{status_ptr};
    size_t tensor = 0;
    for (size_t i = 0; i < kernel.params.size(); ++i) {
      uint64_t word = arguments.words[i];
      if (kernel.params[i].kind == KernelParam::Kind::Buffer) {
        const size_t index = arguments.tensors[tensor++];
        runtime::NDArray *array = *std::get_if<runtime::NDArray *>(&args[index]);
        auto [it, fresh] = copies.try_emplace(array, 0);
        if (fresh) {
          it->second = memory.alloc(array->storage_bytes());
          if (array->storage_bytes() > 0) // an empty tensor: nothing to copy either way
            device.to_device(it->second, array->storage(), array->storage_bytes());
        }
        word = it->second; // data is the start of storage on both sides
      }
      words.push_back(word);
    }
    for (size_t k = 0; k < kernel.launches.size(); ++k) {
      where = launch_name(kernel, k);
      device.launch(ptx, kernel.launches[k], words);
      device.to_host(&status, status_ptr, sizeof status);
      if (auto failed = failure_outcome(status, program.sites, file))
        return std::move(*failed);
      if (status.returned)
        break; // [builtin.ret] ends the function: the launches after it do not run
    }
    where = "copying the results back";
    for (auto &[array, copy] : copies)
      if (array->storage_bytes() > 0)
        device.to_host(array->storage(), copy, array->storage_bytes());
  } catch (const DeviceError &e) {
    return runtime::Outcome(runtime::CrashOutcome{"CUDA, " + where + ": " + e.what(), 0, 0});
  }

  // [sem.stmt.primfunc.outputs] the tensors' final contents, named after their params.
  const ir::PrimFuncNode &f = *kernel.node;
  runtime::OkOutcome ok;
  for (size_t i = 0; i < args.size(); ++i)
    if (f.buffer_for(f.params[i]))
      ok.buffers.push_back({f.arg_name(f.params[i]), **std::get_if<runtime::NDArray *>(&args[i])});
  if (kernel.ret)
    ok.ret = returned_value(status, *kernel.ret);
  return runtime::Outcome(std::move(ok));
}

} // namespace tirconf::backends::cuda
