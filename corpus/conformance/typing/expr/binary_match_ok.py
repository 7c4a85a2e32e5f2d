"""
description: Add, Sub, Min and Max on two int8 operands
rules: [type.expr.binary.match]
args:
  A: {dtype: int8, shape: [4], data: [100, -100, 5, 7]}
  B: {dtype: int8, shape: [4], data: [27, -28, -5, 1]}
  C: {dtype: int8, shape: [4]}
  D: {dtype: int8, shape: [4]}
  E: {dtype: int8, shape: [4]}
  G: {dtype: int8, shape: [4]}
expect:
  buffers: {C: [127, -128, 0, 8], D: [73, -72, 10, 6], E: [27, -100, -5, 1], G: [100, -28, 5, 7]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int8"), B: T.Buffer((4,), "int8"), C: T.Buffer((4,), "int8"), D: T.Buffer((4,), "int8"), E: T.Buffer((4,), "int8"), G: T.Buffer((4,), "int8")):
    for i in range(4):
        C[i] = A[i] + B[i]
        D[i] = A[i] - B[i]
        E[i] = T.min(A[i], B[i])
        G[i] = T.max(A[i], B[i])
