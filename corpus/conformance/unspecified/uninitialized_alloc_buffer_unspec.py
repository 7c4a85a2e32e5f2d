"""
description: Reading a block alloc_buffer before any write (accumulating into S without initializing it)
rules: [unspec.uninitialized, sem.stmt.block.alloc]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [1]}
expect:
  unspecified: uninitialized
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((1,), "int32")):
    with T.block("root"):
        T.reads(A[0:4])
        T.writes(B[0])
        S = T.alloc_buffer((1,), "int32")
        for i in range(4):
            S[0] = S[0] + A[i]
        B[0] = S[0]
