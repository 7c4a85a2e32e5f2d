"""
description: Allocate evaluates its extents at run time; a 2-d allocation of n x 2 float32 with n = 3 holds 6 elements, used as scratch for a transpose
rules: [sem.stmt.allocate]
args:
  A: {dtype: float32, shape: [2, 3], data: [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]}
  B: {dtype: float32, shape: [3, 2]}
  n: 3
expect:
  buffers: {B: [1.0, 4.0, 2.0, 5.0, 3.0, 6.0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 3), "float32"), B: T.Buffer((3, 2), "float32"), n: T.int32):
    p = T.allocate([n, 2], "float32", "global")
    P = T.Buffer((n, 2), "float32", data=p)
    for i, j in T.grid(3, 2):
        P[i, j] = A[j, i]
    for i, j in T.grid(3, 2):
        B[i, j] = P[i, j]
