#include "oracle/eval/barrier.h"

#include <sys/mman.h>
#include <ucontext.h>

#include <exception>
#include <memory>
#include <optional>
#include <vector>

#include "oracle/eval/order.h"
#include "oracle/eval/plan.h"
#include "oracle/eval/trap.h"

// AddressSanitizer must be told of every switch between stacks, or an exception unwinding a
// fiber looks like a stack overflow to it. GCC says it is on with __SANITIZE_ADDRESS__; clang 14
// only through __has_feature.
#if defined(__SANITIZE_ADDRESS__)
#define TIRCONF_ASAN_FIBERS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TIRCONF_ASAN_FIBERS 1
#endif
#endif
#ifdef TIRCONF_ASAN_FIBERS
#include <sanitizer/common_interface_defs.h>
#endif

namespace tirconf::oracle::eval {

namespace {

// A CUDA block has at most 1024 threads; more fibers than this in one group is past the oracle's
// budget rather than a program anyone runs.
constexpr int64_t kMaxFibers = 4096;
// Stacks are reserved, not committed: a fiber touches what its statements' depth needs.
constexpr size_t kStackBytes = size_t{16} << 20;

// Thrown inside a fiber whose group ended early (another iteration's outcome ended the run), so
// that its statements unwind and free what they hold. Not a Trap: nothing else may catch it.
struct Cancelled {};

// What one iteration may change in the shared Frame and Machine, kept while it is off the
// processor.
struct IterationState {
  std::vector<uint64_t> regs;
  std::vector<runtime::Value> vals;
  std::vector<uint8_t> flags;
  std::vector<View> views;
  std::vector<uint8_t> registered;
  std::vector<LazyView> lazy;
  int call_depth = 0;

  void save(const Frame &f) {
    regs = f.regs;
    vals = f.vals;
    flags = f.flags;
    views = f.views;
    registered = f.registered;
    lazy = f.lazy;
    call_depth = f.m.call_depth;
  }
  void load(Frame &f) const {
    f.regs = regs;
    f.vals = vals;
    f.flags = flags;
    f.views = views;
    f.registered = registered;
    f.lazy = lazy;
    f.m.call_depth = call_depth;
  }
};

class FiberStack {
public:
  FiberStack() {
    void *p = mmap(nullptr, kStackBytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (p == MAP_FAILED)
      throw std::bad_alloc();
    base_ = p;
    mprotect(base_, 4096, PROT_NONE); // overflowing it faults instead of corrupting memory
  }
  ~FiberStack() { munmap(base_, kStackBytes); }
  FiberStack(const FiberStack &) = delete;
  FiberStack &operator=(const FiberStack &) = delete;
  void *base() const { return base_; }

private:
  void *base_;
};

struct Fiber {
  enum class State { NotStarted, Running, AtBarrier, Done };
  int64_t iteration = 0;
  State state = State::NotStarted;
  ucontext_t context{};
  std::unique_ptr<FiberStack> stack;
  IterationState saved;
  const void *barrier = nullptr; // the barrier it waits at (AtBarrier): its node
  ir::SourceLoc barrier_loc;
  std::exception_ptr failure; // how it ended, if not normally (Done)
  bool cancel = false;        // resumed only to unwind
  void *fake_stack = nullptr; // AddressSanitizer's bookkeeping of this stack
};

} // namespace

class ThreadGroup {
public:
  ThreadGroup(Frame &f, ir::SourceLoc l, const std::function<void(int64_t)> &body)
      : f_(f), m_(f.m), loc_(l), body_(body), previous_(f.m.thread_group) {}

  void run(int64_t n);
  // Called by the running fiber of this group at a barrier.
  void wait(const void *site, ir::SourceLoc at);
  size_t depth() const { return depth_; }

private:
  static void entry();
  void resume(Fiber &fb);
  // Ends every fiber that has not ended, unwinding their statements, and puts the Frame back
  // as it was when the group started.
  void abandon();
  [[noreturn]] void fail(std::exception_ptr e) {
    abandon();
    std::rethrow_exception(e);
  }
  void record_failure(Fiber &fb);
  void meet_at_barrier();

  Frame &f_;
  Machine &m_;
  ir::SourceLoc loc_;
  const std::function<void(int64_t)> &body_;
  ThreadGroup *previous_;         // the group running when this one started
  ThreadGroup *parent_ = nullptr; // previous_, when this group runs inside one of its iterations
  size_t depth_ = 0;              // this group's conflict level, counted from 1
  std::vector<std::unique_ptr<Fiber>> fibers_;
  IterationState start_;
  ucontext_t scheduler_{};
  Fiber *running_ = nullptr;
  std::optional<Trap> failed_; // the first error of an iteration, as run_parallel keeps it
#ifdef TIRCONF_ASAN_FIBERS
  void *scheduler_fake_stack_ = nullptr;
  const void *scheduler_bottom_ = nullptr;
  size_t scheduler_size_ = 0;
#endif
};

namespace {
thread_local ThreadGroup *entering = nullptr; // the group whose fiber starts now (entry())
}

void ThreadGroup::entry() {
  ThreadGroup *g = entering;
  Fiber &fb = *g->running_;
#ifdef TIRCONF_ASAN_FIBERS
  __sanitizer_finish_switch_fiber(nullptr, &g->scheduler_bottom_, &g->scheduler_size_);
#endif
  try {
    g->body_(fb.iteration);
  } catch (Cancelled &) {
  } catch (...) {
    fb.failure = std::current_exception();
  }
  fb.state = Fiber::State::Done;
#ifdef TIRCONF_ASAN_FIBERS
  __sanitizer_start_switch_fiber(nullptr, g->scheduler_bottom_, g->scheduler_size_);
#endif
  // Returning continues at uc_link: the scheduler.
}

void ThreadGroup::resume(Fiber &fb) {
  fb.saved.load(f_);
  m_.conflicts.set_iteration(fb.iteration);
  m_.thread_group = this;
  running_ = &fb;
  if (fb.state == Fiber::State::NotStarted) {
    fb.stack = std::make_unique<FiberStack>();
    getcontext(&fb.context);
    fb.context.uc_stack.ss_sp = fb.stack->base();
    fb.context.uc_stack.ss_size = kStackBytes;
    fb.context.uc_link = &scheduler_;
    makecontext(&fb.context, &ThreadGroup::entry, 0);
    entering = this;
  }
  fb.state = Fiber::State::Running;
#ifdef TIRCONF_ASAN_FIBERS
  __sanitizer_start_switch_fiber(&scheduler_fake_stack_, fb.stack->base(), kStackBytes);
#endif
  swapcontext(&scheduler_, &fb.context);
#ifdef TIRCONF_ASAN_FIBERS
  __sanitizer_finish_switch_fiber(scheduler_fake_stack_, nullptr, nullptr);
#endif
  running_ = nullptr;
  m_.thread_group = previous_;
  if (fb.state == Fiber::State::Done)
    fb.stack.reset();
  else
    fb.saved.save(f_);
}

void ThreadGroup::wait(const void *site, ir::SourceLoc at) {
  Fiber &fb = *running_;
  fb.state = Fiber::State::AtBarrier;
  fb.barrier = site;
  fb.barrier_loc = at;
#ifdef TIRCONF_ASAN_FIBERS
  __sanitizer_start_switch_fiber(&fb.fake_stack, scheduler_bottom_, scheduler_size_);
#endif
  swapcontext(&fb.context, &scheduler_);
#ifdef TIRCONF_ASAN_FIBERS
  __sanitizer_finish_switch_fiber(fb.fake_stack, &scheduler_bottom_, &scheduler_size_);
#endif
  if (fb.cancel)
    throw Cancelled{};
}

void ThreadGroup::abandon() {
  for (auto &fb : fibers_) {
    if (fb->state == Fiber::State::NotStarted)
      fb->state = Fiber::State::Done;
    if (fb->state != Fiber::State::AtBarrier)
      continue;
    fb->cancel = true;
    resume(*fb);
  }
  start_.load(f_);
}

// [unspec.parallel_error] as for any parallel construct: after an error in one iteration the
// others still run (to their end or to a barrier); a second error of another class makes the
// outcome unspecified. Any other way to end (unspecified, a budget, tir.ret, an oracle bug) ends
// the group at once.
void ThreadGroup::record_failure(Fiber &fb) {
  std::exception_ptr e = std::exchange(fb.failure, nullptr);
  try {
    std::rethrow_exception(e);
  } catch (Trap &t) {
    const auto kind = t.outcome.kind();
    if (kind != runtime::OutcomeKind::Error ||
        t.outcome.error().error_class == runtime::ErrorClass::Limit)
      fail(e);
    if (!failed_) {
      failed_ = std::move(t);
      return;
    }
    if (failed_->outcome.error().error_class != t.outcome.error().error_class) {
      m_.hit("unspec.parallel_error");
      const std::string detail = "parallel iterations fail with different errors: " +
                                 runtime::to_string(failed_->outcome) + "; " +
                                 runtime::to_string(t.outcome);
      abandon();
      trap_unspecified(runtime::UnspecifiedClass::Any, "unspec.parallel_error", m_.where(loc_),
                       detail);
    }
  } catch (...) {
    fail(e);
  }
}

// Every iteration that has not ended waits at a barrier: they must all have reached the same
// one, and none may have ended ([unspec.barrier]). A nested group then waits in its enclosing
// group's iteration; the outermost one lets them all go on.
void ThreadGroup::meet_at_barrier() {
  const Fiber *waiting = nullptr, *ended = nullptr;
  for (const auto &fb : fibers_)
    (fb->state == Fiber::State::AtBarrier ? waiting : ended) = fb.get();
  auto divergent = [&](std::string detail) {
    m_.hit("unspec.barrier");
    abandon();
    trap_unspecified(runtime::UnspecifiedClass::Any, "unspec.barrier",
                     m_.where(waiting->barrier_loc), std::move(detail));
  };
  if (ended)
    divergent("thread iteration " + std::to_string(ended->iteration) + " ended while iteration " +
              std::to_string(waiting->iteration) + " waits at a barrier");
  for (const auto &fb : fibers_)
    if (fb->barrier != waiting->barrier)
      divergent("thread iterations wait at different barriers (line " +
                std::to_string(waiting->barrier_loc.line) + " and line " +
                std::to_string(fb->barrier_loc.line) + ")");
  if (parent_) {
    std::unique_ptr<ConflictTracker::Level> level = m_.conflicts.detach_top();
    try {
      parent_->wait(waiting->barrier, waiting->barrier_loc);
    } catch (Cancelled &) {
      m_.conflicts.attach(std::move(level));
      abandon();
      throw;
    }
    m_.conflicts.attach(std::move(level));
  }
  m_.conflicts.clear_top();
}

void ThreadGroup::run(int64_t n) {
  if (n > kMaxFibers)
    m_.over_budget(loc_);
  // A group met directly in an iteration of another (no other parallel construct between)
  // waits with it; one inside another parallel construct stands alone.
  if (previous_ && m_.conflicts.depth() == previous_->depth())
    parent_ = previous_;
  const uint64_t seed = m_.options.seed ^ (0x9e3779b97f4a7c15ULL * ++m_.parallel_constructs);
  IterationOrder order(n, m_.options.shuffle_parallel, seed);
  m_.conflicts.push("unspec.conflict.thread", loc_, m_.memory.next_id());
  depth_ = m_.conflicts.depth();
  start_.save(f_);
  for (int64_t k = 0; k < n; ++k) {
    auto fb = std::make_unique<Fiber>();
    fb->iteration = order.at(k);
    fb->saved = start_;
    fibers_.push_back(std::move(fb));
  }
  try {
    while (true) {
      for (auto &fb : fibers_) {
        if (fb->state == Fiber::State::Done)
          continue;
        resume(*fb);
        if (fb->failure)
          record_failure(*fb);
      }
      bool any_waiting = false;
      for (const auto &fb : fibers_)
        any_waiting |= fb->state == Fiber::State::AtBarrier;
      if (!any_waiting)
        break;
      if (failed_) { // an iteration that failed never reaches the barrier the others wait at
        abandon();
        throw std::move(*failed_);
      }
      meet_at_barrier();
    }
  } catch (...) {
    m_.conflicts.pop();
    throw;
  }
  m_.conflicts.pop();
  start_.load(f_);
  if (failed_)
    throw std::move(*failed_);
}

void run_thread_group(Frame &f, ir::SourceLoc l, int64_t n,
                      const std::function<void(int64_t)> &body) {
  ThreadGroup group(f, l, body);
  group.run(n);
}

void wait_at_barrier(Frame &f, const void *site, ir::SourceLoc l) {
  ThreadGroup *g = f.m.thread_group;
  if (!g && !f.m.conflicts.active())
    return; // one thread
  if (!g || f.m.conflicts.depth() != g->depth()) {
    f.m.hit("unspec.barrier");
    trap_unspecified(runtime::UnspecifiedClass::Any, "unspec.barrier", f.m.where(l),
                     "a barrier inside a parallel construct whose iterations do not run as "
                     "threads that wait for one another (a parallel, vectorized or blockIdx "
                     "loop, or a thread loop with no barrier of its own)");
  }
  g->wait(site, l);
}

} // namespace tirconf::oracle::eval
