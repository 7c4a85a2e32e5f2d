"""
description: An allocation whose explicit condition is T.bool(True)
rules: [type.stmt.allocate.cond]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [1, 4, 9, 16]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    p = T.allocate([4], "int32", "global", T.bool(True))
    P = T.Buffer((4,), "int32", data=p)
    for i in range(4):
        P[i] = A[i] * A[i]
    for i in range(4):
        B[i] = P[i]
