"""
description: An unrolled For behaves exactly like a serial one - the order-dependent prefix sum over [1, 2, 3, 4] gives [1, 3, 6, 10]
rules: [sem.stmt.for.unrolled]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
expect:
  buffers: {A: [1, 3, 6, 10]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in T.unroll(1, 4):
        A[i] = A[i] + A[i - 1]
