"""
description: A match_buffer with elem_offset 0 over a source whose elem_offset is the IntImm 2
rules: [type.other.matchbuffer.elem_offset]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32", elem_offset=2), B: T.Buffer((4,), "int32")):
    with T.block("tile"):
        T.reads(A[0:4])
        T.writes(B[0:4])
        Asub = T.match_buffer(A[0:4], (4,), "int32", elem_offset=0)
        for k in range(4):
            B[k] = Asub[k]
