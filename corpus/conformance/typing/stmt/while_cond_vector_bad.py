"""
description: A While whose condition is a bool x4 vector
rules: [type.stmt.while.cond]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    while A[0:4] > T.Broadcast(0, 4):
        A[0] = 0
