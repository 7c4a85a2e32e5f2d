"""
description: Not of a bool x4 comparison is bool x4
rules: [type.expr.not.result]
args:
  A: {dtype: float32, shape: [4], data: [1.0, -1.0, 0.0, 2.0]}
  D: {dtype: bool, shape: [4]}
expect:
  buffers: {D: [false, true, true, false]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float32"), D: T.Buffer((4,), "bool")):
    D[0:4] = not A[0:4] > T.Broadcast(T.float32(0.0), 4)
