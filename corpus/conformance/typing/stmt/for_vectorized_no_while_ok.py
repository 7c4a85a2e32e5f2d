"""
description: A vectorized For whose body has no While
rules: [type.stmt.for.vectorized_no_while]
args:
  A: {dtype: float32, shape: [4], data: [1.0, 2.0, 3.0, 4.0]}
  B: {dtype: float32, shape: [4]}
expect:
  buffers: {B: [0.5, 1.0, 1.5, 2.0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
    for i in T.vectorized(4):
        B[i] = A[i] * T.float32(0.5)
