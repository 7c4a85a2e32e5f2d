"""
description: >-
  tir.log2(x) within 4 ULP; log2(8) = 3, log2(0.5) = -1, log2(10) = 3.321928094887362, log2(0) = -inf, log2(-2) = NaN
rules: [builtin.log2]
args:
  A: {dtype: float32, shape: [5], data: [8.0, 0.5, 10.0, 0.0, -2.0]}
  B: {dtype: float32, shape: [5]}
  D: {dtype: float64, shape: [2], data: [3.0, 1024.0]}
  E: {dtype: float64, shape: [2]}
expect:
  buffers:
    B: [3.0, -1.0, 3.321928094887362, -inf, nan]
    E: [1.584962500721156, 10.0]
  tolerance: {ulp: 4}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((5,), "float32"), B: T.Buffer((5,), "float32"), D: T.Buffer((2,), "float64"), E: T.Buffer((2,), "float64")):
    for i in range(5):
        B[i] = T.log2(A[i])
    for i in range(2):
        E[i] = T.log2(D[i])
