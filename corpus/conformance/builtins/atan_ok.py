"""
description: >-
  tir.atan(x) within 4 ULP; atan(1) = pi/4 = 0.7853981633974483, atan(-2) = -1.1071487177940904, atan(0.5) = 0.4636476090008061, atan(inf) = pi/2, atan(-inf) = -pi/2
rules: [builtin.atan]
args:
  A: {dtype: float32, shape: [5], data: [1.0, -2.0, 0.5, inf, -inf]}
  B: {dtype: float32, shape: [5]}
  D: {dtype: float64, shape: [2], data: [1.0, -2.0]}
  E: {dtype: float64, shape: [2]}
expect:
  buffers:
    B: [0.7853981633974483, -1.1071487177940904, 0.4636476090008061, 1.5707963267948966, -1.5707963267948966]
    E: [0.7853981633974483, -1.1071487177940904]
  tolerance: {ulp: 4}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((5,), "float32"), B: T.Buffer((5,), "float32"), D: T.Buffer((2,), "float64"), E: T.Buffer((2,), "float64")):
    for i in range(5):
        B[i] = T.atan(A[i])
    for i in range(2):
        E[i] = T.atan(D[i])
