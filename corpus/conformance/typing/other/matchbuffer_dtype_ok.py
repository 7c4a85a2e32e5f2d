"""
description: Block match_buffers whose dtype (float16) equals their source's
rules: [type.other.matchbuffer.dtype]
args:
  A: {dtype: float16, shape: [4], data: [1.0, 2.0, 3.0, 4.0]}
  B: {dtype: float16, shape: [4]}
expect:
  buffers: {B: [2.0, 3.0, 4.0, 5.0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float16"), B: T.Buffer((4,), "float16")):
    for io in range(2):
        with T.block("tile"):
            vio = T.axis.spatial(2, io)
            T.reads(A[vio * 2:vio * 2 + 2])
            T.writes(B[vio * 2:vio * 2 + 2])
            Asub = T.match_buffer(A[vio * 2:vio * 2 + 2], (2,), "float16", offset_factor=1)
            Bsub = T.match_buffer(B[vio * 2:vio * 2 + 2], (2,), "float16", offset_factor=1)
            for k in range(2):
                Bsub[k] = Asub[k] + T.float16(1.0)
