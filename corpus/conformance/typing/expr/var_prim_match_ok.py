"""
description: A LetStmt var annotated T.uint8 has PrimType(uint8) and dtype uint8, equal as required
rules: [type.expr.var.prim_match]
args:
  A: {dtype: uint8, shape: [4], data: [0, 1, 254, 255]}
  B: {dtype: uint8, shape: [4]}
expect:
  buffers: {B: [1, 2, 255, 0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "uint8"), B: T.Buffer((4,), "uint8")):
    for i in range(4):
        x: T.uint8 = A[i]
        B[i] = x + T.uint8(1)
