"""
description: A match_buffer declared with scope "shared" over a global source
rules: [type.other.matchbuffer.scope]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    with T.block("tile"):
        T.reads(A[0:4])
        T.writes(B[0:4])
        Asub = T.match_buffer(A[0:4], (4,), "int32", scope="shared", offset_factor=1)
        for k in range(4):
            B[k] = Asub[k]
