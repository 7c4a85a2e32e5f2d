"""
description: Promotion applies to IntImms only - an int8 param as min stays int8 while the loop var and extent are int64
rules: [type.stmt.for.promote, type.stmt.for.match]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), m: T.int8):
    for i in range(m, T.int64(4)):
        A[0] = 1
