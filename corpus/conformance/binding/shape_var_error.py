"""
description: A scalar param n used as a buffer dimension must equal the tensor's extent there - n = 4 with a [4] tensor runs; n = 3 or n = 5 with a [4] tensor is a binding error
rules: [bind.shape_var]
cases:
  - args:
      a: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
      n: 4
    expect:
      buffers: {a: [4, 8, 12, 16]}
  - args:
      a: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
      n: 3
    expect:
      error: binding
  - args:
      a: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
      n: 5
    expect:
      error: binding
"""
from tvm.script import tir as T


@T.prim_func
def main(a: T.handle, n: T.int32):
    A = T.match_buffer(a, (n,), "int32")
    for i in range(n):
        A[i] = A[i] * n
