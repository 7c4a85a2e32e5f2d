"""
description: A vectorized For with the IntImm extent 1 (the smallest allowed)
rules: [type.stmt.for.vectorized_extent]
args:
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [7, 0, 0, 0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int32")):
    for i in T.vectorized(1):
        B[i] = 7
