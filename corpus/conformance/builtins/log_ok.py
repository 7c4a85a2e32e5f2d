"""
description: >-
  tir.log(x) = ln x within 4 ULP; log(1) = 0, log(2) = 0.6931471805599453, log(0.5) = -0.6931471805599453, log(0) = -inf, log(-1) = NaN, log(inf) = inf
rules: [builtin.log]
args:
  A: {dtype: float32, shape: [6], data: [1.0, 2.0, 0.5, 0.0, -1.0, inf]}
  B: {dtype: float32, shape: [6]}
  D: {dtype: float64, shape: [2], data: [10.0, 2.0]}
  E: {dtype: float64, shape: [2]}
expect:
  buffers:
    B: [0.0, 0.6931471805599453, -0.6931471805599453, -inf, nan, inf]
    E: [2.302585092994046, 0.6931471805599453]
  tolerance: {ulp: 4}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((6,), "float32"), B: T.Buffer((6,), "float32"), D: T.Buffer((2,), "float64"), E: T.Buffer((2,), "float64")):
    for i in range(6):
        B[i] = T.log(A[i])
    for i in range(2):
        E[i] = T.log(D[i])
