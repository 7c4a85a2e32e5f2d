"""
description: A match_buffer with alignment 16 over a source with alignment 64 (64 is a multiple of 16)
rules: [type.other.matchbuffer.alignment]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [3, 6, 9, 12]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32", align=64), B: T.Buffer((4,), "int32")):
    with T.block("tile"):
        T.reads(A[0:4])
        T.writes(B[0:4])
        Asub = T.match_buffer(A[0:4], (4,), "int32", align=16, offset_factor=1)
        for k in range(4):
            B[k] = Asub[k] * 3
