// ORC LLJIT, in process: one JIT per optimization level, created on first use and reused for
// every module; each module gets its own JITDylib, removed when its executable goes away.
#pragma once

#include <llvm/ExecutionEngine/Orc/LLJIT.h>

#include <memory>
#include <string>
#include <vector>

#include "backends/llvm/lowering.h"

namespace tirconf::backends::llvm_jit {

class Jit {
public:
  // level 0: no IR optimization, fast instruction selection (llvm-O0); level 2: LLVM's default
  // -O2 module pipeline and code generation (llvm-O2). Floating-point contraction is off at both.
  static Jit &get(int level);

  const llvm::DataLayout &data_layout() const { return jit_->getDataLayout(); }
  const std::string &triple() const { return triple_; }

  struct Loaded {
    llvm::orc::JITDylib *dylib = nullptr;
    std::vector<std::vector<void *>> entries; // per program, the addresses of its entries in order
    double optimize_seconds = 0, codegen_seconds = 0;
  };
  // Optimizes (at level 2), compiles and links the module (every program in it); the host
  // functions of abi.h and the process's own symbols (libm, memcpy) resolve its calls.
  Loaded load(LoweredModule lowered);
  void unload(llvm::orc::JITDylib *dylib);

private:
  explicit Jit(int level);
  void optimize(llvm::Module &m);

  int level_;
  std::unique_ptr<llvm::orc::LLJIT> jit_;
  std::unique_ptr<llvm::TargetMachine> tm_; // for the optimizer's target information
  std::string triple_;
  uint64_t next_id_ = 0;
};

} // namespace tirconf::backends::llvm_jit
