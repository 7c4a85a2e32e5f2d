"""
description: >-
  The six comparisons on int32 pairs (-1, 1), (0, 0), (5, 3), (5, 5), each stored as Bool in row r
  of R - EQ [0, 1, 0, 1], NE [1, 0, 1, 0], LT [1, 0, 0, 0], LE [1, 1, 0, 1], GT [0, 0, 1, 0],
  GE [0, 1, 1, 1]
rules: [sem.expr.cmp, sem.expr.eq, sem.expr.ne, sem.expr.lt, sem.expr.le, sem.expr.gt, sem.expr.ge]
args:
  A: {dtype: int32, shape: [4], data: [-1, 0, 5, 5]}
  B: {dtype: int32, shape: [4], data: [1, 0, 3, 5]}
  R: {dtype: bool, shape: [6, 4]}
expect:
  buffers:
    R: [[0, 1, 0, 1], [1, 0, 1, 0], [1, 0, 0, 0], [1, 1, 0, 1], [0, 0, 1, 0], [0, 1, 1, 1]]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), R: T.Buffer((6, 4), "bool")):
    for i in range(4):
        R[0, i] = A[i] == B[i]
        R[1, i] = A[i] != B[i]
        R[2, i] = A[i] < B[i]
        R[3, i] = A[i] <= B[i]
        R[4, i] = A[i] > B[i]
        R[5, i] = A[i] >= B[i]
