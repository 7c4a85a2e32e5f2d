#include "backends/cuda/prelude.h"

namespace tirconf::backends::cuda {

const char *prelude() {
  // Division helpers take the divisor as nonzero (the caller checked). Signed x / -1 is
  // computed as a wrapping negation: INT_MIN / -1 is unspecified (unspec.int_min_div), and C++
  // would make it undefined behaviour the optimizer may exploit.
  return R"(// tirconf CUDA backend prelude
typedef signed char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long long int64_t;
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef unsigned int uint32_t;
typedef unsigned long long uint64_t;

// A vector value: its lanes in a row, as a vector buffer element is stored.
template <class T, int N> struct tirconf_v {
  T v[N];
};

struct TirconfStatus {
  int32_t site;
  int32_t returned;
  int64_t a, b;
  uint64_t ret;
  uint64_t step_limit;
  int32_t depth_limit;
};

__device__ __noinline__ void tirconf_fail(TirconfStatus *st, int32_t site, int64_t a, int64_t b) {
  if (atomicCAS(&st->site, -1, site) == -1) {
    st->a = a;
    st->b = b;
  }
}
#define TIRCONF_FAIL(site, a, b)                                                                 \
  do {                                                                                           \
    tirconf_fail(st, (site), (int64_t)(a), (int64_t)(b));                                        \
    return 1;                                                                                    \
  } while (0)

// A run-time sized allocation, from the device heap (the host sizes it to the run's memory
// budget): null when refused or over 2 GiB, a limit error ([sem.stmt.limit]). A negative extent
// is unspecified (unspec.negative_extent): it allocates nothing.
typedef decltype(sizeof(0)) tirconf_size_t;
__device__ inline void *tirconf_alloc(int64_t count, int64_t elem_bytes) {
  if (count < 0)
    count = 0;
  if (count > (int64_t)((1ull << 31) / (uint64_t)elem_bytes))
    return 0;
  return malloc((tirconf_size_t)(count > 0 ? count * elem_bytes : 1));
}

#define TIRCONF_SIGNED_DIV(T, U)                                                                 \
  __device__ inline T tirconf_div(T a, T b) { return b == (T)-1 ? (T)((U)0 - (U)a) : (T)(a / b); } \
  __device__ inline T tirconf_mod(T a, T b) { return b == (T)-1 ? (T)0 : (T)(a % b); }            \
  __device__ inline T tirconf_floordiv(T a, T b) {                                               \
    T q = tirconf_div(a, b);                                                                     \
    T r = tirconf_mod(a, b);                                                                     \
    return (r != 0 && ((r < 0) != (b < 0))) ? (T)(q - 1) : q;                                    \
  }                                                                                              \
  __device__ inline T tirconf_floormod(T a, T b) {                                               \
    T r = tirconf_mod(a, b);                                                                     \
    return (r != 0 && ((r < 0) != (b < 0))) ? (T)((U)r + (U)b) : r;                              \
  }
#define TIRCONF_UNSIGNED_DIV(T)                                                                  \
  __device__ inline T tirconf_div(T a, T b) { return (T)(a / b); }                               \
  __device__ inline T tirconf_mod(T a, T b) { return (T)(a % b); }                               \
  __device__ inline T tirconf_floordiv(T a, T b) { return (T)(a / b); }                          \
  __device__ inline T tirconf_floormod(T a, T b) { return (T)(a % b); }
TIRCONF_SIGNED_DIV(int8_t, uint32_t)
TIRCONF_SIGNED_DIV(int16_t, uint32_t)
TIRCONF_SIGNED_DIV(int32_t, uint32_t)
TIRCONF_SIGNED_DIV(int64_t, uint64_t)
TIRCONF_UNSIGNED_DIV(bool)
TIRCONF_UNSIGNED_DIV(uint8_t)
TIRCONF_UNSIGNED_DIV(uint16_t)
TIRCONF_UNSIGNED_DIV(uint32_t)
TIRCONF_UNSIGNED_DIV(uint64_t)

// Float FloorDiv / FloorMod: floor(x / y) and x - floor(x / y) * y, each operation rounded on
// its own (the compile options forbid contraction).
__device__ inline float tirconf_floordiv(float a, float b) { return floorf(a / b); }
__device__ inline double tirconf_floordiv(double a, double b) { return floor(a / b); }
__device__ inline float tirconf_floormod(float a, float b) { return a - floorf(a / b) * b; }
__device__ inline double tirconf_floormod(double a, double b) { return a - floor(a / b) * b; }

// [builtin.sigmoid] in double, rounded once by the caller.
__device__ inline double tirconf_sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

// Shifts by an amount outside [0, bits) are unspecified (unspec.shift_amount): they give 0
// instead of C++'s undefined behaviour. Left shifts work on the unsigned pattern.
template <class T, class U> __device__ inline T tirconf_shl(T a, int64_t n) {
  return (n < 0 || n >= (int64_t)(8 * sizeof(T))) ? (T)0 : (T)((U)a << n);
}
template <class T> __device__ inline T tirconf_shr(T a, int64_t n) {
  return (n < 0 || n >= (int64_t)(8 * sizeof(T))) ? (T)0 : (T)(a >> n);
}
)";
}

const char *narrow_float_prelude() {
  // FloorDiv and FloorMod as the float ones, each operation rounded to the 16-bit format.
  return R"(#include <cuda_fp16.h>
#include <cuda_bf16.h>
#define TIRCONF_NARROW_FLOAT(T, TO, FROM)                                                        \
  __device__ inline T tirconf_floordiv(T a, T b) { return FROM(floorf(TO(FROM(TO(a) / TO(b))))); } \
  __device__ inline T tirconf_floormod(T a, T b) {                                               \
    T q = tirconf_floordiv(a, b);                                                                \
    return FROM(TO(a) - TO(FROM(TO(q) * TO(b))));                                                \
  }
TIRCONF_NARROW_FLOAT(__half, __half2float, __float2half_rn)
TIRCONF_NARROW_FLOAT(__nv_bfloat16, __bfloat162float, __float2bfloat16_rn)
// nextafter on the 16-bit pattern: float's next value is not the format's.
#define TIRCONF_NARROW_NEXTAFTER(T, TO, AS_BITS, FROM_BITS)                                      \
  __device__ inline T tirconf_nextafter(T x, T y) {                                              \
    float a = TO(x), b = TO(y);                                                                  \
    if (a != a || b != b)                                                                        \
      return FROM_BITS((unsigned short)0x7fff);                                                  \
    if (a == b)                                                                                  \
      return y;                                                                                  \
    if (a == 0.0f)                                                                               \
      return FROM_BITS((unsigned short)(b > 0.0f ? 1 : 0x8001));                                 \
    unsigned short bits = AS_BITS(x);                                                            \
    return FROM_BITS((unsigned short)(((a < b) == (a > 0.0f)) ? bits + 1 : bits - 1));          \
  }
TIRCONF_NARROW_NEXTAFTER(__half, __half2float, __half_as_ushort, __ushort_as_half)
TIRCONF_NARROW_NEXTAFTER(__nv_bfloat16, __bfloat162float, __bfloat16_as_ushort, __ushort_as_bfloat16)
)";
}

} // namespace tirconf::backends::cuda
