"""
description: And of two comparisons (Bool operands)
rules: [type.expr.logical.bool]
args:
  A: {dtype: int32, shape: [4], data: [5, -1, 10, 9]}
  D: {dtype: bool, shape: [4]}
expect:
  buffers: {D: [true, false, false, true]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), D: T.Buffer((4,), "bool")):
    for i in range(4):
        D[i] = A[i] > 0 and A[i] < 10
