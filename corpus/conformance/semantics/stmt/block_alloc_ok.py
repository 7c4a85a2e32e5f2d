"""
description: A block's alloc_buffer is a fresh buffer for the block's duration, written before read - row sums of a (2, 3) input via a scratch S
rules: [sem.stmt.block.alloc, sem.stmt.block]
args:
  A: {dtype: int32, shape: [2, 3], data: [1, 2, 3, 4, 5, 6]}
  B: {dtype: int32, shape: [2]}
expect:
  buffers: {B: [6, 15]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 3), "int32"), B: T.Buffer((2,), "int32")):
    with T.block("root"):
        T.reads(A[0:2, 0:3])
        T.writes(B[0:2])
        S = T.alloc_buffer((2,), "int32")
        for i in range(2):
            S[i] = 0
            for j in range(3):
                S[i] = S[i] + A[i, j]
        for i in range(2):
            B[i] = S[i]
