"""
description: A scalar Select yields true_value where the condition is 1 and false_value where it is 0
rules: [sem.expr.select]
args:
  A: {dtype: int32, shape: [4], data: [5, -3, 0, 8]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [10, -4, -1, 16]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        B[i] = T.Select(A[i] > 0, A[i] * 2, A[i] - 1)
