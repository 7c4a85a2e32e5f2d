"""
description: Broadcast to 8 lanes is int32x8, so it cannot be stored through a 4-lane index
rules: [type.expr.broadcast.result, type.stmt.bufferstore.value_lanes]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    B[0:4] = T.Broadcast(A[0], 8)
