"""
description: Allocate gives a fresh buffer for its body; two allocations do not alias - P holds squares, Q holds A + 1, and B = P - Q
rules: [sem.stmt.allocate]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [-1, 1, 5, 11]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    p = T.allocate([4], "int32", "global")
    P = T.Buffer((4,), "int32", data=p)
    q = T.allocate([4], "int32", "global")
    Q = T.Buffer((4,), "int32", data=q)
    for i in range(4):
        P[i] = A[i] * A[i]
        Q[i] = A[i] + 1
    for i in range(4):
        B[i] = P[i] - Q[i]
