"""
description: An IntImm whose dtype is the vector int32x4 is a type error (vector constants are Broadcasts)
rules: [type.expr.intimm.scalar]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    T.evaluate(T.IntImm("int32x4", 1))
    A[0] = 1
