"""
description: A default match_buffer over a source buffer whose buffer_type is "auto" (kAutoBroadcast)
rules: [type.other.matchbuffer.buffer_type]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(a: T.handle, B: T.Buffer((4,), "int32")):
    A = T.match_buffer(a, (4,), "int32", buffer_type="auto")
    with T.block("tile"):
        T.reads(A[0:4])
        T.writes(B[0:4])
        Asub = T.match_buffer(A[0:4], (4,), "int32", offset_factor=1)
        for k in range(4):
            B[k] = Asub[k]
