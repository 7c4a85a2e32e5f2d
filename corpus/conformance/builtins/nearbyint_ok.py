"""
description: tir.nearbyint rounds halfway cases to even, exactly - nearbyint(2.5) = 2, nearbyint(3.5) = 4, nearbyint(-2.5) = -2, nearbyint(0.5) = 0, nearbyint(1.5) = 2, nearbyint(2.6) = 3
rules: [builtin.nearbyint]
args:
  A: {dtype: float32, shape: [6], data: [2.5, 3.5, -2.5, 0.5, 1.5, 2.6]}
  B: {dtype: float32, shape: [6]}
expect:
  buffers: {B: [2.0, 4.0, -2.0, 0.0, 2.0, 3.0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((6,), "float32"), B: T.Buffer((6,), "float32")):
    for i in range(6):
        B[i] = T.nearbyint(A[i])
