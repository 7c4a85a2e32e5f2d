// run(): type-check, then interpret the entry PrimFunc on a thread with a large stack (deeply
// nested programs and recursion up to the call depth budget must not overflow the caller's
// stack), turning every way a run can end into one Outcome.
#include "oracle/eval/interpreter.h"

#include <pthread.h>

#include <exception>

#include "oracle/eval/invoke.h"
#include "oracle/eval/machine.h"
#include "oracle/eval/trap.h"
#include "oracle/typecheck/checker.h"

namespace tirconf::oracle {

namespace {

runtime::Outcome invalid(std::string file, std::string message) {
  ir::Diagnostic d;
  d.file = std::move(file);
  d.message = std::move(message);
  return runtime::Outcome(runtime::InvalidOutcome{ir::Diagnostics{std::move(d)}});
}

struct Job {
  const ir::IRModuleNode *module;
  const ir::PrimFuncNode *func;
  std::span<Argument> args;
  const RunOptions *options;
  runtime::Outcome outcome;
};

void interpret(Job &job) {
  eval::Machine m(*job.module, *job.options);
  try {
    runtime::Value ret = eval::call_entry(m, *job.func, job.args);
    runtime::OkOutcome ok;
    for (size_t i = 0; i < job.func->params.size() && i < job.args.size(); ++i) {
      if (!job.func->buffer_for(job.func->params[i]))
        continue;
      if (auto *const *t = std::get_if<runtime::NDArray *>(&job.args[i]); t && *t)
        ok.buffers.push_back({job.func->arg_name(job.func->params[i]), **t});
    }
    if (!ret.is_void())
      ok.ret = std::move(ret);
    job.outcome = runtime::Outcome(std::move(ok));
  } catch (eval::Trap &t) {
    job.outcome = std::move(t.outcome);
  } catch (eval::OracleBug &b) {
    job.outcome = std::move(b.outcome);
  } catch (const std::exception &e) {
    // The oracle's own code failed: as much an oracle bug as a broken promise of the checker.
    job.outcome = runtime::Outcome(runtime::InternalErrorOutcome{
        "", {job.options->file, {}}, std::string("exception: ") + e.what()});
  }
  if (job.options->coverage)
    m.flush_coverage(*job.options->coverage);
  if (RunStats *s = job.options->stats) {
    s->steps = m.steps;
    s->peak_data_bytes = m.memory.peak_data_bytes();
    s->peak_shadow_bytes = m.memory.peak_shadow_bytes();
  }
}

void *interpret_thread(void *p) {
  interpret(*static_cast<Job *>(p));
  return nullptr;
}

} // namespace

runtime::Outcome run(const ir::IRModule &m, std::string_view func, std::span<Argument> args,
                     const RunOptions &options) {
  if (!m)
    return invalid(options.file, "no module");
  CheckOptions check = options.check;
  check.readings = options.readings;
  ir::Diagnostics diagnostics = check_module(m, options.file, check);
  if (!diagnostics.empty())
    return runtime::Outcome(runtime::InvalidOutcome{std::move(diagnostics)});
  ir::PrimFunc f = m->lookup(func);
  if (!f)
    return invalid(options.file, "no PrimFunc named '" + std::string(func) + "'");
  Job job{m.get(), f.get(), args, &options, {}};
  pthread_attr_t attr;
  pthread_t thread;
  bool threaded = pthread_attr_init(&attr) == 0;
  threaded = threaded && pthread_attr_setstacksize(&attr, size_t{512} << 20) == 0 &&
             pthread_create(&thread, &attr, interpret_thread, &job) == 0;
  if (threaded)
    pthread_join(thread, nullptr);
  else
    interpret(job); // no thread to be had: the caller's stack will do
  pthread_attr_destroy(&attr);
  job.outcome.readings = options.readings.text();
  return std::move(job.outcome);
}

} // namespace tirconf::oracle
