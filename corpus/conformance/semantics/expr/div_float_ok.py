"""
description: >-
  Float Div is IEEE division and never an error: 1/0 = inf, -1/0 = -inf, 0/0 = NaN, 1/-0.0 = -inf,
  7/2 = 3.5; float FloorDiv is floor(x / y) (7//2 = 3, -7//2 = -4, 1//0 = inf) and FloorMod is
  x - floor(x / y) * y (-7 % 2 = 1, 7.5 % -2 = 7.5 - 8 = -0.5)
rules: [sem.expr.div, sem.expr.floordiv, sem.expr.floormod, sem.expr.float_ieee]
args:
  X: {dtype: float32, shape: [5], data: [1.0, -1.0, 0.0, 1.0, 7.0]}
  Y: {dtype: float32, shape: [5], data: [0.0, 0.0, 0.0, -0.0, 2.0]}
  D: {dtype: float32, shape: [5]}
  P: {dtype: float32, shape: [4], data: [7.0, -7.0, 1.0, 7.5]}
  Q: {dtype: float32, shape: [4], data: [2.0, 2.0, 0.0, -2.0]}
  F: {dtype: float32, shape: [3]}
  G: {dtype: float32, shape: [2]}
expect:
  buffers:
    D: [inf, -inf, nan, -inf, 3.5]
    F: [3.0, -4.0, inf]
    G: [1.0, -0.5]
"""
from tvm.script import tir as T


@T.prim_func
def main(X: T.Buffer((5,), "float32"), Y: T.Buffer((5,), "float32"), D: T.Buffer((5,), "float32"), P: T.Buffer((4,), "float32"), Q: T.Buffer((4,), "float32"), F: T.Buffer((3,), "float32"), G: T.Buffer((2,), "float32")):
    for i in range(5):
        D[i] = X[i] / Y[i]
    for i in range(3):
        F[i] = P[i] // Q[i]
    G[0] = P[1] % Q[1]
    G[1] = P[3] % Q[3]
