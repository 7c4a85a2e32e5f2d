"""
description: And of a bool x4 and a scalar bool operand
rules: [type.expr.logical.lanes]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), D: T.Buffer((4,), "bool")):
    D[0:4] = T.And(A[0:4] > T.Broadcast(0, 4), A[0] > 0)
