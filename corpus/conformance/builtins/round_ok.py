"""
description: tir.round rounds halfway cases away from zero, exactly - round(2.5) = 3, round(-2.5) = -3, round(0.5) = 1, round(1.5) = 2, round(2.4) = 2, round(-0.4) = -0.0
rules: [builtin.round]
args:
  A: {dtype: float32, shape: [6], data: [2.5, -2.5, 0.5, 1.5, 2.4, -0.4]}
  B: {dtype: float32, shape: [6]}
expect:
  buffers: {B: [3.0, -3.0, 1.0, 2.0, 2.0, -0.0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((6,), "float32"), B: T.Buffer((6,), "float32")):
    for i in range(6):
        B[i] = T.round(A[i])
