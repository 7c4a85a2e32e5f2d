"""
description: A float32 value cannot be cast to handle
rules: [type.expr.cast.to_handle]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    T.evaluate(T.Cast("handle", T.float32(0.0)))
    A[0] = 1
