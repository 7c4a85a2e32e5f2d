"""
description: Add of an int32 and an int64 operand
rules: [type.expr.binary.match]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), N: T.Buffer((4,), "int64")):
    A[0] = T.Add(A[0], N[0])
