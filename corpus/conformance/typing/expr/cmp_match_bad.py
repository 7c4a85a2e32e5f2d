"""
description: LT of an int32 and an int64 operand
rules: [type.expr.cmp.match]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    if T.LT(A[0], T.int64(1)):
        A[1] = 1
