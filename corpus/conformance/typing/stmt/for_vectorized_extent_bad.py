"""
description: A vectorized For whose extent is a param (not an IntImm)
rules: [type.stmt.for.vectorized_extent]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int32"), n: T.int32):
    for i in T.vectorized(n):
        B[i] = i
