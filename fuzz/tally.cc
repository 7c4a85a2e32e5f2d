#include "fuzz/tally.h"

namespace tirconf::fuzz {

void Tally::add(const ProgramResult &r) {
  ++done;
  oracle_seconds += r.oracle_seconds;
  switch (r.verdict) {
  case Verdict::Compared:
    ++compared;
    break;
  case Verdict::SkipInvalid:
    ++invalid;
    break;
  case Verdict::SkipUnspecified:
    ++unspecified;
    break;
  case Verdict::SkipLimit:
    ++limit;
    break;
  case Verdict::SkipExpectsInvalid:
    ++expects_invalid;
    break;
  case Verdict::BadInput:
    ++bad;
    break;
  case Verdict::OracleBug:
    ++oracle_bugs;
    break;
  }
  if (r.verdict == Verdict::Compared)
    for (size_t i = 0; i < per_backend.size() && i < r.backends.size(); ++i) {
      auto &p = per_backend[i];
      const auto &b = r.backends[i];
      if (b.status == BackendStatus::Unsupported) {
        ++p.unsupported;
        continue;
      }
      ++p.compared;
      if (b.status == BackendStatus::Finding)
        ++p.findings;
      if (!b.cached) {
        ++p.compiles;
        p.compile_seconds += b.compile_seconds;
      }
    }
  if (r.finding)
    ++findings;
}

} // namespace tirconf::fuzz
