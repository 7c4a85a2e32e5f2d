"""
description: And of two int32 operands (not Bool)
rules: [type.expr.logical.bool]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    B[0] = T.And(A[0], A[1])
