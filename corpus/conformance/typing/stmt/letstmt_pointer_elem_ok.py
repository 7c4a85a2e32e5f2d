"""
description: A pointer LetStmt does not check the element type - a float32 pointer var may be bound to an int32 allocation's handle
rules: [type.stmt.letstmt.pointer]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [1, 2, 3, 4]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    p = T.allocate([4], "int32", "global")
    q: T.handle("float32", "global") = p
    for i in range(4):
        B[i] = A[i]
