"""
description: A vector last index with scalar leading indices stores along the last dimension of a 2-d buffer - A[1, 0:3] = Ramp(5, 5, 3)
rules: [sem.stmt.bufferstore.vector, sem.expr.ramp]
args:
  A: {dtype: int32, shape: [2, 3]}
expect:
  buffers: {A: [0, 0, 0, 5, 10, 15]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 3), "int32")):
    A[1, 0:3] = T.Ramp(5, 5, 3)
