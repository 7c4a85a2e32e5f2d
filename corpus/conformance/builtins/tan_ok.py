"""
description: >-
  tir.tan(x) (radians) within 4 ULP away from its zeros and poles; tan(1) = 1.5574077246549023, tan(0.5) = 0.5463024898437905, tan(-1) = -1.5574077246549023
rules: [builtin.tan]
args:
  A: {dtype: float32, shape: [3], data: [1.0, 0.5, -1.0]}
  B: {dtype: float32, shape: [3]}
  D: {dtype: float64, shape: [2], data: [1.0, 0.5]}
  E: {dtype: float64, shape: [2]}
expect:
  buffers:
    B: [1.5574077246549023, 0.5463024898437905, -1.5574077246549023]
    E: [1.5574077246549023, 0.5463024898437905]
  tolerance: {ulp: 4}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((3,), "float32"), B: T.Buffer((3,), "float32"), D: T.Buffer((2,), "float64"), E: T.Buffer((2,), "float64")):
    for i in range(3):
        B[i] = T.tan(A[i])
    for i in range(2):
        E[i] = T.tan(D[i])
