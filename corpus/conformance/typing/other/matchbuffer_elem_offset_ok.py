"""
description: A match_buffer with elem_offset 0 over a whole source whose elem_offset is the IntImm 0
rules: [type.other.matchbuffer.elem_offset]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [4, 3, 2, 1]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32", elem_offset=0), B: T.Buffer((4,), "int32")):
    with T.block("tile"):
        T.reads(A[0:4])
        T.writes(B[0:4])
        Asub = T.match_buffer(A[0:4], (4,), "int32", elem_offset=0)
        for k in range(4):
            B[k] = Asub[3 - k]
