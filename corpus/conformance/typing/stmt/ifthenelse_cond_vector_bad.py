"""
description: An if whose condition is a bool x4 vector (not a scalar)
rules: [type.stmt.ifthenelse.cond]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    if A[0:4] > T.Broadcast(0, 4):
        A[1] = 1
