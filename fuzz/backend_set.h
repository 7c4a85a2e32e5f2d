// The backends a differential run compares against the oracle, and the generator profile
// narrowed to what every one of them supports (wasmtime's per-engine config narrowing), so that
// generated programs are seldom skipped as unsupported.
#pragma once

#include <string>
#include <vector>

#include "backends/backend.h"
#include "generators/profile.h"

namespace tirconf::fuzz {

struct BackendSet {
  std::vector<std::string> compared;  // built into this binary, in the order given
  std::vector<std::string> not_built; // "NAME: why", skipped rather than failed
  backends::Capabilities common;      // what all of `compared` support
  std::string error;                  // bad usage; the set is unusable
};

// From "oracle,B1,B2,...": the oracle is the reference and must come first; every other name
// must be a known backend. Stops at the first unknown name.
BackendSet backend_set(const std::string &comma_separated);

// `p` with the features `c` lacks turned off and their weights zeroed.
gen::Profile narrow(gen::Profile p, const backends::Capabilities &c);
// Narrows `all` to what `c` supports too.
void intersect(backends::Capabilities &all, const backends::Capabilities &c);

} // namespace tirconf::fuzz
