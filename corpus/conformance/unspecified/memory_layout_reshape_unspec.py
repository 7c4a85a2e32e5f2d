"""
description: An allocation's layout is unspecified, so reading P[3] through a (2, 2) view Q of the same allocation (Q[1, 1]) depends on memory layout
rules: [unspec.memory_layout, sem.stmt.allocate]
args:
  B: {dtype: int32, shape: [1]}
expect:
  unspecified: any
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((1,), "int32")):
    p = T.allocate([4], "int32", "global")
    P = T.Buffer((4,), "int32", data=p)
    Q = T.Buffer((2, 2), "int32", data=p)
    for i in range(4):
        P[i] = i
    B[0] = Q[1, 1]
