"""
description: A Ramp with 1 lane is a type error (lanes must exceed 1)
rules: [type.expr.ramp.lanes]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int32")):
    B[0] = T.Ramp(0, 1, 1)
