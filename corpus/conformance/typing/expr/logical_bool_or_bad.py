"""
description: Or of a Bool and a float32 operand
rules: [type.expr.logical.bool]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(F: T.Buffer((4,), "float32"), D: T.Buffer((4,), "bool")):
    D[0] = T.Or(F[0] > T.float32(0.0), F[1])
