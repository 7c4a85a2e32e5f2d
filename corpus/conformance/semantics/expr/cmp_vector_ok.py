"""
description: A comparison of int32x4 operands yields a boolx4, lane by lane - A < B with A = [1, 5, -2, 7], B = [3, 2, -1, 7] is [1, 0, 1, 0]; A == B is [0, 0, 0, 1]
rules: [sem.expr.cmp, sem.expr.lt, sem.expr.eq]
args:
  A: {dtype: int32, shape: [4], data: [1, 5, -2, 7]}
  B: {dtype: int32, shape: [4], data: [3, 2, -1, 7]}
  R: {dtype: bool, shape: [8]}
expect:
  buffers:
    R: [1, 0, 1, 0, 0, 0, 0, 1]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), R: T.Buffer((8,), "bool")):
    R[0:4] = A[0:4] < B[0:4]
    R[4:8] = A[0:4] == B[0:4]
