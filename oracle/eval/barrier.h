// Barriers among thread iterations ([builtin.storage_sync]): tvm_storage_sync("shared") inside
// the iterations of a threadIdx construct holds each iteration until every iteration of that
// construct (and, for threadIdx constructs nested in one another, of the enclosing ones) has
// reached it.
//
// The iterations of such a construct (a thread group) run as fibers, each on a stack of its own,
// one at a time as everywhere else in the interpreter: in the construct's iteration order, each
// runs until it ends or waits at a barrier. When all wait at the same barrier, every access
// before it is ordered before every access after it (the group's conflict level starts afresh),
// and they go on, in the same order. A nested group whose iterations all wait is itself waiting
// at that barrier in its enclosing group's iteration.
//
// All iterations share one Frame: the slots, views and call depth an iteration may change are
// saved when it leaves the processor and restored when it comes back.
#pragma once

#include <cstdint>
#include <functional>

#include "ir/source_loc.h"

namespace tirconf::oracle::eval {

struct Frame;

// Runs body(i) for i in [0, n) as the iterations of the thread construct at `l` (conflicts
// between them are [unspec.conflict.thread]), letting them meet at barriers.
void run_thread_group(Frame &f, ir::SourceLoc l, int64_t n,
                      const std::function<void(int64_t)> &body);

// [builtin.storage_sync] waits at a barrier with the other iterations of the innermost running
// thread group (`site` tells one barrier from another: its node); outside any parallel construct
// there is one thread and nothing to wait for.
void wait_at_barrier(Frame &f, const void *site, ir::SourceLoc l);

} // namespace tirconf::oracle::eval
