// The contract between JIT-compiled code and the host: the run context every generated function
// receives, the host functions generated code calls, and the entry function's signature.
//
// Entry functions (one per PrimFunc the caller may run) have the C signature
//     int32_t entry(RtContext* ctx, void** args, uint64_t* ret_lanes)
// where args[i] is a DLTensor* for a buffer parameter and a uint64_t* holding the raw lane bits of
// a scalar one (runtime/value.h's representation). They return 0 when the PrimFunc returned and
// 1 when the run failed; the failure is then described by the ctx (rt_fail). A tir.ret in the
// entry function writes one uint64_t of raw bits per lane to ret_lanes and sets ctx->returned.
//
// Failure does not unwind: generated code returns 1 up the call chain, and the host frees every
// allocation still live (RtContext::live).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tirconf::backends::llvm_jit {

// The part of the context generated code reads and writes, at the start of RtContext; its
// layout is mirrored by Lowering::ctx_field (lower_module.cc).
struct RtCounters {
  uint64_t steps = 0;      // While iterations so far
  uint64_t step_limit = 0; // more than this many is a limit error
  int32_t depth = 0;       // PrimFunc calls active
  int32_t depth_limit = 0; // a call at this depth is a limit error
  int32_t returned = 0;    // the entry function ran tir.ret
};

struct RtContext {
  RtCounters counters; // first: generated code addresses it through the context pointer
  // Host side only.
  int32_t failed_site = -1; // which failure site (LoweredModule::sites) fired
  int64_t detail[2] = {0, 0};
  uint64_t live_bytes = 0;
  uint64_t memory_limit = 0;
  std::vector<std::pair<void *, uint64_t>> live; // allocations not yet freed

  ~RtContext();
};

// Field offsets generated code uses (checked against the struct in abi.cc).
inline constexpr int kCtxSteps = 0, kCtxStepLimit = 1, kCtxDepth = 2, kCtxDepthLimit = 3,
                     kCtxReturned = 4;

// The host functions generated code calls, by symbol name (registered in the JIT, jit.cc).
extern "C" {
// Records failure site `site` with two detail integers; generated code then returns 1.
void tirconf_rt_fail(RtContext *ctx, int32_t site, int64_t a, int64_t b);
// A fresh allocation of `bytes` (64-byte aligned, uninitialized), or null when the memory
// budget would be exceeded or `bytes` is negative (generated code turns null into a failure).
void *tirconf_rt_alloc(RtContext *ctx, int64_t bytes);
void tirconf_rt_free(RtContext *ctx, void *p);
}

// The libm functions generated code calls, under names LLVM does not recognize as library
// functions: LLVM's library-call simplifier would otherwise rewrite, e.g., pow(10, x) into
// exp10(x), whose result may differ in the last place.
struct HostSymbol {
  const char *name;
  void *address;
};
const std::vector<HostSymbol> &host_symbols();

} // namespace tirconf::backends::llvm_jit
