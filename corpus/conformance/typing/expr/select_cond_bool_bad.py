"""
description: A Select whose condition is an int32 load (not Bool) is a type error
rules: [type.expr.select.cond_bool]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    B[0] = T.Select(A[0], A[1], 0)
