"""
description: A LetStmt var annotated T.float16 (PrimType float16) has datatype float16
rules: [type.expr.var.annot_prim]
args:
  A: {dtype: float16, shape: [4], data: [0.5, 1.5, -2.0, 4.0]}
  B: {dtype: float16, shape: [4]}
expect:
  buffers: {B: [1.0, 3.0, -4.0, 8.0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float16"), B: T.Buffer((4,), "float16")):
    for i in range(4):
        x: T.float16 = A[i]
        B[i] = x + x
