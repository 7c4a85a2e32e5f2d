"""
description: The bool literal 2 (Bool values are only 0 and 1)
rules: [dtype.bool, type.expr.intimm.uint_range]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(D: T.Buffer((4,), "bool")):
    D[0] = T.IntImm("bool", 2)
