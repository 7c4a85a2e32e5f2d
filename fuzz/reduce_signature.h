// One finding reduced for its signature (tirconf reduce as a library call): the finding file a
// differential run wrote, run on the implementation the signature names, reduced into a
// conformance file that still shows that signature. Used by `tirconf diff --reduce` and by
// campaigns, which reduce the first program of each new signature.
#pragma once

#include <cstdint>
#include <string>

namespace tirconf::fuzz {

struct ReduceSettings {
  double seconds = 120;        // the reduction's budget; then the smallest candidate so far
  int jobs = 1;                // candidates judged in parallel
  double timeout_seconds = 10; // per implementation run
  uint64_t ulp = 0;
};

struct ReducedFinding {
  bool ok = false;
  std::string text;    // the reduced conformance file
  std::string slug;    // the signature's (runner::Signature::slug)
  std::string message; // "412 -> 23 IR nodes in 8.1 s", or why nothing was reduced
};

// `finding_py`: the finding's conformance file (its JSON record beside it); `signature`:
// runner::Signature::text() of the difference to keep.
ReducedFinding reduce_for_signature(const std::string &finding_py, const std::string &signature,
                                    const ReduceSettings &settings);

} // namespace tirconf::fuzz
