"""
description: Reading an Allocate element (P[3]) that was never written; elements 0-2 were
rules: [unspec.uninitialized, sem.stmt.allocate]
args:
  B: {dtype: int32, shape: [1]}
expect:
  unspecified: uninitialized
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((1,), "int32")):
    p = T.allocate([4], "int32", "global")
    P = T.Buffer((4,), "int32", data=p)
    for i in range(3):
        P[i] = i
    B[0] = P[3]
