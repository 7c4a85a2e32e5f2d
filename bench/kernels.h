// The TVMScript of the interpreter's benchmark kernels, shared by oracle_bench.cc (the
// interpreter alone) and backend_bench.cc (llvm-O2 against the interpreter), so both time the
// same programs.
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

} // namespace tirconf::bench
