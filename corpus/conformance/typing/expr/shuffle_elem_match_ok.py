"""
description: A Shuffle interleaving two int32x4 vectors (same code and bits)
rules: [type.expr.shuffle.elem_match]
args:
  A: {dtype: int32, shape: [8], data: [0, 1, 2, 3, 10, 11, 12, 13]}
  B: {dtype: int32, shape: [8]}
expect:
  buffers: {B: [0, 10, 1, 11, 2, 12, 3, 13]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
    v: T.int32x4 = A[0:4]
    w: T.int32x4 = A[4:8]
    B[0:8] = T.Shuffle([v, w], [0, 4, 1, 5, 2, 6, 3, 7])
