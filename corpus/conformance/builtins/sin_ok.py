"""
description: >-
  tir.sin(x) (radians) within 4 ULP away from its zeros; sin(1) = 0.8414709848078965, sin(0.5) = 0.479425538604203, sin(-2) = -0.9092974268256817, sin(inf) = NaN
rules: [builtin.sin]
args:
  A: {dtype: float32, shape: [4], data: [1.0, 0.5, -2.0, inf]}
  B: {dtype: float32, shape: [4]}
  D: {dtype: float64, shape: [2], data: [1.0, -2.0]}
  E: {dtype: float64, shape: [2]}
expect:
  buffers:
    B: [0.8414709848078965, 0.479425538604203, -0.9092974268256817, nan]
    E: [0.8414709848078965, -0.9092974268256817]
  tolerance: {ulp: 4}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32"), D: T.Buffer((2,), "float64"), E: T.Buffer((2,), "float64")):
    for i in range(4):
        B[i] = T.sin(A[i])
    for i in range(2):
        E[i] = T.sin(D[i])
