"""
description: A match_buffer with alignment 64 over a source with alignment 16 (16 is not a multiple of 64)
rules: [type.other.matchbuffer.alignment]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32", align=16), B: T.Buffer((4,), "int32")):
    with T.block("tile"):
        T.reads(A[0:4])
        T.writes(B[0:4])
        Asub = T.match_buffer(A[0:4], (4,), "int32", align=64, offset_factor=1)
        for k in range(4):
            B[k] = Asub[k]
