"""
description: >-
  Only threads 0 and 1 of four reach the barrier; threads 2 and 3 end without it, so the barrier
  cannot be passed (CUDA leaves __syncthreads() in divergent code undefined)
rules: [unspec.barrier, builtin.storage_sync]
args:
  A: {dtype: int32, shape: [4]}
expect:
  unspecified: any
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for tx in T.thread_binding(4, thread="threadIdx.x"):
        if tx < 2:
            T.tvm_storage_sync("shared")
        A[tx] = tx
