"""
description: A scalar int16 IntImm added to int16 elements
rules: [type.expr.intimm.scalar]
args:
  A: {dtype: int16, shape: [4], data: [0, -5, 100, 1000]}
  B: {dtype: int16, shape: [4]}
expect:
  buffers: {B: [5, 0, 105, 1005]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int16"), B: T.Buffer((4,), "int16")):
    for i in range(4):
        B[i] = A[i] + T.int16(5)
