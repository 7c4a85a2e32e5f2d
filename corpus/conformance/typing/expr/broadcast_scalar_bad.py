"""
description: Broadcast of an int32x4 vector is a type error (the value must be scalar)
rules: [type.expr.broadcast.scalar]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    B[0:4] = T.Broadcast(A[0:4], 4)
