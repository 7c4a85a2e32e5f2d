"""
description: A Shuffle of an int32x4 and an int16x4 vector (different bit widths)
rules: [type.expr.shuffle.elem_match]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
    v: T.int32x4 = A[0:4]
    w: T.int16x4 = T.Cast("int16x4", A[4:8])
    B[0:8] = T.Shuffle([v, w], [0, 4, 1, 5, 2, 6, 3, 7])
