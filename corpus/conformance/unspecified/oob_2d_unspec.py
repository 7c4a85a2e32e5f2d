"""
description: A[0, 4] on a (2, 4) buffer is out of bounds by shape, though its row-major flat position 4 is inside the memory
rules: [unspec.oob]
args:
  A: {dtype: int32, shape: [2, 4], data: [0, 1, 2, 3, 4, 5, 6, 7]}
  B: {dtype: int32, shape: [1]}
  j: 4
expect:
  unspecified: out-of-bounds
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 4), "int32"), B: T.Buffer((1,), "int32"), j: T.int32):
    B[0] = A[0, j]
