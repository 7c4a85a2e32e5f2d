"""
description: >-
  tir.hypot(x, y) = sqrt(x^2 + y^2) within 4 ULP, without intermediate overflow - hypot(3, 4) = 5,
  hypot(5, 12) = 13, hypot(1, 1) = 1.4142135623730951, hypot(1e38, 1e38) = 1.414213517158664e38 for the float32 input 9.99999968e37 (x^2
  alone would overflow float32), hypot(inf, NaN) = inf
rules: [builtin.hypot]
args:
  X: {dtype: float32, shape: [5], data: [3.0, 5.0, 1.0, 1e38, inf]}
  Y: {dtype: float32, shape: [5], data: [4.0, 12.0, 1.0, 1e38, nan]}
  B: {dtype: float32, shape: [5]}
expect:
  buffers: {B: [5.0, 13.0, 1.4142135623730951, 1.414213517158664e38, inf]}
  tolerance: {ulp: 4}
"""
from tvm.script import tir as T


@T.prim_func
def main(X: T.Buffer((5,), "float32"), Y: T.Buffer((5,), "float32"), B: T.Buffer((5,), "float32")):
    for i in range(5):
        B[i] = T.hypot(X[i], Y[i])
