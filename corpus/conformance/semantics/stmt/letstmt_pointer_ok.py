"""
description: A LetStmt var annotated T.handle("int32") bound to an allocation's handle views the same memory - writes through Q are read back through P
rules: [sem.stmt.letstmt.pointer, sem.stmt.allocate]
args:
  A: {dtype: int32, shape: [4], data: [2, 4, 6, 8]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [1, 2, 3, 4]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    p = T.allocate([4], "int32", "global")
    P = T.Buffer((4,), "int32", data=p)
    q: T.handle("int32", "global") = p
    Q = T.Buffer((4,), "int32", data=q)
    for i in range(4):
        Q[i] = A[i] // 2
    for i in range(4):
        B[i] = P[i]
