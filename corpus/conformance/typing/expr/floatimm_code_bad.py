"""
description: A FloatImm with the Int code int32 is a type error
rules: [type.expr.floatimm.code]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    T.evaluate(T.FloatImm("int32", 1.0))
    A[0] = 1
