"""
description: A Select whose condition is a comparison (Bool) chooses between two int32 arms
rules: [type.expr.select.cond_bool]
args:
  A: {dtype: int32, shape: [4], data: [3, -1, 0, 5]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [3, 0, 0, 5]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        B[i] = T.Select(A[i] > 0, A[i], 0)
