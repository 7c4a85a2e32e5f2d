"""
description: 2-d match_buffers of shape (2, 2) over 2x2 tiles (vio*2 .. vio*2+2 extents are provably 2)
rules: [type.other.matchbuffer.shape_extent]
args:
  A: {dtype: float32, shape: [4, 4], data: [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0]}
  B: {dtype: float32, shape: [4, 4]}
expect:
  buffers: {B: [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4, 4), "float32"), B: T.Buffer((4, 4), "float32")):
    for io, jo in T.grid(2, 2):
        with T.block("tile"):
            vio, vjo = T.axis.remap("SS", [io, jo])
            T.reads(A[vio * 2:vio * 2 + 2, vjo * 2:vjo * 2 + 2])
            T.writes(B[vio * 2:vio * 2 + 2, vjo * 2:vjo * 2 + 2])
            Asub = T.match_buffer(A[vio * 2:vio * 2 + 2, vjo * 2:vjo * 2 + 2], (2, 2), offset_factor=1)
            Bsub = T.match_buffer(B[vio * 2:vio * 2 + 2, vjo * 2:vjo * 2 + 2], (2, 2), offset_factor=1)
            for ii, jj in T.grid(2, 2):
                Bsub[ii, jj] = Asub[ii, jj] + T.float32(1.0)
