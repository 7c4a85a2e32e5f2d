"""
description: Mul and FloorDiv on two float32x4 / int32x4 vector operands of identical datatype
rules: [type.expr.binary.match]
args:
  F: {dtype: float32, shape: [4], data: [1.5, -2.0, 0.5, 3.0]}
  A: {dtype: int32, shape: [4], data: [7, -7, 6, -1]}
  G: {dtype: float32, shape: [4]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {G: [2.25, 4.0, 0.25, 9.0], B: [3, -4, 3, -1]}
"""
from tvm.script import tir as T


@T.prim_func
def main(F: T.Buffer((4,), "float32"), A: T.Buffer((4,), "int32"), G: T.Buffer((4,), "float32"), B: T.Buffer((4,), "int32")):
    G[0:4] = F[0:4] * F[0:4]
    B[0:4] = A[0:4] // T.Broadcast(2, 4)
