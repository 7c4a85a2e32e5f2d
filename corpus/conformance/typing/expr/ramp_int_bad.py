"""
description: A Ramp of float32 base and stride is a type error (Int or UInt only)
rules: [type.expr.ramp.int]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "float32")):
    B[0:4] = T.Ramp(T.float32(0.0), T.float32(1.0), 4)
