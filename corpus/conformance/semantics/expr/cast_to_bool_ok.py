"""
description: A Cast to bool gives 1 for any nonzero operand (2, -1, NaN, inf, 0.5) and 0 for zero (0, +0.0, -0.0)
rules: [sem.expr.cast, sem.expr.cast.to_bool]
args:
  A: {dtype: int32, shape: [4], data: [0, 1, 2, -1]}
  F: {dtype: float32, shape: [5], data: [0.0, -0.0, nan, 0.5, inf]}
  U: {dtype: uint8, shape: [2], data: [0, 128]}
  B: {dtype: bool, shape: [4]}
  C: {dtype: bool, shape: [5]}
  D: {dtype: bool, shape: [2]}
expect:
  buffers:
    B: [0, 1, 1, 1]
    C: [0, 0, 1, 1, 1]
    D: [0, 1]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), F: T.Buffer((5,), "float32"), U: T.Buffer((2,), "uint8"), B: T.Buffer((4,), "bool"), C: T.Buffer((5,), "bool"), D: T.Buffer((2,), "bool")):
    for i in range(4):
        B[i] = T.Cast("bool", A[i])
    for i in range(5):
        C[i] = T.Cast("bool", F[i])
    for i in range(2):
        D[i] = T.Cast("bool", U[i])
