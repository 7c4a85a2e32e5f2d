"""
description: A load at the negative index -1 lies outside the shape
rules: [unspec.oob]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [1]}
  i: -1
expect:
  unspecified: out-of-bounds
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((1,), "int32"), i: T.int32):
    B[0] = A[i]
