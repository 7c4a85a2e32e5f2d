// The interface every implementation of TIR that we compare against the oracle plugs into: our
// LLVM JIT (backends/llvm) and third-party implementations run out of process
// (backends/external: Apache TVM and any other that speaks its protocol). A backend compiles an
// IRModule into an Executable and runs one PrimFunc of it on DLTensor and scalar arguments, ending
// in the same runtime::Outcome the oracle produces (ok / error with class and message); crashes and
// hangs are reported by the isolating runner (worker.h) as crash / timeout outcomes.
//
// Depends on ir/ and runtime/ only: never on oracle/ (a differential test finds only what its two
// sides do not share).
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ir/module.h"
#include "runtime/argument.h"
#include "runtime/outcome.h"

namespace tirconf::backends {

// What a backend can run, so that a generator profile can be narrowed to it before programs are
// made (wasmtime's per-engine config narrowing), and so that a program using something else is
// skipped with a reason instead of failing.
struct Capabilities {
  bool float16 = true;
  bool bfloat16 = true;
  bool vectors = true; // vector dtypes, Ramp/Broadcast/Shuffle, vector loads/stores
  int max_lanes = 64;
  bool calls = true; // calls between PrimFuncs
  bool recursion = true;
  bool parallel = true;    // parallel / thread-bound loops, thread_extent (any schedule)
  bool approx_math = true; // exp, sin, ... (ULP-bounded builtins)
  // Whether crashes of generated code can take down the process that calls run(): such a
  // backend must be run in a worker process (worker.h).
  bool in_process = true;
  // Statement kinds it does not run at all, named as TVM names their nodes ("tir.BufferRealize").
  std::vector<std::string> unsupported_statements;
};

// One construct of a module that the backend does not implement, with the reason.
struct Unsupported {
  std::string construct; // e.g. "tir.call_extern"
  std::string reason;
  ir::SourceLoc loc;
};
std::string to_string(const Unsupported &u); // "3:7: tir.call_extern: reason"

struct CompileOptions {
  // The PrimFuncs that will be called from outside (run()'s `func`); empty means all of them. A
  // backend may compile only what these reach.
  std::vector<std::string> entries;
  std::string file; // source file name, for locations in outcomes
  // The text the module was read from, when there is one: an implementation that reads
  // TVMScript itself is given exactly that (front matter included); otherwise the module is
  // printed.
  std::string source;
};

// Budgets of one run. A run that exceeds one ends with error: limit ([sem.stmt.limit]); each
// backend declares which of its loops count as steps.
struct RunLimits {
  uint64_t step_limit = 50'000'000;          // iterations of While loops
  int call_depth_limit = 200;                // PrimFunc call depth, the entry call counting as 1
  uint64_t memory_limit = uint64_t{2} << 30; // bytes allocated at once by the program
};

// A compiled module. run() may be called many times; it mutates the tensors in `args` in place.
class Executable {
public:
  virtual ~Executable() = default;
  // `args` holds one argument per parameter of `func`, in order, as the oracle takes them. On ok
  // the outcome lists every buffer argument's final contents, named as the oracle names them
  // (PrimFuncNode::arg_name), and the tir.ret value if one ran.
  virtual runtime::Outcome run(std::string_view func, std::span<runtime::Argument> args,
                               const RunLimits &limits) = 0;
};

struct CompileResult {
  std::unique_ptr<Executable> executable; // null when unsupported is non-empty or on error
  std::vector<Unsupported> unsupported;
  // The implementation refused the program (its parser or compiler rejected it), with its
  // message: every run of it ends in this outcome.
  std::optional<runtime::RejectedOutcome> rejected;
  std::string error;  // an internal compiler failure (a backend bug): not the program's fault
  double seconds = 0; // lowering + optimization + code generation
  // The same time by phase, in order (e.g. lower, optimize, codegen), for benchmarks.
  std::vector<std::pair<std::string, double>> phases;
};

class Backend {
public:
  virtual ~Backend() = default;
  virtual std::string name() const = 0;
  // What exactly is being tested, for reports: "0.20.0 (git 1c60502cfba5)"; empty when the
  // backend is this binary's own code.
  virtual std::string version() const { return {}; }
  virtual Capabilities capabilities() const = 0;
  // The constructs of `m` this backend does not implement; empty if it can run every function
  // of it. Cheap (a walk over the IR), so callers may ask before compiling.
  virtual std::vector<Unsupported> unsupported(const ir::IRModule &m) const = 0;
  virtual CompileResult compile(const ir::IRModule &m, const CompileOptions &options) = 0;
  // Compiles several modules together, so that fixed costs per compilation (an optimization
  // pipeline, code generation, linking) are paid once for all; one result per module, in order.
  // A module that fails only fails its own result. The default compiles them one by one.
  // Why this backend cannot run anything in this environment (an external implementation whose
  // worker cannot start), or nullopt. Callers skip an unavailable backend with the reason.
  virtual std::optional<std::string> unavailable() const { return std::nullopt; }
  virtual std::vector<CompileResult> compile_batch(std::span<const ir::IRModule> modules,
                                                   std::span<const CompileOptions> options);
};

} // namespace tirconf::backends
