"""
description: A comparison of int32x4 operands is bool x4 and is stored into 4 bool elements
rules: [type.expr.cmp.result]
args:
  A: {dtype: int32, shape: [4], data: [1, 5, 3, 3]}
  C: {dtype: int32, shape: [4], data: [2, 4, 3, -3]}
  D: {dtype: bool, shape: [4]}
expect:
  buffers: {D: [false, true, false, true]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32"), D: T.Buffer((4,), "bool")):
    D[0:4] = A[0:4] > C[0:4]
