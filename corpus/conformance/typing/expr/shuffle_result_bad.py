"""
description: A Shuffle of two int32x4 vectors is int32x8, so it cannot be stored through a 4-lane index
rules: [type.expr.shuffle.result, type.stmt.bufferstore.value_lanes]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
    B[0:4] = T.Shuffle([A[0:4], A[4:8]], [0, 4, 1, 5, 2, 6, 3, 7])
