"""
description: A For whose loop var, min and extent all share int16
rules: [type.stmt.for.match]
args:
  A: {dtype: int16, shape: [4]}
expect:
  buffers: {A: [0, -1, -2, -3]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int16")):
    for i in range(T.int16(4)):
        A[i] = T.int16(0) - i
