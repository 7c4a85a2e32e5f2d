"""
description: A Select with a bool x8 condition on int32x4 arms has mismatched lanes
rules: [type.expr.select.cond_lanes]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    B[0:4] = T.Select(T.Broadcast(T.bool(True), 8), A[0:4], C[0:4])
