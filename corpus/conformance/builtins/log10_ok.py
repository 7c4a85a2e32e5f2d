"""
description: >-
  tir.log10(x) within 4 ULP; log10(1000) = 3, log10(1) = 0, log10(2) = 0.3010299956639812, log10(0.5) = -0.3010299956639812, log10(0) = -inf
rules: [builtin.log10]
args:
  A: {dtype: float32, shape: [5], data: [1000.0, 1.0, 2.0, 0.5, 0.0]}
  B: {dtype: float32, shape: [5]}
  D: {dtype: float64, shape: [2], data: [100.0, 2.0]}
  E: {dtype: float64, shape: [2]}
expect:
  buffers:
    B: [3.0, 0.0, 0.3010299956639812, -0.3010299956639812, -inf]
    E: [2.0, 0.3010299956639812]
  tolerance: {ulp: 4}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((5,), "float32"), B: T.Buffer((5,), "float32"), D: T.Buffer((2,), "float64"), E: T.Buffer((2,), "float64")):
    for i in range(5):
        B[i] = T.log10(A[i])
    for i in range(2):
        E[i] = T.log10(D[i])
