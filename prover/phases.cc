#include "prover/phases.h"

#include <ctime>
#include <iomanip>
#include <sstream>

namespace tirconf::prover {

namespace {

struct ThreadAccount {
  PhaseTimes *times = nullptr;
  Phase current = Phase::Other;
  int64_t since = 0;
};
thread_local ThreadAccount account;

int64_t thread_ns(Phase p) {
  timespec ts{};
  // The implementation's answers are waited for, not computed, by this thread: wall time.
  clock_gettime(p == Phase::Simplify ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

// Ends the current phase's stretch and starts `next`'s.
void switch_to(Phase next) {
  ThreadAccount &a = account;
  if (!a.times)
    return;
  a.times->ns[static_cast<int>(a.current)] += thread_ns(a.current) - a.since;
  a.current = next;
  a.since = thread_ns(next);
}

} // namespace

const char *to_string(Phase p) {
  switch (p) {
  case Phase::Other:
    return "other";
  case Phase::Simplify:
    return "simplify (wall)";
  case Phase::Read:
    return "read";
  case Phase::Points:
    return "points";
  case Phase::Proof:
    return "proof";
  case Phase::NoOverflow:
    return "no-overflow";
  case Phase::Confirm:
    return "confirm";
  case Phase::Shrink:
    return "shrink";
  case Phase::Count_:
    break;
  }
  return "?";
}

double PhaseTimes::total() const {
  double s = 0;
  for (int i = 0; i < kPhases; ++i)
    s += seconds(static_cast<Phase>(i));
  return s;
}

std::string PhaseTimes::describe() const {
  std::ostringstream s;
  s << std::fixed << std::setprecision(2);
  bool first = true;
  for (int i = 0; i < kPhases; ++i) {
    auto p = static_cast<Phase>(i);
    if (ns[i].load() == 0)
      continue;
    s << (first ? "" : ", ") << to_string(p) << " " << seconds(p) << " s";
    if (p != Phase::Other)
      s << " (" << entries[i].load() << ")";
    first = false;
  }
  return s.str();
}

ScopedPhase::ScopedPhase(Phase p) : prev_(account.current) {
  if (!account.times)
    return;
  ++account.times->entries[static_cast<int>(p)];
  switch_to(p);
}

ScopedPhase::~ScopedPhase() {
  switch_to(prev_);
}

void install_phase_times(PhaseTimes *t) {
  if (account.times)
    switch_to(Phase::Other);
  account = {t, Phase::Other, thread_ns(Phase::Other)};
}

} // namespace tirconf::prover
