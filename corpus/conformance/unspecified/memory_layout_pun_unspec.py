"""
description: Reading an int32 allocation through a float32 view of the same memory (type punning) depends on memory layout
rules: [unspec.memory_layout, sem.stmt.allocate]
args:
  B: {dtype: float32, shape: [1]}
expect:
  unspecified: any
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((1,), "float32")):
    p = T.allocate([1], "int32", "global")
    P = T.Buffer((1,), "int32", data=p)
    F = T.Buffer((1,), "float32", data=p)
    P[0] = 1065353216
    B[0] = F[0]
