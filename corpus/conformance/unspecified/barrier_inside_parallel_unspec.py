"""
description: >-
  A barrier inside a parallel loop nested in the thread loop: the parallel iterations of one
  thread are not threads of the block, so no set of iterations can all wait for one another
rules: [unspec.barrier, builtin.storage_sync]
args:
  A: {dtype: int32, shape: [4]}
expect:
  unspecified: any
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for tx in T.thread_binding(2, thread="threadIdx.x"):
        for i in T.parallel(2):
            T.tvm_storage_sync("shared")
            A[tx * 2 + i] = i
