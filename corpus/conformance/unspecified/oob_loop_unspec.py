"""
description: A loop range(5) over a 4-element buffer reads one past its end in the last iteration
rules: [unspec.oob, sem.stmt.for.range]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [5]}
expect:
  unspecified: out-of-bounds
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((5,), "int32")):
    for i in range(5):
        B[i] = A[i]
