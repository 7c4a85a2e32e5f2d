"""
description: An allocation whose extent is a symbolic int32 param
rules: [type.stmt.allocate.extents_int]
args:
  A: {dtype: int32, shape: [4], data: [4, 3, 2, 1]}
  B: {dtype: int32, shape: [4]}
  n: 4
expect:
  buffers: {B: [5, 4, 3, 2]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), n: T.int32):
    p = T.allocate([n], "int32", "global")
    P = T.Buffer((n,), "int32", data=p)
    for i in range(n):
        P[i] = A[i] + 1
    for i in range(n):
        B[i] = P[i]
