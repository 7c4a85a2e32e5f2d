"""
description: A Shuffle of two int8x4 vectors with 8 indices (their total lanes)
rules: [type.expr.shuffle.index_count]
args:
  A: {dtype: int8, shape: [4], data: [1, 2, 3, 4]}
  C: {dtype: int8, shape: [4], data: [-1, -2, -3, -4]}
  B: {dtype: int8, shape: [8]}
expect:
  buffers: {B: [-4, 4, -3, 3, -2, 2, -1, 1]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int8"), C: T.Buffer((4,), "int8"), B: T.Buffer((8,), "int8")):
    B[0:8] = T.Shuffle([A[0:4], C[0:4]], [7, 3, 6, 2, 5, 1, 4, 0])
