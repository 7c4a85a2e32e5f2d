"""
description: A load from an int32x4 buffer is int32x4, so it cannot be stored as a scalar int32
rules: [type.expr.bufferload.result, type.stmt.bufferstore.value_lanes]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(C: T.Buffer((2,), "int32x4"), B: T.Buffer((4,), "int32")):
    B[0] = C[0]
