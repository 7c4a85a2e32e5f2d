"""
description: A 2-d allocation whose extents are scalar int32 literals
rules: [type.stmt.allocate.extents_scalar]
args:
  A: {dtype: int32, shape: [2, 2], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [2, 2]}
expect:
  buffers: {B: [1, 3, 2, 4]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 2), "int32"), B: T.Buffer((2, 2), "int32")):
    p = T.allocate([2, 2], "int32", "global")
    P = T.Buffer((2, 2), "int32", data=p)
    for i, j in T.grid(2, 2):
        P[j, i] = A[i, j]
    for i, j in T.grid(2, 2):
        B[i, j] = P[i, j]
