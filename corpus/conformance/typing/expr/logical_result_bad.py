"""
description: And of two bool x4 operands is bool x4, so it cannot be stored as a scalar
rules: [type.expr.logical.result, type.stmt.bufferstore.value_lanes]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32"), D: T.Buffer((4,), "bool")):
    D[0] = T.And(A[0:4] > T.Broadcast(0, 4), C[0:4] > T.Broadcast(0, 4))
