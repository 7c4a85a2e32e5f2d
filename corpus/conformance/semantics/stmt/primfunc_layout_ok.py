"""
description: >-
  A buffer param with compact row-major layout - element (i, j, k) of a (2, 3, 4) tensor is flat
  element i * 12 + j * 4 + k; the transposed copy B[k, j, i] = A[i, j, k] is checked flat
rules: [sem.stmt.primfunc.layout]
args:
  A: {dtype: int32, shape: [2, 3, 4], data: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23]}
  B: {dtype: int32, shape: [4, 3, 2]}
expect:
  buffers:
    B: [0, 12, 4, 16, 8, 20, 1, 13, 5, 17, 9, 21, 2, 14, 6, 18, 10, 22, 3, 15, 7, 19, 11, 23]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 3, 4), "int32"), B: T.Buffer((4, 3, 2), "int32")):
    for i, j, k in T.grid(2, 3, 4):
        B[k, j, i] = A[i, j, k]
