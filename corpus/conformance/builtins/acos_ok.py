"""
description: >-
  tir.acos(x) within 4 ULP; acos(0.5) = pi/3 = 1.0471975511965979, acos(-1) = pi = 3.141592653589793, acos(0) = pi/2 = 1.5707963267948966, acos(1.5) = NaN
rules: [builtin.acos]
args:
  A: {dtype: float32, shape: [4], data: [0.5, -1.0, 0.0, 1.5]}
  B: {dtype: float32, shape: [4]}
  D: {dtype: float64, shape: [2], data: [0.5, -1.0]}
  E: {dtype: float64, shape: [2]}
expect:
  buffers:
    B: [1.0471975511965979, 3.141592653589793, 1.5707963267948966, nan]
    E: [1.0471975511965979, 3.141592653589793]
  tolerance: {ulp: 4}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32"), D: T.Buffer((2,), "float64"), E: T.Buffer((2,), "float64")):
    for i in range(4):
        B[i] = T.acos(A[i])
    for i in range(2):
        E[i] = T.acos(D[i])
