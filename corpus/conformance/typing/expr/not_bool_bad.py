"""
description: Not of an int32 operand (not Bool)
rules: [type.expr.not.bool]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    if T.Not(A[0]):
        B[0] = 1
