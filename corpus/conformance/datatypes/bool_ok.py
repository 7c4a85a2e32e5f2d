"""
description: Bool (uint1) is the result of comparisons and logical ops, scalar or vector, and a buffer dtype
rules: [dtype.bool]
args:
  A: {dtype: int32, shape: [4], data: [1, -1, 0, 2]}
  D: {dtype: bool, shape: [4]}
  E: {dtype: bool, shape: [4]}
expect:
  buffers: {D: [true, false, false, true], E: [false, true, true, false]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), D: T.Buffer((4,), "bool"), E: T.Buffer((4,), "bool")):
    D[0:4] = A[0:4] > T.Broadcast(0, 4)
    for i in range(4):
        E[i] = not D[i] or T.bool(False)
