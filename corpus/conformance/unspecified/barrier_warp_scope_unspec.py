"""
description: >-
  tvm_storage_sync("warp") orders memory among the threads of a warp, which the oracle does not
  model: only a block's barrier ("shared") has a meaning
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
        A[tx] = tx
        T.tvm_storage_sync("warp")
