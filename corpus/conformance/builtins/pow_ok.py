"""
description: >-
  tir.pow(x, y) within 8 ULP with C pow's special cases - pow(2, 10) = 1024, pow(2, 0.5) =
  1.4142135623730951, pow(3, -2) = 0.1111111111111111, pow(1.5, 2.5) = 2.7556759606310752, pow(NaN, 0)
  = 1, pow(0, -1) = inf, pow(-8, 1/3) = NaN (negative base, non-integral exponent), pow(-2, 3) = -8
rules: [builtin.pow]
args:
  X: {dtype: float32, shape: [8], data: [2.0, 2.0, 3.0, 1.5, nan, 0.0, -8.0, -2.0]}
  Y: {dtype: float32, shape: [8], data: [10.0, 0.5, -2.0, 2.5, 0.0, -1.0, 0.3333333432674408, 3.0]}
  B: {dtype: float32, shape: [8]}
  D: {dtype: float64, shape: [2], data: [2.0, 1.5]}
  F: {dtype: float64, shape: [2], data: [0.5, 2.5]}
  E: {dtype: float64, shape: [2]}
expect:
  buffers:
    B: [1024.0, 1.4142135623730951, 0.1111111111111111, 2.7556759606310752, 1.0, inf, nan, -8.0]
    E: [1.4142135623730951, 2.7556759606310752]
  tolerance: {ulp: 8}
"""
from tvm.script import tir as T


@T.prim_func
def main(X: T.Buffer((8,), "float32"), Y: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32"), D: T.Buffer((2,), "float64"), F: T.Buffer((2,), "float64"), E: T.Buffer((2,), "float64")):
    for i in range(8):
        B[i] = T.pow(X[i], Y[i])
    for i in range(2):
        E[i] = T.pow(D[i], F[i])
