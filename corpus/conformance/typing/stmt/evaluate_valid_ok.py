"""
description: Evaluate accepts expressions of any datatype (int32 literal, float64, bool x4) and discards them
rules: [type.stmt.evaluate.valid]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
expect:
  buffers: {A: [1, 2, 3, 5]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    T.evaluate(0)
    T.evaluate(T.float64(1.5) * T.float64(2.0))
    T.evaluate(A[0:4] > T.Broadcast(2, 4))
    A[3] = A[3] + 1
