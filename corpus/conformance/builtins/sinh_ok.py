"""
description: >-
  tir.sinh(x) within 4 ULP; sinh(1) = 1.1752011936438014, sinh(-0.5) = -0.5210953054937474, sinh(inf) = inf
rules: [builtin.sinh]
args:
  A: {dtype: float32, shape: [3], data: [1.0, -0.5, inf]}
  B: {dtype: float32, shape: [3]}
  D: {dtype: float64, shape: [2], data: [1.0, -0.5]}
  E: {dtype: float64, shape: [2]}
expect:
  buffers:
    B: [1.1752011936438014, -0.5210953054937474, inf]
    E: [1.1752011936438014, -0.5210953054937474]
  tolerance: {ulp: 4}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((3,), "float32"), B: T.Buffer((3,), "float32"), D: T.Buffer((2,), "float64"), E: T.Buffer((2,), "float64")):
    for i in range(3):
        B[i] = T.sinh(A[i])
    for i in range(2):
        E[i] = T.sinh(D[i])
