"""
description: A vectorized For whose min is 1
rules: [type.stmt.for.vectorized_min]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((5,), "int32")):
    for i in T.vectorized(1, 5):
        B[i] = i
