"""
description: A match_buffer declared with scope "global" over a global source
rules: [type.other.matchbuffer.scope]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [0, 0, 3, 4]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    with T.block("tile"):
        T.reads(A[2:4])
        T.writes(B[2:4])
        Asub = T.match_buffer(A[2:4], (2,), "int32", scope="global", offset_factor=1)
        Bsub = T.match_buffer(B[2:4], (2,), "int32", scope="global", offset_factor=1)
        for k in range(2):
            Bsub[k] = Asub[k]
