"""
description: >-
  tir.log1p(x) = log(1 + x) within 4 ULP, accurate for tiny x; log1p(0) = 0, log1p(1) = 0.6931471805599453, log1p(-0.5) = -0.6931471805599453, log1p(-1) = -inf, float64 log1p(1e-10) = 9.9999999995e-11 (1 + x would round)
rules: [builtin.log1p]
args:
  A: {dtype: float32, shape: [4], data: [0.0, 1.0, -0.5, -1.0]}
  B: {dtype: float32, shape: [4]}
  D: {dtype: float64, shape: [2], data: [1e-10, 1.0]}
  E: {dtype: float64, shape: [2]}
expect:
  buffers:
    B: [0.0, 0.6931471805599453, -0.6931471805599453, -inf]
    E: [9.9999999995e-11, 0.6931471805599453]
  tolerance: {ulp: 4}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32"), D: T.Buffer((2,), "float64"), E: T.Buffer((2,), "float64")):
    for i in range(4):
        B[i] = T.log1p(A[i])
    for i in range(2):
        E[i] = T.log1p(D[i])
