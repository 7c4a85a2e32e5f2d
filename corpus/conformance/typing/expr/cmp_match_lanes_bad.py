"""
description: EQ of a scalar int32 and an int32x4 operand
rules: [type.expr.cmp.match]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32")):
    if T.EQ(A[0], C[0:4]):
        A[1] = 1
