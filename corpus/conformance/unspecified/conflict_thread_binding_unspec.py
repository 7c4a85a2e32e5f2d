"""
description: Every thread of a threadIdx.x-bound For writes the same element A[0]
rules: [unspec.conflict.thread, sem.stmt.for.thread_binding]
args:
  A: {dtype: int32, shape: [1]}
expect:
  unspecified: conflict
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    for tx in T.thread_binding(4, thread="threadIdx.x"):
        A[0] = tx
