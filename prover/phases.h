// Where the simplifier check spends its time: each thread's CPU time, charged to the phase it
// is in (exclusively: entering a phase pauses the enclosing one), so that a profile of a run
// (`simplify-check --impl tvm --profile`) adds up to the CPU time of the check's threads. The
// implementation's own CPU time is in its worker process and is not counted here; the wall time
// its requests take is (`simplify`).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <string>

namespace tirconf::prover {

enum class Phase {
  Other,      // generating expressions, bookkeeping
  Simplify,   // waiting for the implementation's answers (wall time)
  Read,       // reading the answers back (the TVMScript reader)
  Points,     // evaluating both sides on edge and random points
  Proof,      // Z3: does the output refine the input at the width
  NoOverflow, // Z3: do they differ anywhere the input does not overflow
  Confirm,    // re-running a witness on the oracle interpreter
  Shrink,     // building and ordering shrinking candidates
  Count_,
};
inline constexpr int kPhases = static_cast<int>(Phase::Count_);
const char *to_string(Phase p);

// Seconds per phase, summed over threads. Thread-safe.
struct PhaseTimes {
  std::array<std::atomic<int64_t>, kPhases> ns{};
  std::array<std::atomic<int64_t>, kPhases> entries{};
  double seconds(Phase p) const { return ns[static_cast<int>(p)].load() * 1e-9; }
  double total() const;
  // "points 1.2 s (3100), proof 4.5 s (120), ..." for the phases that took any time.
  std::string describe() const;
};

// Charges the calling thread's time to `p` until destroyed, then returns to the phase it
// interrupted. Without a PhaseTimes installed on the thread (install_phase_times), it does
// nothing.
class ScopedPhase {
public:
  explicit ScopedPhase(Phase p);
  ~ScopedPhase();
  ScopedPhase(const ScopedPhase &) = delete;
  ScopedPhase &operator=(const ScopedPhase &) = delete;

private:
  Phase prev_;
};

// Installs `t` (or none, with nullptr) as the calling thread's account, in phase Other.
void install_phase_times(PhaseTimes *t);

} // namespace tirconf::prover
