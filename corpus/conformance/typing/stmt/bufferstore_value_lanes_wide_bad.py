"""
description: An int32x8 value stored through a 4-lane index
rules: [type.stmt.bufferstore.value_lanes]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
    B[0:4] = A[0:8]
