"""
description: A Shuffle with a float32 index
rules: [type.expr.shuffle.index_int]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    B[0:4] = T.Shuffle([A[0:4]], [0, 1, 2, T.float32(3.0)])
