"""
description: Min yields the smaller operand - signed int32, uint8 compared unsigned (min(200, 100) = 100), float32 with infinities, and lane-wise on vectors
rules: [sem.expr.min]
args:
  A: {dtype: int32, shape: [4], data: [3, -5, 7, -2147483648]}
  B: {dtype: int32, shape: [4], data: [-1, -4, 7, 2147483647]}
  C: {dtype: int32, shape: [4]}
  U: {dtype: uint8, shape: [3], data: [200, 100, 0]}
  F: {dtype: float32, shape: [4], data: [inf, -inf, 1.5, -2.5]}
  G: {dtype: float32, shape: [4], data: [1.0, 0.0, 1.25, 3.0]}
  H: {dtype: float32, shape: [4]}
  V: {dtype: int32, shape: [4]}
expect:
  buffers:
    C: [-1, -5, 7, -2147483648]
    U: [200, 100, 100]
    H: [1.0, -inf, 1.25, -2.5]
    V: [-1, -5, 7, -2147483648]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32"), U: T.Buffer((3,), "uint8"), F: T.Buffer((4,), "float32"), G: T.Buffer((4,), "float32"), H: T.Buffer((4,), "float32"), V: T.Buffer((4,), "int32")):
    for i in range(4):
        C[i] = T.min(A[i], B[i])
        H[i] = T.min(F[i], G[i])
    U[2] = T.min(U[0], U[1])
    V[0:4] = T.min(A[0:4], B[0:4])
