"""
description: A scalar int32 stored through a 4-lane index
rules: [type.stmt.bufferstore.value_lanes]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    B[0:4] = A[0]
