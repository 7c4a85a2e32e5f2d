"""
description: A Shuffle of two int32x4 vectors (8 lanes in total) with only 3 indices
rules: [type.expr.shuffle.index_count]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
    B[0:8] = T.Shuffle([A[0:4], A[4:8]], [0, 1, 2])
