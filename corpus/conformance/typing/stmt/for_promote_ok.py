"""
description: An int8 IntImm min is promoted to the int32 loop var's datatype (loop from 1 to 5)
rules: [type.stmt.for.promote]
args:
  A: {dtype: int32, shape: [5]}
expect:
  buffers: {A: [0, 1, 2, 3, 4]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((5,), "int32")):
    for i in range(T.int8(1), 5):
        A[i] = i
