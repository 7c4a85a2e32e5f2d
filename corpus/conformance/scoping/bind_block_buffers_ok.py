"""
description: A block's alloc_buffer and match_buffer are in scope in its body
rules: [scope.bind.block_buffers]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [2, 4, 6, 8]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    with T.block("outer"):
        T.reads(A[0:4])
        T.writes(B[0:4])
        S = T.alloc_buffer((4,), "int32")
        Bsub = T.match_buffer(B[0:4], (4,), "int32", offset_factor=1)
        for i in range(4):
            S[i] = A[i] + A[i]
        for i in range(4):
            Bsub[i] = S[i]
