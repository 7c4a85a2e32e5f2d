"""
description: A match_buffer with the default buffer_type over a default-type source
rules: [type.other.matchbuffer.buffer_type]
args:
  A: {dtype: uint8, shape: [4], data: [250, 251, 252, 253]}
  B: {dtype: uint8, shape: [4]}
expect:
  buffers: {B: [0, 1, 2, 3]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "uint8"), B: T.Buffer((4,), "uint8")):
    with T.block("tile"):
        T.reads(A[0:4])
        T.writes(B[0:4])
        Asub = T.match_buffer(A[0:4], (4,), "uint8", buffer_type="default", offset_factor=1)
        for k in range(4):
            B[k] = Asub[k] + T.uint8(6)
