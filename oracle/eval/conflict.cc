#include "oracle/eval/conflict.h"

#include <algorithm>

namespace tirconf::oracle::eval {

namespace {

constexpr uint32_t kTag = 3u << 30, kRead = 1u << 30, kSeveral = 2u << 30, kWrite = 3u << 30;
constexpr uint32_t kIteration = ~kTag;

} // namespace

void ConflictTracker::push(const char *rule, ir::SourceLoc loc, uint64_t first_private_alloc) {
  if (depth_ == levels_.size())
    levels_.emplace_back();
  Level &l = levels_[depth_++];
  l.info = {rule, loc, false};
  l.first_private_alloc = first_private_alloc;
  l.iteration = 0;
  l.idle = false;
}

size_t ConflictTracker::push_idle(const char *rule, ir::SourceLoc loc,
                                  uint64_t first_private_alloc) {
  push(rule, loc, first_private_alloc);
  levels_[depth_ - 1].idle = true;
  return depth_ - 1;
}

void ConflictTracker::pop() {
  clear(levels_[--depth_]);
}

void ConflictTracker::clear(Level &l) {
  for (auto it = l.shadows.begin(); it != l.shadows.end();) {
    Shadow &s = it->second;
    if (!memory_.find(it->first)) { // released: its words can never be used again
      memory_.add_shadow(-static_cast<int64_t>(s.words.size() * sizeof(uint32_t)));
      it = l.shadows.erase(it);
      continue;
    }
    if (s.lo < s.hi)
      std::fill(s.words.begin() + s.lo, s.words.begin() + s.hi, 0u);
    s.lo = INT64_MAX;
    s.hi = 0;
    ++it;
  }
  l.last = nullptr;
  l.last_id = 0;
}

void ConflictTracker::release(Level &l) {
  for (auto &[id, s] : l.shadows)
    memory_.add_shadow(-static_cast<int64_t>(s.words.size() * sizeof(uint32_t)));
  l.shadows.clear();
  l.last = nullptr;
  l.last_id = 0;
}

std::unique_ptr<ConflictTracker::Level> ConflictTracker::detach_top() {
  auto level = std::make_unique<Level>(std::move(levels_[--depth_]));
  levels_[depth_] = Level{};
  return level;
}

void ConflictTracker::attach(std::unique_ptr<Level> level) {
  if (depth_ == levels_.size())
    levels_.emplace_back();
  release(levels_[depth_]);
  levels_[depth_++] = std::move(*level);
}

ConflictTracker::Shadow &ConflictTracker::shadow_of(Level &l, const Allocation &a) {
  if (l.last && l.last_id == a.id)
    return *l.last;
  auto [it, fresh] = l.shadows.try_emplace(a.id);
  if (fresh) {
    it->second.words.assign(static_cast<size_t>(a.size()), 0u);
    memory_.add_shadow(static_cast<int64_t>(a.size() * sizeof(uint32_t)));
  }
  l.last_id = a.id;
  l.last = &it->second;
  return it->second;
}

const ConflictTracker::Conflict *ConflictTracker::on_access(const Allocation &a, int64_t slot,
                                                            int lanes, bool write) {
  for (size_t d = 0; d < depth_; ++d) {
    Level &l = levels_[d];
    if (l.idle || a.id >= l.first_private_alloc)
      continue; // between a block's instances, or made inside one iteration of this level
    Shadow &s = shadow_of(l, a);
    s.lo = std::min(s.lo, slot);
    s.hi = std::max(s.hi, slot + lanes);
    const uint32_t it = l.iteration;
    for (int k = 0; k < lanes; ++k) {
      uint32_t &w = s.words[static_cast<size_t>(slot + k)];
      const uint32_t tag = w & kTag, who = w & kIteration;
      if (write) {
        if (tag == kWrite && who != it) {
          l.info.write_write = true;
          return &l.info;
        }
        if (tag == kSeveral || (tag == kRead && who != it)) {
          l.info.write_write = false;
          return &l.info;
        }
        w = kWrite | it;
      } else if (tag == kWrite) {
        if (who != it) {
          l.info.write_write = false;
          return &l.info;
        }
      } else if (tag == 0) {
        w = kRead | it;
      } else if (tag == kRead && who != it) {
        w = kSeveral;
      }
    }
  }
  return nullptr;
}

} // namespace tirconf::oracle::eval
