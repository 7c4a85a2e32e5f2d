"""
description: A match_buffer dimension that is an already bound Var (the param n) must equal the region extent 4 - n = 4 runs, n = 3 is a binding error
rules: [sem.stmt.block.match_buffer.shape]
cases:
  - args:
      A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
      B: {dtype: int32, shape: [4]}
      n: 4
    expect:
      buffers: {B: [2, 4, 6, 8]}
  - args:
      A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
      B: {dtype: int32, shape: [4]}
      n: 3
    expect:
      error: binding
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), n: T.int32):
    with T.block("tile"):
        T.reads(A[0:4])
        T.writes(B[0:4])
        Asub = T.match_buffer(A[0:4], (n,), "int32", offset_factor=1)
        for k in range(4):
            B[k] = Asub[k] * 2
