"""
description: A For over a uint8 range (UInt loop var, min and extent)
rules: [type.stmt.for.int]
args:
  A: {dtype: int32, shape: [4]}
expect:
  buffers: {A: [1, 2, 3, 4]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(T.uint8(4)):
        A[i] = T.Cast("int32", i) + 1
