"""
description: >-
  Scalar Or evaluates b only when a is 0, so D[i] == 0 or A[i] // D[i] > 1 never divides by zero;
  with A = [5, 6, 7, 1], D = [0, 2, 0, 1] the if takes the then branch for [1, 1, 1] and the else
  branch (2) for the last, where 1 // 1 = 1 is not > 1
rules: [sem.expr.or, sem.stmt.ifthenelse]
args:
  A: {dtype: int32, shape: [4], data: [5, 6, 7, 1]}
  D: {dtype: int32, shape: [4], data: [0, 2, 0, 1]}
  C: {dtype: int32, shape: [4]}
  E: {dtype: bool, shape: [4]}
expect:
  buffers:
    C: [1, 1, 1, 2]
    E: [1, 1, 1, 0]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), D: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32"), E: T.Buffer((4,), "bool")):
    for i in range(4):
        if D[i] == 0 or A[i] // D[i] > 1:
            C[i] = 1
        else:
            C[i] = 2
        E[i] = D[i] == 0 or A[i] // D[i] > 1
