"""
description: A For whose extent is an int32x4 vector
rules: [type.stmt.for.scalar, type.stmt.for.match]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(T.Broadcast(4, 4)):
        A[0] = 1
