"""
description: The int16 literal -32769 is below -2^15
rules: [type.expr.intimm.int_range]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int16")):
    B[0] = T.int16(-32769)
