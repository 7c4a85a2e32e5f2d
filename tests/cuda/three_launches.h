// A PrimFunc that runs as three launches on the CUDA backend (launch.h: plan_entry): the first
// kernel, the host code between (one thread, with a tir.ret), the second kernel. The host-side
// tests write its kernels in C++ over their stand-in devices.
#pragma once

namespace tirconf::backends::cuda::testing {

inline constexpr const char *kThreeLaunches = R"(from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), n: T.int32) -> T.int32:
    for i in T.thread_binding(4, thread="threadIdx.x"):
        A[i] = A[i] + n
    if n > 100:
        T.ret(n)
    for j in T.thread_binding(4, thread="threadIdx.x"):
        A[j] = T.floordiv(A[j], n)
)";

} // namespace tirconf::backends::cuda::testing
