"""
description: A LetStmt var annotated T.handle("int32", "global") has a Handle dtype and can back a Buffer
rules: [type.expr.var.pointer_handle]
args:
  A: {dtype: int32, shape: [4], data: [3, 1, 4, 1]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [4, 2, 5, 2]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    p = T.allocate([4], "int32", "global")
    q: T.handle("int32", "global") = p
    Q = T.Buffer((4,), "int32", data=q)
    for i in range(4):
        Q[i] = A[i] + 1
    for i in range(4):
        B[i] = Q[i]
