"""
description: A block-allocated 2-d buffer with int32 strides (2, 1)
rules: [type.other.buffer.strides_int]
args:
  A: {dtype: int32, shape: [2, 2], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [2, 2]}
expect:
  buffers: {B: [2, 3, 4, 5]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 2), "int32"), B: T.Buffer((2, 2), "int32")):
    with T.block("root"):
        T.reads(A[0:2, 0:2])
        T.writes(B[0:2, 0:2])
        S = T.alloc_buffer((2, 2), "int32", strides=(2, 1))
        for i, j in T.grid(2, 2):
            S[i, j] = A[i, j] + 1
        for i, j in T.grid(2, 2):
            B[i, j] = S[i, j]
