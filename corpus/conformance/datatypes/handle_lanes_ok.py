"""
description: Handle values (an allocate's buffer_var and a pointer LetStmt var) are scalars with one lane
rules: [dtype.handle.lanes]
args:
  A: {dtype: int32, shape: [4], data: [4, 3, 2, 1]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [4, 3, 2, 1]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    p = T.allocate([4], "int32", "global")
    q: T.handle("int32", "global") = p
    Q = T.Buffer((4,), "int32", data=q)
    for i in range(4):
        Q[i] = A[i]
    for i in range(4):
        B[i] = Q[i]
