"""
description: >-
  tir.exp2(x) = 2^x within 4 ULP; exp2(3) = 8, exp2(-3) = 0.125, exp2(0.5) = 1.4142135623730951, exp2(0) = 1
rules: [builtin.exp2]
args:
  A: {dtype: float32, shape: [4], data: [3.0, -3.0, 0.5, 0.0]}
  B: {dtype: float32, shape: [4]}
  D: {dtype: float64, shape: [2], data: [10.0, 0.5]}
  E: {dtype: float64, shape: [2]}
expect:
  buffers:
    B: [8.0, 0.125, 1.4142135623730951, 1.0]
    E: [1024.0, 1.4142135623730951]
  tolerance: {ulp: 4}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32"), D: T.Buffer((2,), "float64"), E: T.Buffer((2,), "float64")):
    for i in range(4):
        B[i] = T.exp2(A[i])
    for i in range(2):
        E[i] = T.exp2(D[i])
