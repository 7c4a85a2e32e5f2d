"""
description: A Shuffle with no input vectors
rules: [type.expr.shuffle.nonempty]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int32")):
    T.evaluate(T.Shuffle([], []))
    B[0] = 1
