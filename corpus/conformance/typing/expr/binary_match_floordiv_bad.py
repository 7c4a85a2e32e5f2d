"""
description: FloorDiv of an int16 and an int32 operand
rules: [type.expr.binary.match]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(S: T.Buffer((4,), "int16"), A: T.Buffer((4,), "int32")):
    S[0] = T.FloorDiv(S[0], A[0])
