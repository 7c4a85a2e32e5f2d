"""
description: A FloatImm whose dtype is the vector float32x4 is a type error
rules: [type.expr.floatimm.scalar]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    T.evaluate(T.FloatImm("float32x4", 1.0))
    A[0] = T.float32(1.0)
