"""
description: EQ of two handle operands
rules: [type.expr.cmp.no_handle]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int32")):
    p = T.allocate([4], "int32", "global")
    if T.EQ(p, p):
        B[0] = 1
