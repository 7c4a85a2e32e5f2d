"""
description: Mul of a float32 and a float16 operand
rules: [type.expr.binary.match]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(F: T.Buffer((4,), "float32"), H: T.Buffer((4,), "float16")):
    F[0] = T.Mul(F[0], H[0])
