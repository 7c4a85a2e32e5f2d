"""
description: An IntImm with the Float code float32 is a type error
rules: [type.expr.intimm.code]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    T.evaluate(T.IntImm("float32", 1))
    A[0] = 1
