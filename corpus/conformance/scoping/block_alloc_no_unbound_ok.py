"""
description: A block's alloc_buffer whose shape uses the bound param n
rules: [scope.block.alloc_no_unbound]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [4]}
  n: 4
expect:
  buffers: {B: [4, 3, 2, 1]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), n: T.int32):
    with T.block("root"):
        T.reads(A[0:4])
        T.writes(B[0:4])
        S = T.alloc_buffer((n,), "int32")
        for i in range(n):
            S[i] = A[n - 1 - i]
        for i in range(n):
            B[i] = S[i]
