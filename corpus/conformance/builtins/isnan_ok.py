"""
description: tir.isnan yields Bool 1 exactly for NaN - over [NaN, inf, -inf, 1.0, 0.0] it is [1, 0, 0, 0, 0], and lane-wise on a float32x4
rules: [builtin.isnan, builtin.math.lanes]
args:
  A: {dtype: float32, shape: [5], data: [nan, inf, -inf, 1.0, 0.0]}
  B: {dtype: bool, shape: [5]}
  C: {dtype: bool, shape: [4]}
expect:
  buffers:
    B: [1, 0, 0, 0, 0]
    C: [1, 0, 0, 0]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((5,), "float32"), B: T.Buffer((5,), "bool"), C: T.Buffer((4,), "bool")):
    for i in range(5):
        B[i] = T.isnan(A[i])
    C[0:4] = T.isnan(A[0:4])
