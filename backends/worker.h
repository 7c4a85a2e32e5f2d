// Running backends so that generated code cannot take the caller down: a worker process that
// compiles and runs programs on request. A crash (signal, abort, exit) becomes a crash outcome and
// a hang past the timeout a timeout outcome; the next request starts a fresh worker.
//
// The worker is a fork of the calling process, made when first needed and reused for every
// request until it dies or is killed (forking per run would cost a page-table copy of this large
// process each time). It reads the program as TVMScript text, so that it runs exactly what a
// finding file will contain, and keeps the last few compiled executables, so that the cases of
// one file, or llvm-O0 then llvm-O2 on one program, read it once.
//
// Protocol (wire.h: its codes and encodings), over a Unix socket pair, one frame per message
// (frame.h: a u32 byte count and a payload).
//   request: u8 Op::Run; str backend; str program; str file; str func;
//            u64 step_limit; u32 call_depth_limit; u64 memory_limit;
//            u32 n; n arguments, each u8 ArgKind (Tensor: array; Scalar: value; NoTensor)
//   reply:   u8 ReplyStatus (Ran, Unsupported, CompileError, NotBuilt, BadRequest);
//            str reason; f64 compile_seconds; f64 run_seconds; u8 cached; outcome (Ran only)
//   batch:   u8 Op::Batch; u32 n; n run requests without their op byte. The worker compiles them
//            together (Backend::compile_batch), sends the one byte kBatchCompiled, then one
//            reply per program, in order, each as soon as its run ends.
//   quit:    u8 Op::Quit; the worker exits.
// An out-of-process adapter (another TIR implementation in its own process) can speak the same
// protocol.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "backends/backend.h"
#include "runtime/argument.h"
#include "runtime/outcome.h"

namespace tirconf::backends {

struct WorkerRequest {
  std::string backend;               // a name from registry.h
  std::string program;               // TVMScript text of the module
  std::string file;                  // its file name, for locations
  std::string func;                  // the entry PrimFunc
  std::span<runtime::Argument> args; // read only: the worker runs on copies
  RunLimits limits;
  double timeout_seconds = 10; // compile and run together
};

struct WorkerReply {
  // Lost: not run, because the worker died or hung on an earlier program of its batch, or
  // while compiling the batch; run it again (alone) to know its outcome.
  enum class Status { Ran, Unsupported, CompileError, NotBuilt, BadRequest, Lost };
  Status status = Status::Ran;
  std::string reason; // Unsupported (one construct per line), CompileError, NotBuilt, BadRequest
  runtime::Outcome outcome; // Ran: what the run ended in, crash and timeout included
  double compile_seconds = 0;
  double run_seconds = 0;
  bool cached = false; // the executable came from the worker's cache
};

class DirectRunner;

class Worker {
public:
  Worker();
  Worker(const Worker &) = delete;
  Worker &operator=(const Worker &) = delete;
  ~Worker();

  WorkerReply run(const WorkerRequest &request);
  // Compiles the requests together (one backend for all) and runs them in order; one reply per
  // request. A crash or hang is the reply of the program it happened in; the programs after it
  // come back Lost. The first program's deadline also covers the batch's compilation.
  std::vector<WorkerReply> run_batch(std::span<const WorkerRequest> requests);
  // Ends the worker process (the next run starts a new one), e.g. after a finding, so that a
  // run that corrupted the worker's memory cannot affect later ones. An idle worker is asked to
  // quit and given a moment to exit by itself (so that tools watching it, such as valgrind
  // --trace-children, see a normal exit): 50 ms, or TIRCONF_WORKER_EXIT_WAIT seconds; then it
  // is killed.
  void stop();
  int starts() const { return starts_; }

private:
  bool start();
  // Requests for an external implementation run here: it isolates itself.
  std::unique_ptr<DirectRunner> direct_;
  runtime::Outcome died(); // reaps the dead worker and says how it ended
  bool receive(std::string &payload, std::chrono::steady_clock::time_point deadline, double limit,
               runtime::Outcome &failed);
  void kill_now(); // a worker that may be busy (past its deadline): SIGKILL at once
  pid_t pid_ = -1;
  int fd_ = -1;
  int starts_ = 0;
};

} // namespace tirconf::backends
