"""
description: A For whose extent is float32
rules: [type.stmt.for.int, type.stmt.for.match]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(T.float32(4.0)):
        A[0] = 1
