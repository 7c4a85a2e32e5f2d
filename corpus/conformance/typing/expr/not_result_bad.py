"""
description: Not of a scalar Bool is a scalar Bool, so it cannot be stored through a 4-lane index
rules: [type.expr.not.result, type.stmt.bufferstore.value_lanes]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), D: T.Buffer((4,), "bool")):
    D[0:4] = T.Not(A[0] > 0)
