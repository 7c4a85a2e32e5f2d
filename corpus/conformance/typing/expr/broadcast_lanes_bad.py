"""
description: Broadcast to 1 lane is a type error (lanes must exceed 1)
rules: [type.expr.broadcast.lanes]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    B[0] = T.Broadcast(A[0], 1)
