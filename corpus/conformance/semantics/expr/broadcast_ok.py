"""
description: Broadcast(v, 4) puts the scalar v in every lane; here (A[0] * 2) + Ramp(0, 1, 4) with A[0] = 21 gives [42, 43, 44, 45]
rules: [sem.expr.broadcast, sem.expr.binary]
args:
  A: {dtype: int32, shape: [1], data: [21]}
  B: {dtype: int32, shape: [4]}
  F: {dtype: float32, shape: [4]}
expect:
  buffers:
    B: [42, 43, 44, 45]
    F: [0.5, 0.5, 0.5, 0.5]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1,), "int32"), B: T.Buffer((4,), "int32"), F: T.Buffer((4,), "float32")):
    B[0:4] = T.Broadcast(A[0] * 2, 4) + T.Ramp(0, 1, 4)
    F[0:4] = T.Broadcast(T.float32(0.5), 4)
