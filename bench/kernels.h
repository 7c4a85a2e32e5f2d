// The TVMScript of the interpreter's benchmark kernels, shared by oracle_bench.cc (the
// interpreter alone) and backend_bench.cc (the backends against the interpreter), so both time
// the same programs.
#pragma once

#include <string>

namespace tirconf::bench {

// C = A B, 64x64x64, in a reduction block with an init; `zero` spells the dtype's 0.
inline std::string matmul_kernel(const char *dtype, const char *zero) {
  return std::string("from tvm.script import tir as T\n\n@T.prim_func\n"
                     "def main(A: T.Buffer((64, 64), \"") +
         dtype + "\"), B: T.Buffer((64, 64), \"" + dtype + "\"), C: T.Buffer((64, 64), \"" + dtype +
         "\")):\n"
         "    for i, j, k in T.grid(64, 64, 64):\n"
         "        with T.block(\"C\"):\n"
         "            vi, vj, vk = T.axis.remap(\"SSR\", [i, j, k])\n"
         "            T.reads(A[vi, vk], B[vk, vj])\n"
         "            T.writes(C[vi, vj])\n"
         "            with T.init():\n"
         "                C[vi, vj] = " +
         zero +
         "\n"
         "            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]\n";
}

// floordiv and floormod by 7 over 1M int32 elements.
inline constexpr const char *kFloorDivModKernel =
    "from tvm.script import tir as T\n\n@T.prim_func\n"
    "def main(A: T.Buffer((1048576,), \"int32\"), B: T.Buffer((1048576,), \"int32\")):\n"
    "    for i in range(1048576):\n"
    "        B[i] = A[i] // 7 + A[i] % 7\n";

// 16K float32x4 slice operations (Ramp loads and stores, Broadcast operands).
inline constexpr const char *kVectorizedKernel =
    "from tvm.script import tir as T\n\n@T.prim_func\n"
    "def main(A: T.Buffer((65536,), \"float32\"), B: T.Buffer((65536,), \"float32\")):\n"
    "    for i in range(16384):\n"
    "        B[i * 4:i * 4 + 4] = A[i * 4:i * 4 + 4] * T.Broadcast(T.float32(2.0), 4)"
    " + T.Broadcast(T.float32(1.0), 4)\n";

// C = A B in float32, 128x128x128, rows on blockIdx.x and columns on threadIdx.x: the shape a GPU
// runs in parallel (the CUDA backend launches it as 128 blocks of 128 threads; the oracle and
// llvm-O2 run the thread loops serially).
inline constexpr const char *kThreadBoundMatmulKernel =
    "from tvm.script import tir as T\n\n@T.prim_func\n"
    "def main(A: T.Buffer((128, 128), \"float32\"), B: T.Buffer((128, 128), \"float32\"),"
    " C: T.Buffer((128, 128), \"float32\")):\n"
    "    for i in T.thread_binding(128, thread=\"blockIdx.x\"):\n"
    "        for j in T.thread_binding(128, thread=\"threadIdx.x\"):\n"
    "            C[i, j] = T.float32(0.0)\n"
    "            for k in range(128):\n"
    "                C[i, j] = C[i, j] + A[i, k] * B[k, j]\n";

} // namespace tirconf::bench
