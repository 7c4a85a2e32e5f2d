"""
description: >-
  tir.cos(x) (radians) within 4 ULP away from its zeros; cos(0) = 1, cos(1) = 0.5403023058681398, cos(0.5) = 0.8775825618903728, cos(2) = -0.4161468365471424
rules: [builtin.cos]
args:
  A: {dtype: float32, shape: [4], data: [0.0, 1.0, 0.5, 2.0]}
  B: {dtype: float32, shape: [4]}
  D: {dtype: float64, shape: [2], data: [1.0, 2.0]}
  E: {dtype: float64, shape: [2]}
expect:
  buffers:
    B: [1.0, 0.5403023058681398, 0.8775825618903728, -0.4161468365471424]
    E: [0.5403023058681398, -0.4161468365471424]
  tolerance: {ulp: 4}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32"), D: T.Buffer((2,), "float64"), E: T.Buffer((2,), "float64")):
    for i in range(4):
        B[i] = T.cos(A[i])
    for i in range(2):
        E[i] = T.cos(D[i])
