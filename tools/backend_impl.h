// A backend (backends/registry.h) as a runner::Implementation for `tirconf test --impl`: each
// case runs in a worker process (backends/worker.h), so a crash or hang of generated code is a
// failed case, not the end of the run.
#pragma once

#include <optional>
#include <string>

#include "runner/conformance.h"

namespace tirconf::tools {

// The implementation called `name`: "oracle" (with the checker's test hooks `oracle_check`) or a
// backend that is built in. nullopt with *why set when the name is unknown, or known but not
// built into this binary (*not_built set).
std::optional<runner::Implementation>
find_implementation(const std::string &name, double timeout_seconds, std::string *why,
                    bool *not_built, const oracle::CheckOptions &oracle_check = {});

} // namespace tirconf::tools
