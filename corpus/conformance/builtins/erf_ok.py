"""
description: >-
  tir.erf(x) within 16 ULP for |x| >= 0.01; erf(1) = 0.8427007929497149, erf(0.5) = 0.5204998778130465, erf(-2) = -0.9953222650189527, erf(inf) = 1, erf(-inf) = -1
rules: [builtin.erf]
args:
  A: {dtype: float32, shape: [5], data: [1.0, 0.5, -2.0, inf, -inf]}
  B: {dtype: float32, shape: [5]}
  D: {dtype: float64, shape: [2], data: [1.0, -2.0]}
  E: {dtype: float64, shape: [2]}
expect:
  buffers:
    B: [0.8427007929497149, 0.5204998778130465, -0.9953222650189527, 1.0, -1.0]
    E: [0.8427007929497149, -0.9953222650189527]
  tolerance: {ulp: 16}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((5,), "float32"), B: T.Buffer((5,), "float32"), D: T.Buffer((2,), "float64"), E: T.Buffer((2,), "float64")):
    for i in range(5):
        B[i] = T.erf(A[i])
    for i in range(2):
        E[i] = T.erf(D[i])
