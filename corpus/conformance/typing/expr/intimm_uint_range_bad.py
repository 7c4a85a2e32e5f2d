"""
description: The uint8 literal 256 is not below 2^8
rules: [type.expr.intimm.uint_range]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "uint8")):
    B[0] = T.uint8(256)
