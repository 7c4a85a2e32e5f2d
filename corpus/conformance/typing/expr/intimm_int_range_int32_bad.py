"""
description: The int32 literal 2147483648 (2^31) is out of range
rules: [type.expr.intimm.int_range]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int32")):
    B[0] = T.int32(2147483648)
