"""
description: A match_buffer of shape (8,) over a region of extent 4
rules: [type.other.matchbuffer.shape_extent]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
    with T.block("tile"):
        T.reads(A[0:4])
        T.writes(B[0:4])
        Asub = T.match_buffer(A[0:4], (8,), "int32", offset_factor=1)
        for k in range(4):
            B[k] = Asub[k]
