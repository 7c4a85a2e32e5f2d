"""
description: The uint16 literal -1 is negative
rules: [type.expr.intimm.uint_range]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "uint16")):
    B[0] = T.uint16(-1)
