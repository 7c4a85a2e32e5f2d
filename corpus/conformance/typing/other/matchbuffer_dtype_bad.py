"""
description: A block match_buffer of dtype float32 over an int32 source region
rules: [type.other.matchbuffer.dtype]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "float32")):
    with T.block("tile"):
        T.reads(A[0:4])
        T.writes(B[0:4])
        Asub = T.match_buffer(A[0:4], (4,), "float32", offset_factor=1)
        for k in range(4):
            B[k] = Asub[k]
