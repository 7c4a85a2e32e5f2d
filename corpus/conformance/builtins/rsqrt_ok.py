"""
description: >-
  tir.rsqrt(x) = 1 / sqrt(x) within 2 ULP; rsqrt(4) = 0.5, rsqrt(0.25) = 2, rsqrt(2) = 0.7071067811865476, rsqrt(3) = 0.5773502691896258, rsqrt(inf) = 0
rules: [builtin.rsqrt]
args:
  A: {dtype: float32, shape: [5], data: [4.0, 0.25, 2.0, 3.0, inf]}
  B: {dtype: float32, shape: [5]}
  D: {dtype: float64, shape: [2], data: [2.0, 16.0]}
  E: {dtype: float64, shape: [2]}
expect:
  buffers:
    B: [0.5, 2.0, 0.7071067811865476, 0.5773502691896258, 0.0]
    E: [0.7071067811865476, 0.25]
  tolerance: {ulp: 2}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((5,), "float32"), B: T.Buffer((5,), "float32"), D: T.Buffer((2,), "float64"), E: T.Buffer((2,), "float64")):
    for i in range(5):
        B[i] = T.rsqrt(A[i])
    for i in range(2):
        E[i] = T.rsqrt(D[i])
