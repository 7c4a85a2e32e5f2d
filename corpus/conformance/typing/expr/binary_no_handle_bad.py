"""
description: Add of two handle operands (pointer arithmetic is not defined)
rules: [type.expr.binary.no_handle]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int32")):
    p = T.allocate([4], "int32", "global")
    T.evaluate(T.Add(p, p))
    B[0] = 1
