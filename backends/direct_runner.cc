#include "backends/direct_runner.h"

#include <chrono>

#include "backends/registry.h"

namespace tirconf::backends {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

WorkerReply status_reply(WorkerReply::Status s, std::string reason) {
  WorkerReply r;
  r.status = s;
  r.reason = std::move(reason);
  return r;
}

} // namespace

Backend *DirectRunner::backend(const std::string &name, std::string *why) {
  auto it = backends_.find(name);
  if (it == backends_.end())
    it = backends_.emplace(name, make_backend(name)).first;
  if (!it->second) {
    const BackendInfo *info = find_backend(name);
    *why = info ? name + ": " + info->not_built : "unknown backend '" + name + "'";
    return nullptr;
  }
  if (auto u = it->second->unavailable()) {
    *why = *u;
    return nullptr;
  }
  return it->second.get();
}

WorkerReply DirectRunner::run(const WorkerRequest &q) {
  std::string why;
  Backend *b = backend(q.backend, &why);
  if (!b)
    return status_reply(WorkerReply::Status::NotBuilt, why);
  WorkerReply out;
  Executable *exe = nullptr;
  for (auto it = cache_.begin(); it != cache_.end(); ++it) {
    if (it->backend == q.backend && it->func == q.func && it->file == q.file &&
        it->program == q.program) {
      exe = it->exe.get();
      out.cached = true;
      break;
    }
  }
  if (!exe) {
    ir::ReadResult read = ir::read_tvmscript(q.program, q.file);
    if (!read.ok())
      return status_reply(WorkerReply::Status::BadRequest,
                          "the program does not read" +
                              (read.diagnostics.empty()
                                   ? std::string()
                                   : ": " + ir::format(read.diagnostics.front())));
    CompileOptions options;
    options.entries = {q.func};
    options.file = q.file;
    options.source = q.program;
    CompileResult c = b->compile(read.module, options);
    out.compile_seconds = c.seconds;
    if (!c.unsupported.empty()) {
      std::string reasons;
      for (const auto &u : c.unsupported)
        reasons += (reasons.empty() ? "" : "\n") + to_string(u);
      return status_reply(WorkerReply::Status::Unsupported, reasons);
    }
    if (c.rejected) {
      out.outcome = runtime::Outcome(*c.rejected);
      return out;
    }
    if (!c.executable)
      return status_reply(WorkerReply::Status::CompileError, c.error);
    cache_.push_front({q.backend, q.program, q.file, q.func, std::move(c.executable)});
    if (cache_.size() > 4)
      cache_.pop_back();
    exe = cache_.front().exe.get();
  }
  // The request's arguments are the caller's, read only as for a forked worker (which runs on
  // its own copies): the run gets copies, so that what it writes never reaches a finding's
  // record of the inputs.
  std::vector<runtime::NDArray> tensors;
  tensors.reserve(q.args.size());
  std::vector<runtime::Argument> args;
  for (const runtime::Argument &a : q.args) {
    const auto *t = std::get_if<runtime::NDArray *>(&a);
    if (t && *t) {
      tensors.push_back(**t);
      args.emplace_back(&tensors.back());
    } else {
      args.push_back(a);
    }
  }
  const auto start = Clock::now();
  out.outcome = exe->run(q.func, args, q.limits);
  out.run_seconds = seconds_since(start);
  return out;
}

} // namespace tirconf::backends
