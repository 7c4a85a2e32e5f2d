#include "backends/llvm/jit.h"

#include <llvm/ExecutionEngine/Orc/ExecutionUtils.h>
#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Target/TargetMachine.h>

#include <chrono>
#include <cstdlib>

#include <llvm/Support/raw_ostream.h>
#include <mutex>

#include "backends/llvm/abi.h"

namespace tirconf::backends::llvm_jit {

namespace {

[[noreturn]] void fatal(llvm::Error e, const char *what) {
  throw LoweringError(std::string(what) + ": " + llvm::toString(std::move(e)));
}

template <class T> T take(llvm::Expected<T> v, const char *what) {
  if (!v)
    fatal(v.takeError(), what);
  return std::move(*v);
}

llvm::orc::JITTargetMachineBuilder target_builder(int level) {
  auto jtmb = take(llvm::orc::JITTargetMachineBuilder::detectHost(), "detecting the host");
  jtmb.setCodeGenOptLevel(level == 0 ? llvm::CodeGenOpt::None : llvm::CodeGenOpt::Default);
  // [sem.expr.float_ieee] every operation rounds its own result: no fused multiply-add.
  jtmb.getOptions().AllowFPOpFusion = llvm::FPOpFusion::Strict;
  return jtmb;
}

} // namespace

Jit &Jit::get(int level) {
  static std::once_flag init;
  std::call_once(init, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
  static std::unique_ptr<Jit> jits[3];
  const int slot = level == 0 ? 0 : 2;
  if (!jits[slot])
    jits[slot].reset(new Jit(slot));
  return *jits[slot];
}

Jit::Jit(int level) : level_(level) {
  auto jtmb = target_builder(level);
  tm_ = take(jtmb.createTargetMachine(), "creating the target machine");
  triple_ = jtmb.getTargetTriple().str();
  // Compilation happens on the calling thread (no compile threads): the isolating worker forks,
  // and a forked child keeps only the thread that forked.
  jit_ = take(llvm::orc::LLJITBuilder().setJITTargetMachineBuilder(std::move(jtmb)).create(),
              "creating the JIT");
}

void Jit::optimize(llvm::Module &m) {
  if (level_ == 0)
    return;
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  // clang -O2's tuning: its -O2 also runs the SLP vectorizer, which PassBuilder's defaults leave
  // out.
  llvm::PipelineTuningOptions tuning;
  tuning.SLPVectorization = true;
  llvm::PassBuilder pb(tm_.get(), tuning);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::ModulePassManager mpm = pb.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O2);
  mpm.run(m, mam);
}

Jit::Loaded Jit::load(LoweredModule lowered) {
  // TIRCONF_LLVM_DUMP=DIR writes each module's IR before and after optimization there (debugging).
  static const char *dump = std::getenv("TIRCONF_LLVM_DUMP");
  auto write = [&](const char *when) {
    if (!dump)
      return;
    std::error_code ec;
    llvm::raw_fd_ostream os(
        std::string(dump) + "/module" + std::to_string(next_id_) + "." + when + ".ll", ec);
    if (!ec)
      lowered.module->print(os, nullptr);
  };
  write("lowered");
  const auto t0 = std::chrono::steady_clock::now();
  optimize(*lowered.module);
  const auto t1 = std::chrono::steady_clock::now();
  if (level_ != 0)
    write("optimized");
  auto &es = jit_->getExecutionSession();
  auto created = es.createJITDylib("tirconf." + std::to_string(next_id_++));
  if (!created)
    fatal(created.takeError(), "creating a JITDylib");
  llvm::orc::JITDylib &jd = *created;
  llvm::orc::SymbolMap host;
  for (const HostSymbol &s : host_symbols())
    host[jit_->mangleAndIntern(s.name)] =
        llvm::JITEvaluatedSymbol(llvm::pointerToJITTargetAddress(s.address),
                                 llvm::JITSymbolFlags::Exported | llvm::JITSymbolFlags::Callable);
  if (auto e = jd.define(llvm::orc::absoluteSymbols(std::move(host))))
    fatal(std::move(e), "defining host symbols");
  jd.addGenerator(take(llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
                           data_layout().getGlobalPrefix()),
                       "searching the process's symbols"));
  Loaded out;
  out.dylib = &jd;
  std::vector<std::vector<std::string>> names;
  for (const auto &p : lowered.programs) {
    names.emplace_back();
    for (const auto &e : p.entries)
      names.back().push_back(e.symbol);
  }
  if (auto e = jit_->addIRModule(
          jd, llvm::orc::ThreadSafeModule(std::move(lowered.module), std::move(lowered.context))))
    fatal(std::move(e), "adding the module");
  for (const auto &program : names) {
    out.entries.emplace_back();
    for (const auto &n : program) {
      auto sym = jit_->lookup(jd, n);
      if (!sym) {
        llvm::Error err = sym.takeError();
        unload(&jd);
        fatal(std::move(err), "compiling");
      }
      out.entries.back().push_back(llvm::jitTargetAddressToPointer<void *>(sym->getAddress()));
    }
  }
  const auto t2 = std::chrono::steady_clock::now();
  out.optimize_seconds = std::chrono::duration<double>(t1 - t0).count();
  out.codegen_seconds = std::chrono::duration<double>(t2 - t1).count();
  return out;
}

void Jit::unload(llvm::orc::JITDylib *dylib) {
  if (!dylib)
    return;
  if (auto e = jit_->getExecutionSession().removeJITDylib(*dylib))
    llvm::consumeError(std::move(e));
}

} // namespace tirconf::backends::llvm_jit
