"""
description: A vectorized For whose body contains a While
rules: [type.stmt.for.vectorized_no_while]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in T.vectorized(4):
        while A[i] < 10:
            A[i] = A[i] + 1
