"""
description: A vectorized For with min 0 (T.vectorized(0, 4))
rules: [type.stmt.for.vectorized_min]
args:
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [3, 4, 5, 6]}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int32")):
    for i in T.vectorized(0, 4):
        B[i] = i + 3
