"""
description: A 1-d match_buffer over a 2-d region [vi, 0:4] (offset 1, its leading extent is 1)
rules: [type.other.matchbuffer.offset_nonneg]
args:
  A: {dtype: int32, shape: [2, 4], data: [0, 1, 2, 3, 4, 5, 6, 7]}
  B: {dtype: int32, shape: [2, 4]}
expect:
  buffers: {B: [3, 2, 1, 0, 7, 6, 5, 4]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 4), "int32"), B: T.Buffer((2, 4), "int32")):
    for i in range(2):
        with T.block("row"):
            vi = T.axis.spatial(2, i)
            T.reads(A[vi, 0:4])
            T.writes(B[vi, 0:4])
            Arow = T.match_buffer(A[vi, 0:4], (4,), "int32", offset_factor=1)
            Brow = T.match_buffer(B[vi, 0:4], (4,), "int32", offset_factor=1)
            for k in range(4):
                Brow[k] = Arow[3 - k]
