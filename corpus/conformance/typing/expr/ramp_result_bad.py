"""
description: A 4-lane Ramp is int32x4, so it cannot be stored through an 8-lane index
rules: [type.expr.ramp.result, type.stmt.bufferstore.value_lanes]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((8,), "int32")):
    B[0:8] = T.Ramp(0, 1, 4)
