"""
description: A block-allocated buffer with the int32 elem_offset 0
rules: [type.other.buffer.elem_offset_int]
args:
  A: {dtype: int32, shape: [4], data: [4, 3, 2, 1]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [8, 6, 4, 2]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    with T.block("root"):
        T.reads(A[0:4])
        T.writes(B[0:4])
        S = T.alloc_buffer((4,), "int32", elem_offset=0)
        for i in range(4):
            S[i] = A[i] * 2
        for i in range(4):
            B[i] = S[i]
