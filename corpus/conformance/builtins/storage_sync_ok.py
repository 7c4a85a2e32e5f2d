"""
description: >-
  Eight threads of one block reverse A through shared memory: each writes its element, waits at
  T.tvm_storage_sync("shared") for the others, then reads the element thread 7 - tx wrote; the
  barrier orders the writes before the reads, so nothing conflicts
rules: [builtin.storage_sync, sem.stmt.for.thread_binding]
args:
  A: {dtype: int32, shape: [8], data: [1, 2, 3, 4, 5, 6, 7, 8]}
  B: {dtype: int32, shape: [8]}
expect:
  buffers: {B: [16, 14, 12, 10, 8, 6, 4, 2]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
    S = T.decl_buffer((8,), "int32", scope="shared")
    for tx in T.thread_binding(8, thread="threadIdx.x"):
        S[tx] = A[tx] * 2
        T.tvm_storage_sync("shared")
        B[tx] = S[7 - tx]
