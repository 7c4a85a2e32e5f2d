"""
description: >-
  storage_sync_ok.py without its barrier: thread tx reads S[7 - tx], which another thread writes
  with nothing ordering the two accesses, a conflict (S is written first, so no read finds it
  uninitialized)
rules: [unspec.conflict.thread, sem.stmt.for.thread_binding]
args:
  A: {dtype: int32, shape: [8], data: [1, 2, 3, 4, 5, 6, 7, 8]}
  B: {dtype: int32, shape: [8]}
expect:
  unspecified: conflict
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
    S = T.decl_buffer((8,), "int32", scope="shared")
    for i in range(8):
        S[i] = 0
    for tx in T.thread_binding(8, thread="threadIdx.x"):
        S[tx] = A[tx] * 2
        B[tx] = S[7 - tx]
