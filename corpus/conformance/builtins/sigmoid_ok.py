"""
description: >-
  tir.sigmoid(x) = 1 / (1 + e^-x) within 8 ULP; sigmoid(0) = 0.5, sigmoid(1) = 0.7310585786300049, sigmoid(-1) = 0.2689414213699951, sigmoid(2) = 0.8807970779778823
rules: [builtin.sigmoid]
args:
  A: {dtype: float32, shape: [4], data: [0.0, 1.0, -1.0, 2.0]}
  B: {dtype: float32, shape: [4]}
  D: {dtype: float64, shape: [2], data: [1.0, -1.0]}
  E: {dtype: float64, shape: [2]}
expect:
  buffers:
    B: [0.5, 0.7310585786300049, 0.2689414213699951, 0.8807970779778823]
    E: [0.7310585786300049, 0.2689414213699951]
  tolerance: {ulp: 8}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32"), D: T.Buffer((2,), "float64"), E: T.Buffer((2,), "float64")):
    for i in range(4):
        B[i] = T.sigmoid(A[i])
    for i in range(2):
        E[i] = T.sigmoid(D[i])
