"""
description: A For from an int32 param m to an int64 param n - the loop var and extent are int64 but min m stays int32 (only IntImms are promoted)
rules: [type.stmt.for.match]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), m: T.int32, n: T.int64):
    for i in range(m, n):
        A[0] = 1
