"""
description: Truncating Mod (T.truncmod) on int32 operands; the result takes the sign of the dividend
rules: [type.expr.mod.int]
args:
  A: {dtype: int32, shape: [4], data: [7, -7, 6, -1]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [1, -1, 0, -1]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        B[i] = T.truncmod(A[i], 3)
