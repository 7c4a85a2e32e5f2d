"""
description: Sub of an int32 and a uint32 operand (same bits, different code)
rules: [type.expr.binary.match]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), U: T.Buffer((4,), "uint32")):
    A[0] = T.Sub(A[0], U[0])
