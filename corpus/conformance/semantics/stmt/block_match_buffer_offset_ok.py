"""
description: >-
  A match_buffer of the tile A[1:3, 2:4] maps Asub[i, j] to A[1 + i, 2 + j]; writes through a
  match_buffer land in its source - Asub[i, j] = 100 + i * 10 + j changes A[1, 2], A[1, 3], A[2, 2], A[2, 3]
rules: [sem.stmt.block.match_buffer]
args:
  A: {dtype: int32, shape: [3, 4]}
expect:
  buffers: {A: [0, 0, 0, 0, 0, 0, 100, 101, 0, 0, 110, 111]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((3, 4), "int32")):
    with T.block("tile"):
        T.reads()
        T.writes(A[1:3, 2:4])
        Asub = T.match_buffer(A[1:3, 2:4], (2, 2), "int32", offset_factor=1)
        for i, j in T.grid(2, 2):
            Asub[i, j] = 100 + i * 10 + j
