"""
description: >-
  A 2 x 4 block of threads (threadIdx.y, threadIdx.x) stages each row of A through shared memory
  four elements at a time; every thread sums the other row's tile after the first barrier, and
  the second barrier keeps the next tile's writes after those reads. The barriers wait for all
  eight threads, across both thread loops: B[ty, tx] = (tx + 1) * (sum of row 1 - ty of A)
rules: [builtin.storage_sync, sem.stmt.for.thread_binding, sem.stmt.for.serial]
args:
  A: {dtype: int32, shape: [2, 8], data: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]}
  B: {dtype: int32, shape: [2, 4]}
expect:
  buffers: {B: [100, 200, 300, 400, 36, 72, 108, 144]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 8), "int32"), B: T.Buffer((2, 4), "int32")):
    S = T.decl_buffer((2, 4), "int32", scope="shared")
    for ty in T.thread_binding(2, thread="threadIdx.y"):
        for tx in T.thread_binding(4, thread="threadIdx.x"):
            acc = T.decl_buffer((1,), "int32", scope="local")
            acc[0] = 0
            for k in range(2):
                S[ty, tx] = A[ty, k * 4 + tx]
                T.tvm_storage_sync("shared")
                for j in range(4):
                    acc[0] = acc[0] + S[1 - ty, j] * (tx + 1)
                T.tvm_storage_sync("shared")
            B[ty, tx] = acc[0]
