"""
description: The uint32 literal 4294967296 (2^32) is out of range
rules: [type.expr.intimm.uint_range]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "uint32")):
    B[0] = T.uint32(4294967296)
