"""
description: A stride given by the bound param s must equal the compact stride (3 for shape (2, 3)) when the tensor's strides are null - s = 3 runs, s = 4 is a binding error
rules: [bind.strides_compact]
cases:
  - args:
      a: {dtype: int32, shape: [2, 3], data: [1, 2, 3, 4, 5, 6]}
      s: 3
    expect:
      buffers: {a: [1, 2, 3, 5, 7, 9]}
  - args:
      a: {dtype: int32, shape: [2, 3], data: [1, 2, 3, 4, 5, 6]}
      s: 4
    expect:
      error: binding
"""
from tvm.script import tir as T


@T.prim_func
def main(a: T.handle, s: T.int32):
    A = T.match_buffer(a, (2, 3), "int32", strides=(s, 1))
    for j in range(3):
        A[1, j] = A[0, j] + A[1, j]
