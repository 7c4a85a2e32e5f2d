// One external implementation's worker process (PROTOCOL.md) seen as a request/response service
// that survives the worker: a request to a worker that crashed, hung or broke the protocol ends
// in a reply saying so, the worker is killed, and the next request starts a fresh one (and says
// hello again). `generation()` counts starts, so that what a worker held (compiled handles) is
// known to be gone.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "backends/external/child_process.h"
#include "backends/external/impl_config.h"
#include "backends/external/json_frame.h"

namespace tirconf::backends::external {

constexpr int kProtocolVersion = 2;

struct Reply {
  enum class Status {
    Answered,      // `frame` is the worker's response
    Crashed,       // the worker died before answering (`exit` says how)
    TimedOut,      // no answer before the deadline; the worker was killed
    ProtocolError, // the answer was not a frame, or its header not a JSON object
    Unavailable,   // the worker could not be started, or its hello refused or failed
  };
  Status status = Status::Answered;
  Frame frame;
  ChildExit exit;
  std::string detail; // what went wrong, with the tail of the worker's stderr
};

// What the worker said in answer to hello.
struct Hello {
  std::string name, version, build, dialect;
  nlohmann::json capabilities = nlohmann::json::object();
  nlohmann::json unsupported = nlohmann::json::array();
};

class ExternalWorker {
public:
  explicit ExternalWorker(ImplConfig config) : config_(std::move(config)) {}
  ExternalWorker(const ExternalWorker &) = delete;
  ExternalWorker &operator=(const ExternalWorker &) = delete;
  ~ExternalWorker();

  const ImplConfig &config() const { return config_; }
  // Starts the worker if none runs; nullopt, with `why`, when it cannot be had.
  const Hello *hello(std::string *why);
  Reply request(const Frame &request, double timeout_seconds);
  // Asks the worker to quit, waits a moment, then kills it.
  void stop();
  int generation() const { return generation_; }

private:
  bool start(std::string *why);
  Reply fail(Reply::Status status, std::string detail);

  ImplConfig config_;
  std::unique_ptr<ChildProcess> child_;
  std::optional<Hello> hello_;
  std::string unavailable_; // once hello was refused: why (a refusal is not retried)
  int generation_ = 0;
};

} // namespace tirconf::backends::external
