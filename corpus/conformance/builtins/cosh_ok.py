"""
description: >-
  tir.cosh(x) within 4 ULP; cosh(0) = 1, cosh(1) = 1.5430806348152437, cosh(-2) = 3.7621956910836314, cosh(-inf) = inf
rules: [builtin.cosh]
args:
  A: {dtype: float32, shape: [4], data: [0.0, 1.0, -2.0, -inf]}
  B: {dtype: float32, shape: [4]}
  D: {dtype: float64, shape: [2], data: [1.0, -2.0]}
  E: {dtype: float64, shape: [2]}
expect:
  buffers:
    B: [1.0, 1.5430806348152437, 3.7621956910836314, inf]
    E: [1.5430806348152437, 3.7621956910836314]
  tolerance: {ulp: 4}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32"), D: T.Buffer((2,), "float64"), E: T.Buffer((2,), "float64")):
    for i in range(4):
        B[i] = T.cosh(A[i])
    for i in range(2):
        E[i] = T.cosh(D[i])
