"""
description: >-
  tir.fmod(x, y) = x - trunc(x / y) * y exactly, with the sign of x - fmod(5.5, 2) = 1.5,
  fmod(-5.5, 2) = -1.5, fmod(5.5, -2) = 1.5, fmod(1, 0) = NaN, fmod(inf, 1) = NaN, fmod(3, inf) = 3
rules: [builtin.fmod]
args:
  X: {dtype: float32, shape: [6], data: [5.5, -5.5, 5.5, 1.0, inf, 3.0]}
  Y: {dtype: float32, shape: [6], data: [2.0, 2.0, -2.0, 0.0, 1.0, inf]}
  B: {dtype: float32, shape: [6]}
expect:
  buffers: {B: [1.5, -1.5, 1.5, nan, nan, 3.0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(X: T.Buffer((6,), "float32"), Y: T.Buffer((6,), "float32"), B: T.Buffer((6,), "float32")):
    for i in range(6):
        B[i] = T.fmod(X[i], Y[i])
