#include "backends/llvm/abi.h"

#include <cmath>
#include <cstdlib>

namespace tirconf::backends::llvm_jit {

static_assert(offsetof(RtCounters, steps) == 0 && offsetof(RtCounters, step_limit) == 8 &&
                  offsetof(RtCounters, depth) == 16 && offsetof(RtCounters, depth_limit) == 20 &&
                  offsetof(RtCounters, returned) == 24,
              "generated code addresses these fields as struct {i64, i64, i32, i32, i32}");

RtContext::~RtContext() {
  for (auto &[p, bytes] : live)
    std::free(p);
}

extern "C" {

void tirconf_rt_fail(RtContext *ctx, int32_t site, int64_t a, int64_t b) {
  // The first failure wins: generated code returns right after calling this, so a second call
  // cannot happen in one run, but keep the first anyway.
  if (ctx->failed_site >= 0)
    return;
  ctx->failed_site = site;
  ctx->detail[0] = a;
  ctx->detail[1] = b;
}

void *tirconf_rt_alloc(RtContext *ctx, int64_t bytes) {
  if (bytes < 0 || static_cast<uint64_t>(bytes) > ctx->memory_limit ||
      ctx->live_bytes + static_cast<uint64_t>(bytes) > ctx->memory_limit)
    return nullptr;
  // 64 bytes like TVM's kAllocAlignment; at least one byte so that every allocation is distinct.
  const size_t size = (static_cast<size_t>(bytes) + 63) / 64 * 64;
  void *p = std::aligned_alloc(64, size ? size : 64);
  if (!p)
    return nullptr;
  ctx->live.emplace_back(p, static_cast<uint64_t>(bytes));
  ctx->live_bytes += static_cast<uint64_t>(bytes);
  return p;
}

void tirconf_rt_free(RtContext *ctx, void *p) {
  // Allocations are scoped, so the one freed is almost always the last one made.
  for (size_t i = ctx->live.size(); i-- > 0;) {
    if (ctx->live[i].first != p)
      continue;
    ctx->live_bytes -= ctx->live[i].second;
    ctx->live.erase(ctx->live.begin() + static_cast<std::ptrdiff_t>(i));
    std::free(p);
    return;
  }
}

} // extern "C"

namespace {

// Double-precision libm entry points; narrower formats are computed through them and rounded
// once (lower_builtins.cc says why that is what the catalog asks).
double call_exp(double x) {
  return std::exp(x);
}
double call_exp2(double x) {
  return std::exp2(x);
}
double call_log(double x) {
  return std::log(x);
}
double call_log2(double x) {
  return std::log2(x);
}
double call_log10(double x) {
  return std::log10(x);
}
double call_log1p(double x) {
  return std::log1p(x);
}
double call_tanh(double x) {
  return std::tanh(x);
}
double call_erf(double x) {
  return std::erf(x);
}
double call_sin(double x) {
  return std::sin(x);
}
double call_cos(double x) {
  return std::cos(x);
}
double call_tan(double x) {
  return std::tan(x);
}
double call_asin(double x) {
  return std::asin(x);
}
double call_acos(double x) {
  return std::acos(x);
}
double call_atan(double x) {
  return std::atan(x);
}
double call_sinh(double x) {
  return std::sinh(x);
}
double call_cosh(double x) {
  return std::cosh(x);
}
double call_pow(double x, double y) {
  return std::pow(x, y);
}
double call_hypot(double x, double y) {
  return std::hypot(x, y);
}
double call_atan2(double y, double x) {
  return std::atan2(y, x);
}
double call_ldexp(double x, int32_t n) {
  return std::ldexp(x, n);
}

} // namespace

const std::vector<HostSymbol> &host_symbols() {
  static const std::vector<HostSymbol> table = {
      {"tirconf_rt_fail", reinterpret_cast<void *>(&tirconf_rt_fail)},
      {"tirconf_rt_alloc", reinterpret_cast<void *>(&tirconf_rt_alloc)},
      {"tirconf_rt_free", reinterpret_cast<void *>(&tirconf_rt_free)},
      {"tirconf_exp", reinterpret_cast<void *>(&call_exp)},
      {"tirconf_exp2", reinterpret_cast<void *>(&call_exp2)},
      {"tirconf_log", reinterpret_cast<void *>(&call_log)},
      {"tirconf_log2", reinterpret_cast<void *>(&call_log2)},
      {"tirconf_log10", reinterpret_cast<void *>(&call_log10)},
      {"tirconf_log1p", reinterpret_cast<void *>(&call_log1p)},
      {"tirconf_tanh", reinterpret_cast<void *>(&call_tanh)},
      {"tirconf_erf", reinterpret_cast<void *>(&call_erf)},
      {"tirconf_sin", reinterpret_cast<void *>(&call_sin)},
      {"tirconf_cos", reinterpret_cast<void *>(&call_cos)},
      {"tirconf_tan", reinterpret_cast<void *>(&call_tan)},
      {"tirconf_asin", reinterpret_cast<void *>(&call_asin)},
      {"tirconf_acos", reinterpret_cast<void *>(&call_acos)},
      {"tirconf_atan", reinterpret_cast<void *>(&call_atan)},
      {"tirconf_sinh", reinterpret_cast<void *>(&call_sinh)},
      {"tirconf_cosh", reinterpret_cast<void *>(&call_cosh)},
      {"tirconf_pow", reinterpret_cast<void *>(&call_pow)},
      {"tirconf_hypot", reinterpret_cast<void *>(&call_hypot)},
      {"tirconf_atan2", reinterpret_cast<void *>(&call_atan2)},
      {"tirconf_ldexp", reinterpret_cast<void *>(&call_ldexp)},
  };
  return table;
}

} // namespace tirconf::backends::llvm_jit
