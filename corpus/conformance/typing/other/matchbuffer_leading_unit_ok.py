"""
description: A 1-d match_buffer over the 3-d region [1, 0, 0:2]; the two leading extents are 1
rules: [type.other.matchbuffer.leading_unit]
args:
  A: {dtype: int32, shape: [2, 2, 2], data: [0, 1, 2, 3, 4, 5, 6, 7]}
  B: {dtype: int32, shape: [2]}
expect:
  buffers: {B: [4, 5]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 2, 2), "int32"), B: T.Buffer((2,), "int32")):
    with T.block("tile"):
        T.reads(A[1, 0, 0:2])
        T.writes(B[0:2])
        Asub = T.match_buffer(A[1, 0, 0:2], (2,), "int32", offset_factor=1)
        for k in range(2):
            B[k] = Asub[k]
