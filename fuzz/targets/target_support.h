// What the libFuzzer targets of this folder share: how a target reports a bug, and a seed taken
// from the input, so that whatever a target draws at random is a function of its input alone and
// a crash file reproduces on its own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace tirconf::fuzz_targets {

// The message, then abort(): libFuzzer records a crash with the input that caused it, and the
// message says which property failed (a trap alone would say nothing).
[[noreturn]] inline void bug(const char *target, const std::string &what) {
  std::fprintf(stderr, "\n==== %s: BUG: %s\n", target, what.c_str());
  std::fflush(stderr);
  std::abort();
}

// FNV-1a of the input.
inline uint64_t input_seed(const uint8_t *data, size_t size) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < size; ++i)
    h = (h ^ data[i]) * 1099511628211ull;
  return h;
}

} // namespace tirconf::fuzz_targets
