"""
description: Shuffle index 4 of a single 4-lane vector selects no lane
rules: [unspec.shuffle_index_range, sem.expr.shuffle]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [4]}
expect:
  unspecified: out-of-bounds
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    B[0:4] = T.Shuffle([A[0:4]], [0, 1, 2, 4])
