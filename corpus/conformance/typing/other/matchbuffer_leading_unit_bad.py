"""
description: A 1-d match_buffer over the 2-d region [0:2, 0:4]; the dropped leading extent is 2, not 1
rules: [type.other.matchbuffer.leading_unit]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 4), "int32"), B: T.Buffer((4,), "int32")):
    with T.block("tile"):
        T.reads(A[0:2, 0:4])
        T.writes(B[0:4])
        Asub = T.match_buffer(A[0:2, 0:4], (4,), "int32", offset_factor=1)
        for k in range(4):
            B[k] = Asub[k]
