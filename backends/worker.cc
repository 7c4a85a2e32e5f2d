#include "backends/worker.h"

#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <optional>

#include "backends/direct_runner.h"
#include "backends/frame.h"
#include "backends/registry.h"
#include "backends/wire.h"
#include "ir/tvmscript/reader.h"

namespace tirconf::backends {

namespace {

using Clock = std::chrono::steady_clock;

// ---------------------------------------------------------------- the worker's side

struct CachedExecutable {
  std::string backend, program, file, func;
  std::unique_ptr<Executable> exe;
};

// One decoded run request (the body after the op byte).
struct Request {
  std::string backend, program, file, func;
  RunLimits limits;
  std::vector<std::optional<runtime::NDArray>> tensors;
  std::vector<runtime::Argument> args;
};

bool read_request(wire::Reader &r, Request &q) {
  q.backend = r.str();
  q.program = r.str();
  q.file = r.str();
  q.func = r.str();
  q.limits.step_limit = r.u64();
  q.limits.call_depth_limit = static_cast<int>(r.u32());
  q.limits.memory_limit = r.u64();
  const uint32_t n = r.u32();
  if (n > 4096)
    return false;
  q.tensors.resize(n);
  for (uint32_t i = 0; i < n && r.ok(); ++i) {
    switch (static_cast<wire::ArgKind>(r.u8())) {
    case wire::ArgKind::Tensor:
      q.tensors[i] = r.array();
      q.args.emplace_back(q.tensors[i] ? &*q.tensors[i] : nullptr);
      break;
    case wire::ArgKind::Scalar:
      q.args.emplace_back(r.value());
      break;
    case wire::ArgKind::NoTensor:
      q.args.emplace_back(static_cast<runtime::NDArray *>(nullptr));
      break;
    default:
      return false;
    }
  }
  return r.ok();
}

void write_request(wire::Writer &w, const WorkerRequest &req) {
  w.str(req.backend);
  w.str(req.program);
  w.str(req.file);
  w.str(req.func);
  w.u64(req.limits.step_limit);
  w.u32(static_cast<uint32_t>(req.limits.call_depth_limit));
  w.u64(req.limits.memory_limit);
  w.u32(static_cast<uint32_t>(req.args.size()));
  for (const auto &a : req.args) {
    if (const auto *t = std::get_if<runtime::NDArray *>(&a)) {
      if (*t && (*t)->valid()) {
        w.u8(static_cast<uint8_t>(wire::ArgKind::Tensor));
        w.array(**t);
      } else {
        w.u8(static_cast<uint8_t>(wire::ArgKind::NoTensor));
      }
    } else {
      w.u8(static_cast<uint8_t>(wire::ArgKind::Scalar));
      w.value(std::get<runtime::Value>(a));
    }
  }
}

std::string reply(wire::ReplyStatus s, const std::string &reason) {
  wire::Writer w;
  w.u8(static_cast<uint8_t>(s));
  w.str(reason);
  w.f64(0);
  w.f64(0);
  w.u8(0);
  return w.take();
}

std::string ran(const runtime::Outcome &outcome, double compile_seconds, double run_seconds,
                bool cached) {
  wire::Writer w;
  w.u8(static_cast<uint8_t>(wire::ReplyStatus::Ran));
  w.str("");
  w.f64(compile_seconds);
  w.f64(run_seconds);
  w.u8(cached ? 1 : 0);
  w.outcome(outcome);
  return w.take();
}

std::string unsupported_reply(const CompileResult &c) {
  std::string why;
  for (const auto &u : c.unsupported)
    why += (why.empty() ? "" : "\n") + to_string(u);
  return reply(wire::ReplyStatus::Unsupported, why);
}

class Server {
public:
  explicit Server(int fd) : fd_(fd) {}
  // Handles one request message; false when the connection should end.
  bool handle(const std::string &request);

private:
  Backend *backend(const std::string &name) {
    auto it = backends_.find(name);
    if (it != backends_.end())
      return it->second.get();
    auto b = make_backend(name);
    Backend *raw = b.get();
    if (b)
      backends_[name] = std::move(b);
    return raw;
  }
  std::string not_built(const std::string &name) {
    const BackendInfo *info = find_backend(name);
    return reply(wire::ReplyStatus::NotBuilt, info ? info->not_built : "unknown backend " + name);
  }
  std::string run_one(Request &q);
  bool run_batch(std::vector<Request> &qs);
  bool send(const std::string &m) { return write_frame(fd_, m); }
  // The program read from its text, or the reason it does not read. The caller compiles one
  // program for several backends in turn (diff: llvm-O0, then llvm-O2), so the worker keeps the
  // last programs it read: modules are immutable, and each backend lowers its own copy.
  const ir::ReadResult &read(const std::string &program, const std::string &file);

  int fd_;
  std::map<std::string, std::unique_ptr<Backend>> backends_;
  std::deque<CachedExecutable> cache_;               // most recent first
  std::map<std::string, ir::ReadResult> read_cache_; // key: file, NUL, program text
  std::deque<std::string> read_order_;               // oldest first
};

const ir::ReadResult &Server::read(const std::string &program, const std::string &file) {
  // Enough for two batches of the largest size `tirconf diff` uses by default and then some.
  constexpr size_t kKeep = 256;
  std::string key = file + '\0' + program;
  if (auto it = read_cache_.find(key); it != read_cache_.end())
    return it->second;
  if (read_order_.size() >= kKeep) {
    read_cache_.erase(read_order_.front());
    read_order_.pop_front();
  }
  read_order_.push_back(key);
  return read_cache_.emplace(std::move(key), ir::read_tvmscript(program, file)).first->second;
}

bool Server::handle(const std::string &request) {
  wire::Reader r(request);
  const auto op = static_cast<wire::Op>(r.u8());
  if (op == wire::Op::Run) {
    Request q;
    if (!read_request(r, q) || !r.at_end())
      return send(reply(wire::ReplyStatus::BadRequest, "malformed request"));
    return send(run_one(q));
  }
  if (op == wire::Op::Batch) {
    const uint32_t n = r.u32();
    std::vector<Request> qs(n);
    bool ok = n <= 4096;
    for (uint32_t i = 0; ok && i < n; ++i)
      ok = read_request(r, qs[i]);
    if (!ok || !r.at_end()) {
      // Every reply still comes, so the caller's count stays right.
      if (!send(std::string(1, static_cast<char>(wire::kBatchCompiled))))
        return false;
      for (uint32_t i = 0; i < n; ++i)
        if (!send(reply(wire::ReplyStatus::BadRequest, "malformed request")))
          return false;
      return true;
    }
    return run_batch(qs);
  }
  return false; // quit, or an unknown op
}

std::string Server::run_one(Request &q) {
  Backend *b = backend(q.backend);
  if (!b)
    return not_built(q.backend);
  Executable *exe = nullptr;
  bool cached = false;
  double compile_seconds = 0;
  for (auto it = cache_.begin(); it != cache_.end(); ++it) {
    if (it->backend == q.backend && it->func == q.func && it->file == q.file &&
        it->program == q.program) {
      CachedExecutable hit = std::move(*it);
      cache_.erase(it);
      cache_.push_front(std::move(hit));
      exe = cache_.front().exe.get();
      cached = true;
      break;
    }
  }
  if (!exe) {
    const ir::ReadResult &read = this->read(q.program, q.file);
    if (!read.ok()) {
      std::string why = "the program does not read";
      if (!read.diagnostics.empty())
        why += ": " + ir::format(read.diagnostics.front());
      return reply(wire::ReplyStatus::BadRequest, why);
    }
    CompileOptions options;
    options.entries = {q.func};
    options.file = q.file;
    CompileResult c = b->compile(read.module, options);
    if (!c.unsupported.empty())
      return unsupported_reply(c);
    if (c.rejected)
      return ran(runtime::Outcome(*c.rejected), c.seconds, 0, false);
    if (!c.executable)
      return reply(wire::ReplyStatus::CompileError, c.error);
    compile_seconds = c.seconds;
    cache_.push_front({q.backend, q.program, q.file, q.func, std::move(c.executable)});
    if (cache_.size() > 4)
      cache_.pop_back();
    exe = cache_.front().exe.get();
  }
  const auto start = Clock::now();
  runtime::Outcome outcome = exe->run(q.func, q.args, q.limits);
  return ran(outcome, compile_seconds, std::chrono::duration<double>(Clock::now() - start).count(),
             cached);
}

// One compilation for every program of the batch, a "compiled" message, then one reply per
// program as each run ends: a crash in program k leaves the caller the replies before it.
bool Server::run_batch(std::vector<Request> &qs) {
  std::vector<std::string> early(qs.size()); // replies known before running
  std::vector<ir::IRModule> modules;
  std::vector<CompileOptions> options;
  std::vector<size_t> members;
  Backend *b = qs.empty() ? nullptr : backend(qs.front().backend);
  for (size_t i = 0; i < qs.size(); ++i) {
    if (!b || qs[i].backend != qs.front().backend) {
      early[i] = b ? reply(wire::ReplyStatus::BadRequest, "one backend per batch")
                   : not_built(qs[i].backend);
      continue;
    }
    const ir::ReadResult &read = this->read(qs[i].program, qs[i].file);
    if (!read.ok()) {
      early[i] =
          reply(wire::ReplyStatus::BadRequest,
                "the program does not read" + (read.diagnostics.empty()
                                                   ? std::string()
                                                   : ": " + ir::format(read.diagnostics.front())));
      continue;
    }
    modules.push_back(read.module);
    options.push_back({{qs[i].func}, qs[i].file, {}});
    members.push_back(i);
  }
  std::vector<CompileResult> compiled;
  if (b && !modules.empty())
    compiled = b->compile_batch(modules, options);
  if (!send(std::string(1, static_cast<char>(wire::kBatchCompiled))))
    return false;
  size_t k = 0;
  for (size_t i = 0; i < qs.size(); ++i) {
    if (!early[i].empty()) {
      if (!send(early[i]))
        return false;
      continue;
    }
    CompileResult &c = compiled[k++];
    if (!c.unsupported.empty()) {
      if (!send(unsupported_reply(c)))
        return false;
      continue;
    }
    if (c.rejected) {
      if (!send(ran(runtime::Outcome(*c.rejected), c.seconds, 0, false)))
        return false;
      continue;
    }
    if (!c.executable) {
      if (!send(reply(wire::ReplyStatus::CompileError, c.error)))
        return false;
      continue;
    }
    const auto start = Clock::now();
    runtime::Outcome outcome = c.executable->run(qs[i].func, qs[i].args, qs[i].limits);
    if (!send(ran(outcome, c.seconds, std::chrono::duration<double>(Clock::now() - start).count(),
                  false)))
      return false;
  }
  return true;
}

[[noreturn]] void serve(int fd) {
  Server server(fd);
  std::string request;
  while (read_frame(fd, request) == FrameRead::Ok) {
    bool go_on = false;
    try {
      go_on = server.handle(request);
    } catch (const std::exception &e) {
      go_on = write_frame(
          fd, reply(wire::ReplyStatus::CompileError, std::string("worker: ") + e.what()));
    }
    if (!go_on)
      break;
  }
  ::_exit(0);
}

} // namespace

// ---------------------------------------------------------------- the caller's side

Worker::Worker() = default;

Worker::~Worker() {
  stop();
}

bool Worker::start() {
  int fds[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0)
    return false;
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    return false;
  }
  if (pid == 0) {
    ::close(fds[0]);
    // Die with the caller; no core files from crashing generated code.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent)
      ::_exit(0);
    rlimit no_core{0, 0};
    ::setrlimit(RLIMIT_CORE, &no_core);
    serve(fds[1]);
  }
  ::close(fds[1]);
  pid_ = pid;
  fd_ = fds[0];
  ++starts_;
  return true;
}

void Worker::stop() {
  if (pid_ < 0)
    return;
  static const double wait = [] {
    const char *e = std::getenv("TIRCONF_WORKER_EXIT_WAIT");
    char *end = nullptr;
    const double s = e ? std::strtod(e, &end) : 0.05;
    return e && (end == e || s < 0) ? 0.05 : s;
  }();
  if (write_frame(fd_, std::string(1, static_cast<char>(wire::Op::Quit)))) {
    const auto until = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                          std::chrono::duration<double>(wait));
    while (Clock::now() < until) {
      int status = 0;
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        ::close(fd_);
        pid_ = -1;
        fd_ = -1;
        return;
      }
      ::usleep(200);
    }
  }
  kill_now();
}

void Worker::kill_now() {
  if (pid_ < 0)
    return;
  ::close(fd_);
  ::kill(pid_, SIGKILL);
  int status = 0;
  ::waitpid(pid_, &status, 0);
  pid_ = -1;
  fd_ = -1;
}

namespace {

WorkerReply::Status status_of(wire::ReplyStatus s) {
  switch (s) {
  case wire::ReplyStatus::Ran:
    return WorkerReply::Status::Ran;
  case wire::ReplyStatus::Unsupported:
    return WorkerReply::Status::Unsupported;
  case wire::ReplyStatus::CompileError:
    return WorkerReply::Status::CompileError;
  case wire::ReplyStatus::NotBuilt:
    return WorkerReply::Status::NotBuilt;
  case wire::ReplyStatus::BadRequest:
    return WorkerReply::Status::BadRequest;
  }
  return WorkerReply::Status::BadRequest;
}

WorkerReply decode_reply(const std::string &payload) {
  WorkerReply out;
  wire::Reader rd(payload);
  const uint8_t status = rd.u8();
  out.status = status_of(static_cast<wire::ReplyStatus>(status));
  out.reason = rd.str();
  out.compile_seconds = rd.f64();
  out.run_seconds = rd.f64();
  out.cached = rd.u8() != 0;
  if (out.status == WorkerReply::Status::Ran)
    out.outcome = rd.outcome();
  if (!rd.ok() || status > wire::kLastReplyStatus) {
    out.status = WorkerReply::Status::Ran;
    out.outcome = runtime::Outcome(runtime::CrashOutcome{"malformed reply from the worker", 0, 0});
  }
  return out;
}

Clock::time_point after(double seconds) {
  return Clock::now() +
         std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

} // namespace

runtime::Outcome Worker::died() {
  ::close(fd_);
  int status = 0;
  ::waitpid(pid_, &status, 0);
  pid_ = -1;
  fd_ = -1;
  runtime::CrashOutcome c;
  if (WIFSIGNALED(status)) {
    c.signal = WTERMSIG(status);
    c.detail = "killed by " + runtime::signal_name(c.signal);
  } else if (WIFEXITED(status)) {
    c.exit_code = WEXITSTATUS(status);
    c.detail = "worker exited with code " + std::to_string(c.exit_code);
  } else {
    c.detail = "worker stopped";
  }
  return runtime::Outcome(std::move(c));
}

// Waits for one message; on a timeout or a dead worker, `failed` says which outcome to report.
bool Worker::receive(std::string &payload, Clock::time_point deadline, double limit,
                     runtime::Outcome &failed) {
  const FrameRead r = read_frame(fd_, payload, deadline);
  if (r == FrameRead::Ok)
    return true;
  if (r == FrameRead::TimedOut) {
    kill_now();
    failed = runtime::Outcome(
        runtime::TimeoutOutcome{limit, "no reply within the time limit (compile and run)"});
  } else {
    failed = died();
  }
  return false;
}

static bool runs_directly(const std::string &backend) {
  const BackendInfo *info = find_backend(backend);
  return info && info->external;
}

WorkerReply Worker::run(const WorkerRequest &req) {
  if (runs_directly(req.backend)) {
    if (!direct_)
      direct_ = std::make_unique<DirectRunner>();
    return direct_->run(req);
  }
  WorkerReply out;
  if (pid_ < 0 && !start()) {
    out.outcome = runtime::Outcome(runtime::CrashOutcome{
        "cannot start a worker process: " + std::string(std::strerror(errno)), 0, 0});
    return out;
  }
  wire::Writer w;
  w.u8(static_cast<uint8_t>(wire::Op::Run));
  write_request(w, req);
  std::string payload;
  runtime::Outcome failed;
  if (!write_frame(fd_, w.data())) {
    out.outcome = died();
    return out;
  }
  if (!receive(payload, after(req.timeout_seconds), req.timeout_seconds, failed)) {
    out.outcome = std::move(failed);
    return out;
  }
  return decode_reply(payload);
}

std::vector<WorkerReply> Worker::run_batch(std::span<const WorkerRequest> reqs) {
  std::vector<WorkerReply> out(reqs.size());
  for (auto &r : out)
    r.status = WorkerReply::Status::Lost;
  if (reqs.empty())
    return out;
  if (runs_directly(reqs.front().backend)) {
    for (size_t i = 0; i < reqs.size(); ++i)
      out[i] = run(reqs[i]);
    return out;
  }
  if (pid_ < 0 && !start()) {
    for (auto &r : out)
      r.reason = "cannot start a worker process";
    return out;
  }
  wire::Writer w;
  w.u8(static_cast<uint8_t>(wire::Op::Batch));
  w.u32(static_cast<uint32_t>(reqs.size()));
  for (const auto &r : reqs)
    write_request(w, r);
  std::string payload;
  runtime::Outcome failed;
  if (!write_frame(fd_, w.data())) {
    died();
    for (auto &r : out)
      r.reason = "the worker died before the batch was compiled";
    return out;
  }
  // Compiling the batch may take as long as compiling its programs one by one.
  const double compile_limit = reqs.front().timeout_seconds * static_cast<double>(reqs.size());
  if (!receive(payload, after(compile_limit), compile_limit, failed)) {
    for (auto &r : out)
      r.reason = "the batch's compilation " + runtime::to_string(failed);
    return out;
  }
  for (size_t i = 0; i < reqs.size(); ++i) {
    if (!receive(payload, after(reqs[i].timeout_seconds), reqs[i].timeout_seconds, failed)) {
      out[i].status = WorkerReply::Status::Ran;
      out[i].outcome = std::move(failed);
      for (size_t j = i + 1; j < reqs.size(); ++j)
        out[j].reason = "not run: an earlier program of the batch ended the worker";
      return out;
    }
    out[i] = decode_reply(payload);
  }
  return out;
}

} // namespace tirconf::backends
