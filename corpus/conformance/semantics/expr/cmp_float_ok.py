"""
description: >-
  IEEE float comparisons on pairs (NaN, NaN), (NaN, 1), (1, NaN), (-0.0, +0.0), (inf, FLT_MAX),
  (-inf, -inf) - every comparison with NaN is 0 except NE (so NaN != NaN is 1), -0.0 == +0.0, inf >
  FLT_MAX, -inf == -inf
rules: [sem.expr.cmp.float, sem.expr.eq, sem.expr.ne, sem.expr.lt, sem.expr.le, sem.expr.gt, sem.expr.ge]
args:
  X: {dtype: float32, shape: [6], data: [nan, nan, 1.0, -0.0, inf, -inf]}
  Y: {dtype: float32, shape: [6], data: [nan, 1.0, nan, 0.0, 3.4028234663852886e38, -inf]}
  R: {dtype: bool, shape: [6, 6]}
expect:
  buffers:
    R:
      - [0, 0, 0, 1, 0, 1]
      - [1, 1, 1, 0, 1, 0]
      - [0, 0, 0, 0, 0, 0]
      - [0, 0, 0, 1, 0, 1]
      - [0, 0, 0, 0, 1, 0]
      - [0, 0, 0, 1, 1, 1]
"""
from tvm.script import tir as T


@T.prim_func
def main(X: T.Buffer((6,), "float32"), Y: T.Buffer((6,), "float32"), R: T.Buffer((6, 6), "bool")):
    for i in range(6):
        R[0, i] = X[i] == Y[i]
        R[1, i] = X[i] != Y[i]
        R[2, i] = X[i] < Y[i]
        R[3, i] = X[i] <= Y[i]
        R[4, i] = X[i] > Y[i]
        R[5, i] = X[i] >= Y[i]
