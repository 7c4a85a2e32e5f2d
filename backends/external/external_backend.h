// An external implementation (PROTOCOL.md) as a Backend: modules are printed as TVMScript and
// compiled by the worker; runs send their tensors and scalars and receive the final contents.
// A worker that crashes or hangs on a run becomes that run's crash / timeout outcome; the next
// request starts a fresh worker, and executables the old one compiled are compiled again.
#pragma once

#include <memory>
#include <string>

#include "backends/backend.h"
#include "backends/external/external_worker.h"

namespace tirconf::backends::external {

class ExternalBackend final : public Backend {
public:
  explicit ExternalBackend(ImplConfig config);
  explicit ExternalBackend(std::shared_ptr<ExternalWorker> worker) : worker_(std::move(worker)) {}

  std::string name() const override { return worker_->config().name; }
  // The hello's version and build; empty while the worker cannot be had.
  std::string version() const override;
  // From the worker's hello; its crashes cannot reach this process (in_process is false).
  Capabilities capabilities() const override;
  // The constructs of `m` that the worker declared in hello it does not run.
  std::vector<Unsupported> unsupported(const ir::IRModule &m) const override;
  CompileResult compile(const ir::IRModule &m, const CompileOptions &options) override;
  // Why the implementation cannot be used here (its worker does not start, cannot import what
  // it drives, speaks another protocol version), or nullopt.
  std::optional<std::string> unavailable() const override;

  // Starts the worker if needed; null, with `why`, when it cannot be had (no TVM importable,
  // a protocol mismatch). Then the hello's name, version, build and dialect.
  const Hello *hello(std::string *why) const { return worker_->hello(why); }
  // Simplifies integer expressions in TVMScript syntax over `vars` (name, dtype); one result per
  // expression: the simplified text, or nullopt with `errors[i]` set.
  struct SimplifyResult {
    bool ok = false;
    std::string text; // simplified expression, or the implementation's message
  };
  std::vector<SimplifyResult> simplify(const std::vector<std::pair<std::string, std::string>> &vars,
                                       const std::vector<std::string> &exprs, std::string *why);

  // The module `source` as the implementation reads and prints it back: ok with its text, or
  // not ok with its message (a rejection, or why the request failed).
  struct PrintResult {
    bool ok = false;
    bool rejected = false; // the implementation could not read it
    std::string text;      // the script, or the message
  };
  PrintResult print(const std::string &source);

  // What to apply to a module (PROTOCOL.md, `transform`): a list of TIR passes (named as the
  // implementation names them; "default" for its own lowering pipeline), or schedule
  // primitives, drawn by the implementation (a seed and a count) or replayed (their
  // descriptions, JSON objects as an earlier transform returned them).
  struct TransformRequest {
    std::vector<std::string> passes;
    bool default_passes = false;
    bool schedule = false;
    uint64_t schedule_seed = 0;
    int schedule_count = 0;
    std::vector<std::string> schedule_steps; // replayed when not empty
  };
  struct TransformStep {
    enum class Status { Ok, Rejected, Unprintable };
    std::string name;   // the pass, or the primitive with its parameters in one line
    std::string params; // a schedule step's description (JSON text); empty for a pass
    Status status = Status::Ok;
    std::string script;                    // the module after the step (Ok)
    std::string message;                   // why not (Rejected, Unprintable)
    double seconds = 0, print_seconds = 0; // the implementation's time to apply and to print
  };
  struct TransformResult {
    bool ok = false;       // else `message` says why: the request failed, or (rejected) the
    bool rejected = false; // implementation could not read the module
    std::string message;
    std::string parsed;         // the module as the implementation printed it after reading it
    std::string parsed_message; // why it could not print it, when it could not
    std::vector<TransformStep> steps;
  };
  TransformResult transform(const std::string &source, const TransformRequest &request);

private:
  std::shared_ptr<ExternalWorker> worker_;
};

} // namespace tirconf::backends::external
