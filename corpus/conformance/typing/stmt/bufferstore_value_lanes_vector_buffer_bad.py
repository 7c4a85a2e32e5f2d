"""
description: A scalar int32 stored into one element of an int32x4 buffer (needs 4 lanes)
rules: [type.stmt.bufferstore.value_lanes]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), C: T.Buffer((2,), "int32x4")):
    C[0] = A[0]
