#include "generators/context.h"

namespace tirconf::gen {

bool Ctx::can_write(const BufferInfo &b) const {
  if (!b.writable)
    return false;
  for (int r = b.created_depth; r < regions; ++r) {
    bool pinned = false;
    for (const auto &per_dim : b.pins)
      for (const auto &p : per_dim)
        pinned |= p.region == r;
    if (!pinned)
      return false;
  }
  return true;
}

} // namespace tirconf::gen
