"""
description: Every iteration of a vectorized For accumulates into the same element S[0] (read and written by all four)
rules: [unspec.conflict.vectorized, sem.stmt.for.vectorized]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
  S: {dtype: int32, shape: [1]}
expect:
  unspecified: conflict
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), S: T.Buffer((1,), "int32")):
    for i in T.vectorized(4):
        S[0] = S[0] + A[i]
