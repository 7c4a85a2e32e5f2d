"""
description: A Select with two float16 arms
rules: [type.expr.select.arms_match]
args:
  A: {dtype: float16, shape: [4], data: [1.5, -2.0, 0.0, -0.5]}
  B: {dtype: float16, shape: [4]}
expect:
  buffers: {B: [1.5, 2.0, 0.0, 0.5]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float16"), B: T.Buffer((4,), "float16")):
    for i in range(4):
        B[i] = T.Select(A[i] < T.float16(0.0), T.float16(0.0) - A[i], A[i])
