"""
description: A negative Shuffle index (-1) selects no lane
rules: [unspec.shuffle_index_range, sem.expr.shuffle]
args:
  A: {dtype: int32, shape: [8], data: [1, 2, 3, 4, 5, 6, 7, 8]}
  B: {dtype: int32, shape: [8]}
expect:
  unspecified: out-of-bounds
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
    B[0:8] = T.Shuffle([A[0:4], A[4:8]], [-1, 0, 1, 2, 3, 4, 5, 6])
