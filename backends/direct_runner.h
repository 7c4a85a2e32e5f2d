// Runs worker requests (worker.h) in the calling process, for backends that isolate themselves:
// an external implementation already runs in a worker process of its own (external/), which
// dies or hangs without taking tirconf with it. Forking tirconf around it would only start that
// worker again in every fork.
#pragma once

#include <deque>
#include <map>
#include <memory>
#include <string>

#include "backends/worker.h"
#include "ir/tvmscript/reader.h"

namespace tirconf::backends {

class DirectRunner {
public:
  WorkerReply run(const WorkerRequest &request);

private:
  struct Compiled {
    std::string backend, program, file, func;
    std::unique_ptr<Executable> exe;
  };
  Backend *backend(const std::string &name, std::string *why);

  std::map<std::string, std::unique_ptr<Backend>> backends_;
  std::deque<Compiled> cache_; // the last few executables, newest first
};

} // namespace tirconf::backends
