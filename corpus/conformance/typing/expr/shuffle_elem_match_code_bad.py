"""
description: A Shuffle of an int32x4 and a float32x4 vector (different codes)
rules: [type.expr.shuffle.elem_match]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), F: T.Buffer((4,), "float32"), B: T.Buffer((8,), "int32")):
    B[0:8] = T.Shuffle([A[0:4], F[0:4]], [0, 1, 2, 3, 4, 5, 6, 7])
