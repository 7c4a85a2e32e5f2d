"""
description: >-
  tir.asin(x) within 4 ULP; asin(0.5) = pi/6 = 0.5235987755982989, asin(1) = pi/2 = 1.5707963267948966, asin(-0.25) = -0.25268025514207865, asin(2) = NaN (outside [-1, 1])
rules: [builtin.asin]
args:
  A: {dtype: float32, shape: [4], data: [0.5, 1.0, -0.25, 2.0]}
  B: {dtype: float32, shape: [4]}
  D: {dtype: float64, shape: [2], data: [0.5, -1.0]}
  E: {dtype: float64, shape: [2]}
expect:
  buffers:
    B: [0.5235987755982989, 1.5707963267948966, -0.25268025514207865, nan]
    E: [0.5235987755982989, -1.5707963267948966]
  tolerance: {ulp: 4}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32"), D: T.Buffer((2,), "float64"), E: T.Buffer((2,), "float64")):
    for i in range(4):
        B[i] = T.asin(A[i])
    for i in range(2):
        E[i] = T.asin(D[i])
