"""
description: >-
  A match_buffer may have fewer dimensions than its region - the 2-d Asub over the 3-d region
  A[1, 0:2, 1:3] keeps the leading dimension fixed at its min 1, so Asub[i, j] is A[1, i, 1 + j];
  with A[a, b, c] = a * 100 + b * 10 + c that reads 101, 102, 111, 112
rules: [sem.stmt.block.match_buffer]
args:
  A: {dtype: int32, shape: [2, 2, 3], data: [0, 1, 2, 10, 11, 12, 100, 101, 102, 110, 111, 112]}
  B: {dtype: int32, shape: [2, 2]}
expect:
  buffers: {B: [101, 102, 111, 112]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 2, 3), "int32"), B: T.Buffer((2, 2), "int32")):
    with T.block("tile"):
        T.reads(A[1, 0:2, 1:3])
        T.writes(B[0:2, 0:2])
        Asub = T.match_buffer(A[1, 0:2, 1:3], (2, 2), "int32", offset_factor=1)
        for i, j in T.grid(2, 2):
            B[i, j] = Asub[i, j]
