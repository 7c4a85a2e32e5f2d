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
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <optional>

#include "backends/registry.h"
#include "backends/wire.h"
#include "ir/tvmscript/reader.h"

namespace tirconf::backends {

namespace {

using Clock = std::chrono::steady_clock;

// ---------------------------------------------------------------- framing

bool write_all(int fd, const void* p, size_t n) {
  const char* c = static_cast<const char*>(p);
  while (n > 0) {
    ssize_t w = ::send(fd, c, n, MSG_NOSIGNAL);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return false;
    c += w;
    n -= static_cast<size_t>(w);
  }
  return true;
}

bool send_message(int fd, const std::string& payload) {
  const uint32_t n = static_cast<uint32_t>(payload.size());
  return write_all(fd, &n, 4) && write_all(fd, payload.data(), payload.size());
}

// Reads exactly n bytes, waiting at most until `deadline` (none: forever). 0 ok, 1 EOF or error,
// 2 timed out.
int read_all(int fd, void* p, size_t n, std::optional<Clock::time_point> deadline) {
  char* c = static_cast<char*>(p);
  while (n > 0) {
    if (deadline) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - Clock::now()).count();
      if (left <= 0) return 2;
      pollfd pfd{fd, POLLIN, 0};
      const int r = ::poll(&pfd, 1, static_cast<int>(std::min<int64_t>(left, 1 << 30)));
      if (r < 0 && errno == EINTR) continue;
      if (r == 0) return 2;
      if (r < 0) return 1;
    }
    ssize_t got = ::read(fd, c, n);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return 1;
    c += got;
    n -= static_cast<size_t>(got);
  }
  return 0;
}

int read_message(int fd, std::string& payload, std::optional<Clock::time_point> deadline) {
  uint32_t n = 0;
  if (int r = read_all(fd, &n, 4, deadline)) return r;
  payload.resize(n);
  return read_all(fd, payload.data(), n, deadline);
}

// ---------------------------------------------------------------- the worker's side

struct CachedExecutable {
  std::string backend, program, file, func;
  std::unique_ptr<Executable> exe;
};

class Server {
 public:
  std::string handle(const std::string& request);

 private:
  Backend* backend(const std::string& name) {
    auto it = backends_.find(name);
    if (it != backends_.end()) return it->second.get();
    auto b = make_backend(name);
    Backend* raw = b.get();
    if (b) backends_[name] = std::move(b);
    return raw;
  }
  std::map<std::string, std::unique_ptr<Backend>> backends_;
  std::deque<CachedExecutable> cache_;  // most recent first
};

std::string reply(WorkerReply::Status s, const std::string& reason) {
  wire::Writer w;
  w.u8(static_cast<uint8_t>(s));
  w.str(reason);
  w.f64(0);
  w.f64(0);
  w.u8(0);
  return w.take();
}

std::string Server::handle(const std::string& request) {
  wire::Reader r(request);
  r.u8();  // op: run
  const std::string name = r.str(), program = r.str(), file = r.str(), func = r.str();
  RunLimits limits;
  limits.step_limit = r.u64();
  limits.call_depth_limit = static_cast<int>(r.u32());
  limits.memory_limit = r.u64();
  const uint32_t n = r.u32();
  std::vector<std::optional<runtime::NDArray>> tensors(n);
  std::vector<runtime::Argument> args;
  for (uint32_t i = 0; i < n && r.ok(); ++i) {
    const uint8_t kind = r.u8();
    if (kind == 0) {
      tensors[i] = r.array();
      args.emplace_back(tensors[i] ? &*tensors[i] : nullptr);
    } else if (kind == 1) {
      args.emplace_back(r.value());
    } else {
      args.emplace_back(static_cast<runtime::NDArray*>(nullptr));
    }
  }
  if (!r.ok() || !r.at_end()) return reply(WorkerReply::Status::BadRequest, "malformed request");
  Backend* b = backend(name);
  if (!b) {
    const BackendInfo* info = find_backend(name);
    return reply(WorkerReply::Status::NotBuilt, info ? info->not_built : "unknown backend " + name);
  }
  Executable* exe = nullptr;
  bool cached = false;
  double compile_seconds = 0;
  for (auto it = cache_.begin(); it != cache_.end(); ++it) {
    if (it->backend == name && it->func == func && it->file == file && it->program == program) {
      CachedExecutable hit = std::move(*it);
      cache_.erase(it);
      cache_.push_front(std::move(hit));
      exe = cache_.front().exe.get();
      cached = true;
      break;
    }
  }
  if (!exe) {
    ir::ReadResult read = ir::read_tvmscript(program, file);
    if (!read.ok()) {
      std::string why = "the program does not read";
      if (!read.diagnostics.empty()) why += ": " + ir::format(read.diagnostics.front());
      return reply(WorkerReply::Status::BadRequest, why);
    }
    CompileOptions options;
    options.entries = {func};
    options.file = file;
    CompileResult c = b->compile(read.module, options);
    if (!c.unsupported.empty()) {
      std::string why;
      for (const auto& u : c.unsupported) why += (why.empty() ? "" : "\n") + to_string(u);
      return reply(WorkerReply::Status::Unsupported, why);
    }
    if (!c.executable) return reply(WorkerReply::Status::CompileError, c.error);
    compile_seconds = c.seconds;
    cache_.push_front({name, program, file, func, std::move(c.executable)});
    if (cache_.size() > 4) cache_.pop_back();
    exe = cache_.front().exe.get();
  }
  const auto start = Clock::now();
  runtime::Outcome outcome = exe->run(func, args, limits);
  const double run_seconds = std::chrono::duration<double>(Clock::now() - start).count();
  wire::Writer w;
  w.u8(static_cast<uint8_t>(WorkerReply::Status::Ran));
  w.str("");
  w.f64(compile_seconds);
  w.f64(run_seconds);
  w.u8(cached ? 1 : 0);
  w.outcome(outcome);
  return w.take();
}

[[noreturn]] void serve(int fd) {
  Server server;
  std::string request;
  while (read_message(fd, request, std::nullopt) == 0) {
    if (request.empty() || static_cast<uint8_t>(request[0]) != 1) break;
    std::string out;
    try {
      out = server.handle(request);
    } catch (const std::exception& e) {
      out = reply(WorkerReply::Status::CompileError, std::string("worker: ") + e.what());
    }
    if (!send_message(fd, out)) break;
  }
  ::_exit(0);
}

std::string signal_name(int sig) {
  switch (sig) {
  case SIGSEGV: return "SIGSEGV";
  case SIGBUS: return "SIGBUS";
  case SIGFPE: return "SIGFPE";
  case SIGILL: return "SIGILL";
  case SIGABRT: return "SIGABRT";
  case SIGKILL: return "SIGKILL";
  case SIGTRAP: return "SIGTRAP";
  default: return "signal " + std::to_string(sig);
  }
}

}  // namespace

// ---------------------------------------------------------------- the caller's side

Worker::~Worker() { stop(); }

bool Worker::start() {
  int fds[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) return false;
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
    if (::getppid() != parent) ::_exit(0);
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
  if (pid_ < 0) return;
  ::close(fd_);
  ::kill(pid_, SIGKILL);
  int status = 0;
  ::waitpid(pid_, &status, 0);
  pid_ = -1;
  fd_ = -1;
}

WorkerReply Worker::run(const WorkerRequest& req) {
  WorkerReply out;
  if (pid_ < 0 && !start()) {
    out.outcome = runtime::Outcome(runtime::CrashOutcome{"cannot start a worker process: " + std::string(std::strerror(errno)), 0, 0});
    return out;
  }
  wire::Writer w;
  w.u8(1);
  w.str(req.backend);
  w.str(req.program);
  w.str(req.file);
  w.str(req.func);
  w.u64(req.limits.step_limit);
  w.u32(static_cast<uint32_t>(req.limits.call_depth_limit));
  w.u64(req.limits.memory_limit);
  w.u32(static_cast<uint32_t>(req.args.size()));
  for (const auto& a : req.args) {
    if (const auto* t = std::get_if<runtime::NDArray*>(&a)) {
      if (*t && (*t)->valid()) {
        w.u8(0);
        w.array(**t);
      } else {
        w.u8(2);
      }
    } else {
      w.u8(1);
      w.value(std::get<runtime::Value>(a));
    }
  }
  const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(req.timeout_seconds));
  std::string payload;
  int r = send_message(fd_, w.data()) ? read_message(fd_, payload, deadline) : 1;
  if (r == 2) {
    stop();
    out.outcome = runtime::Outcome(runtime::TimeoutOutcome{req.timeout_seconds, "no reply within the time limit (compile and run)"});
    return out;
  }
  if (r != 0) {
    // The worker died: say how.
    ::close(fd_);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
    fd_ = -1;
    runtime::CrashOutcome c;
    if (WIFSIGNALED(status)) {
      c.signal = WTERMSIG(status);
      c.detail = "killed by " + signal_name(c.signal);
    } else if (WIFEXITED(status)) {
      c.exit_code = WEXITSTATUS(status);
      c.detail = "worker exited with code " + std::to_string(c.exit_code);
    } else {
      c.detail = "worker stopped";
    }
    out.outcome = runtime::Outcome(std::move(c));
    return out;
  }
  wire::Reader rd(payload);
  out.status = static_cast<WorkerReply::Status>(rd.u8());
  out.reason = rd.str();
  out.compile_seconds = rd.f64();
  out.run_seconds = rd.f64();
  out.cached = rd.u8() != 0;
  if (out.status == WorkerReply::Status::Ran) out.outcome = rd.outcome();
  if (!rd.ok()) {
    stop();
    out.status = WorkerReply::Status::Ran;
    out.outcome = runtime::Outcome(runtime::CrashOutcome{"malformed reply from the worker", 0, 0});
  }
  return out;
}

}  // namespace tirconf::backends
