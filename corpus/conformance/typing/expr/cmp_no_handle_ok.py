"""
description: Comparisons of int32 values in a function that also holds a handle (used only as a buffer's data)
rules: [type.expr.cmp.no_handle]
args:
  A: {dtype: int32, shape: [4], data: [4, 3, 2, 1]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [4, 3, 0, 0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    p = T.allocate([4], "int32", "global")
    P = T.Buffer((4,), "int32", data=p)
    for i in range(4):
        P[i] = A[i]
    for i in range(4):
        if P[i] >= 3:
            B[i] = P[i]
        else:
            B[i] = 0
