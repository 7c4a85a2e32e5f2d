#include "oracle/eval/conflict.h"

namespace tirconf::oracle::eval {

void ConflictTracker::push(const char* rule, ir::SourceLoc loc, uint64_t first_private_alloc) {
  Level l;
  l.info = {rule, loc, false};
  l.first_private_alloc = first_private_alloc;
  levels_.push_back(std::move(l));
}

const ConflictTracker::Conflict* ConflictTracker::on_access(uint64_t alloc, int64_t slot,
                                                            bool write) {
  for (Level& l : levels_) {
    if (alloc >= l.first_private_alloc) continue;  // made inside one iteration of this level
    Entry& e = l.seen[Key{alloc, slot}];
    const int64_t it = l.iteration;
    if (write) {
      bool other_writer = e.writer != kNone && e.writer != it;
      bool other_reader = e.several_readers || (e.reader != kNone && e.reader != it);
      if (other_writer || other_reader) {
        l.info.write_write = other_writer;
        return &l.info;
      }
      e.writer = it;
    } else {
      if (e.writer != kNone && e.writer != it) {
        l.info.write_write = false;
        return &l.info;
      }
      if (e.reader == kNone)
        e.reader = it;
      else if (e.reader != it)
        e.several_readers = true;
    }
  }
  return nullptr;
}

}  // namespace tirconf::oracle::eval
