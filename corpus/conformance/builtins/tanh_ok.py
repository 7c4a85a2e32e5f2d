"""
description: >-
  tir.tanh(x) within 8 ULP for |x| >= 0.01; tanh(0.5) = 0.46211715726000974, tanh(1) = 0.7615941559557649, tanh(-2) = -0.9640275800758169, tanh(inf) = 1, tanh(-inf) = -1
rules: [builtin.tanh]
args:
  A: {dtype: float32, shape: [5], data: [0.5, 1.0, -2.0, inf, -inf]}
  B: {dtype: float32, shape: [5]}
  D: {dtype: float64, shape: [2], data: [0.5, -2.0]}
  E: {dtype: float64, shape: [2]}
expect:
  buffers:
    B: [0.46211715726000974, 0.7615941559557649, -0.9640275800758169, 1.0, -1.0]
    E: [0.46211715726000974, -0.9640275800758169]
  tolerance: {ulp: 8}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((5,), "float32"), B: T.Buffer((5,), "float32"), D: T.Buffer((2,), "float64"), E: T.Buffer((2,), "float64")):
    for i in range(5):
        B[i] = T.tanh(A[i])
    for i in range(2):
        E[i] = T.tanh(D[i])
