#include "backends/llvm/llvm_backend.h"

#include <chrono>
#include <cstring>
#include <optional>

#include "backends/llvm/abi.h"
#include "backends/llvm/jit.h"
#include "backends/llvm/lowering.h"
#include "runtime/ndarray.h"

namespace tirconf::backends {

namespace {

using llvm_jit::FailSite;
using runtime::ErrorClass;
using runtime::Outcome;

using EntryFn = int32_t (*)(llvm_jit::RtContext *, void **, uint64_t *);

std::string replace_all(std::string s, const std::string &from, const std::string &to) {
  for (size_t p = s.find(from); p != std::string::npos; p = s.find(from, p + to.size()))
    s.replace(p, from.size(), to);
  return s;
}

// A failure site's message with the run's detail integers filled in.
std::string format_message(const FailSite &site, const int64_t detail[2]) {
  std::string m = site.message;
  if (m.find("{dtype:a}") != std::string::npos) {
    const uint64_t packed = static_cast<uint64_t>(detail[0]);
    DLDataType dl{static_cast<uint8_t>(packed & 0xff), static_cast<uint8_t>((packed >> 8) & 0xff),
                  static_cast<uint16_t>((packed >> 16) & 0xffff)};
    auto t = runtime::from_dl_datatype(dl);
    m = replace_all(m, "{dtype:a}",
                    t ? ir::to_string(*t)
                      : "(code " + std::to_string(dl.code) + ", bits " + std::to_string(dl.bits) +
                            ", lanes " + std::to_string(dl.lanes) + ")");
  }
  m = replace_all(m, "{a}", std::to_string(detail[0]));
  return replace_all(m, "{b}", std::to_string(detail[1]));
}

struct Entry {
  std::string func;
  const ir::PrimFuncNode *node;
  std::optional<ir::DataType> ret;
  EntryFn fn;
  llvm_jit::EntryBinding binding; // run here when host_runs (binding.h)
};

// Removes a JITDylib when the last executable compiled into it goes away.
struct Dylib {
  Dylib(llvm_jit::Jit &j, llvm::orc::JITDylib *d) : jit(j), dylib(d) {}
  Dylib(const Dylib &) = delete;
  Dylib &operator=(const Dylib &) = delete;
  ~Dylib() { jit.unload(dylib); }
  llvm_jit::Jit &jit;
  llvm::orc::JITDylib *dylib;
};

class LlvmExecutable final : public Executable {
public:
  LlvmExecutable(std::shared_ptr<Dylib> dylib, ir::IRModule m, std::string file,
                 std::vector<FailSite> sites, std::vector<Entry> entries)
      : dylib_(std::move(dylib)), module_(std::move(m)), file_(std::move(file)),
        sites_(std::move(sites)), entries_(std::move(entries)) {}

  Outcome run(std::string_view func, std::span<runtime::Argument> args,
              const RunLimits &limits) override;

private:
  Outcome binding(const std::string &message, const char *rule, ir::SourceLoc loc) const {
    return Outcome::error(ErrorClass::Binding, message, rule, {file_, loc});
  }

  std::shared_ptr<Dylib> dylib_;
  ir::IRModule module_; // keeps the nodes entries_ point to alive
  std::string file_;
  std::vector<FailSite> sites_;
  std::vector<Entry> entries_;
};

using llvm_jit::param_name;

Outcome LlvmExecutable::run(std::string_view func, std::span<runtime::Argument> args,
                            const RunLimits &limits) {
  const Entry *entry = nullptr;
  for (const auto &e : entries_)
    if (e.func == func)
      entry = &e;
  if (!entry) {
    ir::Diagnostic d{file_, {}, "", "no compiled entry PrimFunc named '" + std::string(func) + "'"};
    return Outcome(runtime::InvalidOutcome{{d}});
  }
  const ir::PrimFuncNode &f = *entry->node;
  // Checks generated code cannot make, because they are about what kind of thing was passed
  // (spec 1. PrimFunc / 1-2): the arity, scalars for scalar params (checked first, [bind.order])
  // and tensors for buffer params.
  if (args.size() != f.params.size())
    return binding(std::to_string(args.size()) + " arguments passed but the function has " +
                       std::to_string(f.params.size()) + " parameters",
                   "bind.arity", f.loc);
  std::vector<void *> ptrs(args.size(), nullptr);
  std::vector<std::array<uint64_t, runtime::Value::kMaxLanes>> scalars(args.size());
  for (size_t i = 0; i < args.size(); ++i) {
    const ir::Var &p = f.params[i];
    if (f.buffer_for(p))
      continue;
    const std::string arg = "argument " + param_name(f, p) + ": ";
    const auto *v = std::get_if<runtime::Value>(&args[i]);
    if (!v)
      return binding(arg + "a tensor was passed for a scalar parameter", "bind.scalar_param",
                     f.loc);
    if (v->dtype() != p->dtype)
      return binding(arg + "a value of " + ir::to_string(v->dtype()) +
                         " was passed but the parameter is " + ir::to_string(p->dtype),
                     "bind.scalar_param", f.loc);
    if (v->is_handle() && v->as_handle().kind != runtime::HandleValue::Kind::Null)
      return Outcome::unspecified(runtime::UnspecifiedClass::Any, "unspec.cast_to_handle",
                                  {file_, f.loc}, "a non-null handle argument");
    for (int k = 0; k < v->lanes(); ++k)
      scalars[i][static_cast<size_t>(k)] = v->is_handle() ? 0 : v->bits(k);
    ptrs[i] = scalars[i].data();
  }
  for (size_t i = 0; i < args.size(); ++i) {
    const ir::Var &p = f.params[i];
    if (!f.buffer_for(p))
      continue;
    const std::string arg = "argument " + param_name(f, p) + ": ";
    const auto *t = std::get_if<runtime::NDArray *>(&args[i]);
    if (!t)
      return binding(arg + "a scalar was passed for a buffer parameter", "bind.scalar_param",
                     f.loc);
    if (!*t || !(*t)->valid())
      return binding(arg + "no tensor was passed", "bind.buffer_param", f.loc);
    ptrs[i] = (*t)->dltensor();
  }
  // The buffer params' binding checks, when the host makes them (binding.h). The entry's call
  // depth check comes first in generated code: with a budget of 0 calls, leave everything to it.
  if (entry->binding.host_runs && limits.call_depth_limit > 0)
    if (auto failed = llvm_jit::run_on_host(entry->binding, args)) {
      const FailSite &s = sites_[static_cast<size_t>(failed->site)];
      return Outcome::error(s.error_class, format_message(s, failed->detail), s.rule,
                            {file_, s.loc});
    }
  llvm_jit::RtContext ctx;
  ctx.counters.step_limit = limits.step_limit;
  ctx.counters.depth_limit = limits.call_depth_limit;
  ctx.memory_limit = limits.memory_limit;
  uint64_t ret[runtime::Value::kMaxLanes] = {};
  const int32_t status = entry->fn(&ctx, ptrs.data(), ret);
  if (status != 0) {
    if (ctx.failed_site < 0 || static_cast<size_t>(ctx.failed_site) >= sites_.size())
      return Outcome(runtime::CrashOutcome{"generated code failed without saying why (status " +
                                               std::to_string(status) + ")",
                                           0, 0});
    const FailSite &s = sites_[static_cast<size_t>(ctx.failed_site)];
    return Outcome::error(s.error_class, format_message(s, ctx.detail), s.rule, {file_, s.loc});
  }
  // [sem.stmt.primfunc.outputs] the tensors' final contents, named after their params.
  runtime::OkOutcome ok;
  for (size_t i = 0; i < args.size(); ++i) {
    if (!f.buffer_for(f.params[i]))
      continue;
    ok.buffers.push_back({f.arg_name(f.params[i]), **std::get_if<runtime::NDArray *>(&args[i])});
  }
  if (ctx.counters.returned && entry->ret) {
    const ir::DataType t = *entry->ret;
    if (t.is_handle())
      ok.ret =
          ret[0] == 0
              ? runtime::Value::null_handle()
              : runtime::Value::handle({runtime::HandleValue::Kind::Opaque, ret[0], 0, nullptr});
    else
      ok.ret = runtime::Value::from_bits(
          t, std::span<const uint64_t>(ret, static_cast<size_t>(t.lanes)));
  }
  return Outcome(std::move(ok));
}

class LlvmBackend final : public Backend {
public:
  explicit LlvmBackend(int level) : level_(level) {}
  std::string name() const override { return level_ == 0 ? "llvm-O0" : "llvm-O2"; }
  Capabilities capabilities() const override {
    Capabilities c;
    c.in_process = true; // generated code runs in this process: run it in a worker (worker.h)
    return c;
  }
  std::vector<Unsupported> unsupported(const ir::IRModule &m) const override {
    return llvm_unsupported(m);
  }
  CompileResult compile(const ir::IRModule &m, const CompileOptions &options) override {
    return std::move(compile_batch({&m, 1}, {&options, 1}).front());
  }
  std::vector<CompileResult> compile_batch(std::span<const ir::IRModule> modules,
                                           std::span<const CompileOptions> options) override;

private:
  int level_;
};

std::vector<CompileResult> LlvmBackend::compile_batch(std::span<const ir::IRModule> modules,
                                                      std::span<const CompileOptions> options) {
  using Clock = std::chrono::steady_clock;
  std::vector<CompileResult> out(modules.size());
  llvm_jit::Jit *jit = nullptr;
  std::optional<llvm_jit::LoweredModule> lowered;
  std::vector<size_t> members; // which modules made it into `lowered`, in order
  try {
    jit = &llvm_jit::Jit::get(level_);
    lowered = llvm_jit::new_module(jit->data_layout(), jit->triple());
    lowered->plant = llvm_jit::plant_from_env(level_); // TEST ONLY; throws on an unknown kind
  } catch (const std::exception &e) {
    for (auto &r : out)
      r.error = e.what();
    return out;
  }
  for (size_t i = 0; i < modules.size(); ++i) {
    const auto t0 = Clock::now();
    out[i].unsupported = llvm_unsupported(modules[i]);
    if (out[i].unsupported.empty()) {
      try {
        llvm_jit::lower_into(*lowered, modules[i], options[i].entries,
                             "p" + std::to_string(i) + ".");
        members.push_back(i);
      } catch (const llvm_jit::UnsupportedError &e) {
        out[i].unsupported.push_back({e.what(), "not implemented by the LLVM backend", e.loc});
      } catch (const std::exception &e) {
        out[i].error = e.what();
      }
    }
    const double s = std::chrono::duration<double>(Clock::now() - t0).count();
    out[i].phases.push_back({"lower", s});
    out[i].seconds += s;
  }
  if (members.empty())
    return out;
  // One optimization and code generation for every program: each gets an equal share.
  std::vector<llvm_jit::LoweredProgram> programs = lowered->programs;
  try {
    llvm_jit::verify(*lowered);
    llvm_jit::Jit::Loaded loaded = jit->load(std::move(*lowered));
    auto dylib = std::make_shared<Dylib>(*jit, loaded.dylib);
    const double share = 1.0 / static_cast<double>(members.size());
    for (size_t k = 0; k < members.size(); ++k) {
      CompileResult &r = out[members[k]];
      std::vector<Entry> entries;
      const auto &infos = programs[k].entries;
      for (size_t e = 0; e < infos.size(); ++e)
        entries.push_back({infos[e].func, infos[e].node, infos[e].ret,
                           reinterpret_cast<EntryFn>(loaded.entries[k][e]), infos[e].binding});
      r.executable =
          std::make_unique<LlvmExecutable>(dylib, modules[members[k]], options[members[k]].file,
                                           std::move(programs[k].sites), std::move(entries));
      r.phases.push_back({"optimize", loaded.optimize_seconds * share});
      r.phases.push_back({"codegen", loaded.codegen_seconds * share});
      r.seconds += (loaded.optimize_seconds + loaded.codegen_seconds) * share;
    }
  } catch (const std::exception &e) {
    for (size_t i : members)
      out[i].error = e.what();
  }
  return out;
}

} // namespace

std::unique_ptr<Backend> make_llvm_backend(int opt_level) {
  return std::make_unique<LlvmBackend>(opt_level);
}

} // namespace tirconf::backends
