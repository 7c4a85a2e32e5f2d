"""
description: Not of a comparison (Bool operand)
rules: [type.expr.not.bool]
args:
  A: {dtype: int32, shape: [4], data: [1, 0, -1, 2]}
  D: {dtype: bool, shape: [4]}
expect:
  buffers: {D: [false, true, true, false]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), D: T.Buffer((4,), "bool")):
    for i in range(4):
        D[i] = not A[i] > 0
