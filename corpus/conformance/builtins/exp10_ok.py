"""
description: >-
  tir.exp10(x) = 10^x within 4 ULP; exp10(2) = 100, exp10(0) = 1, exp10(-1) = 0.1, exp10(0.5) = 3.1622776601683795
rules: [builtin.exp10]
args:
  A: {dtype: float32, shape: [4], data: [2.0, 0.0, -1.0, 0.5]}
  B: {dtype: float32, shape: [4]}
  D: {dtype: float64, shape: [2], data: [3.0, 0.5]}
  E: {dtype: float64, shape: [2]}
expect:
  buffers:
    B: [100.0, 1.0, 0.1, 3.1622776601683795]
    E: [1000.0, 3.1622776601683795]
  tolerance: {ulp: 4}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32"), D: T.Buffer((2,), "float64"), E: T.Buffer((2,), "float64")):
    for i in range(4):
        B[i] = T.exp10(A[i])
    for i in range(2):
        E[i] = T.exp10(D[i])
