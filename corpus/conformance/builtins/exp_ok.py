"""
description: >-
  tir.exp(x) = e^x within 4 ULP; exp(0) = 1, exp(1) = 2.718281828459045, exp(-1) = 0.36787944117144233, exp(-inf) = 0, exp(inf) = inf
rules: [builtin.exp]
args:
  A: {dtype: float32, shape: [5], data: [0.0, 1.0, -1.0, -inf, inf]}
  B: {dtype: float32, shape: [5]}
  D: {dtype: float64, shape: [2], data: [0.5, 1.0]}
  E: {dtype: float64, shape: [2]}
expect:
  buffers:
    B: [1.0, 2.718281828459045, 0.36787944117144233, 0.0, inf]
    E: [1.6487212707001282, 2.718281828459045]
  tolerance: {ulp: 4}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((5,), "float32"), B: T.Buffer((5,), "float32"), D: T.Buffer((2,), "float64"), E: T.Buffer((2,), "float64")):
    for i in range(5):
        B[i] = T.exp(A[i])
    for i in range(2):
        E[i] = T.exp(D[i])
