"""
description: Not flips each Bool lane - scalar not over P = [0, 1] and a boolx4 Not of A > 0 with A = [-1, 0, 2, 5]
rules: [sem.expr.not]
args:
  P: {dtype: bool, shape: [2], data: [0, 1]}
  A: {dtype: int32, shape: [4], data: [-1, 0, 2, 5]}
  R: {dtype: bool, shape: [2]}
  S: {dtype: bool, shape: [4]}
expect:
  buffers:
    R: [1, 0]
    S: [1, 1, 0, 0]
"""
from tvm.script import tir as T


@T.prim_func
def main(P: T.Buffer((2,), "bool"), A: T.Buffer((4,), "int32"), R: T.Buffer((2,), "bool"), S: T.Buffer((4,), "bool")):
    for i in range(2):
        R[i] = T.Not(P[i])
    S[0:4] = T.Not(A[0:4] > T.Broadcast(0, 4))
