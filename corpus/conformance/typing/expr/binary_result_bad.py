"""
description: Mul of two int16 operands is int16, so adding an int32 load to it mixes datatypes
rules: [type.expr.binary.result, type.expr.binary.match]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(S: T.Buffer((4,), "int16"), A: T.Buffer((4,), "int32")):
    A[0] = T.Add(S[0] * S[1], A[1])
