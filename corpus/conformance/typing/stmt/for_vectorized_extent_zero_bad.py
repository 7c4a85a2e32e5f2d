"""
description: A vectorized For whose extent is the IntImm 0 (at least 1 required)
rules: [type.stmt.for.vectorized_extent]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int32")):
    for i in T.vectorized(0):
        B[i] = i
