"""
description: Max of a float32 and a float64 operand
rules: [type.expr.binary.match]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(F: T.Buffer((4,), "float32"), D: T.Buffer((4,), "float64")):
    F[0] = T.Max(F[0], D[0])
