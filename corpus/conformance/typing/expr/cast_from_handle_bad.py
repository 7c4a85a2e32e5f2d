"""
description: A Handle (an allocate's buffer_var) cannot be cast to int64
rules: [type.expr.cast.from_handle]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int64")):
    p = T.allocate([4], "int32", "global")
    B[0] = T.Cast("int64", p)
