"""
description: The int8 literal 128 is not below 2^7
rules: [type.expr.intimm.int_range]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int8")):
    B[0] = T.int8(128)
