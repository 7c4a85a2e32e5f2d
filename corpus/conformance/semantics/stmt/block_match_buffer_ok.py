"""
description: >-
  A match_buffer aliases its source region - per 2 x 2 tile (vio, vjo), Asub[ii, jj] reads
  A[vio * 2 + ii, vjo * 2 + jj] and Bsub writes B at the same offset; B = A + 1 over a 4 x 4 buffer
rules: [sem.stmt.block.match_buffer, sem.stmt.block]
args:
  A: {dtype: int32, shape: [4, 4], data: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]}
  B: {dtype: int32, shape: [4, 4]}
expect:
  buffers: {B: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4, 4), "int32"), B: T.Buffer((4, 4), "int32")):
    for io, jo in T.grid(2, 2):
        with T.block("tile"):
            vio, vjo = T.axis.remap("SS", [io, jo])
            T.reads(A[vio * 2:vio * 2 + 2, vjo * 2:vjo * 2 + 2])
            T.writes(B[vio * 2:vio * 2 + 2, vjo * 2:vjo * 2 + 2])
            Asub = T.match_buffer(A[vio * 2:vio * 2 + 2, vjo * 2:vjo * 2 + 2], (2, 2), "int32", offset_factor=1)
            Bsub = T.match_buffer(B[vio * 2:vio * 2 + 2, vjo * 2:vjo * 2 + 2], (2, 2), "int32", offset_factor=1)
            for ii, jj in T.grid(2, 2):
                Bsub[ii, jj] = Asub[ii, jj] + 1
