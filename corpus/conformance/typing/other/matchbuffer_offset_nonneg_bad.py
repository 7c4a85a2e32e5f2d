"""
description: A 2-d match_buffer over a 1-d region (more dimensions than the region)
rules: [type.other.matchbuffer.offset_nonneg]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    with T.block("tile"):
        T.reads(A[0:4])
        T.writes(B[0:4])
        Asub = T.match_buffer(A[0:4], (2, 2), "int32", offset_factor=1)
        B[0] = Asub[0, 0]
