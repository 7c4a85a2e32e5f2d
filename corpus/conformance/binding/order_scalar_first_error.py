"""
description: The scalar param n, also A's dimension, is bound from its argument and A's extent is checked against it - n = 3 with a [3] tensor runs; n = 2 disagrees with the extent 3, a binding error whichever binding comes first
rules: [bind.order, bind.shape_var]
cases:
  - args:
      a: {dtype: int32, shape: [3], data: [1, 2, 3]}
      n: 3
    expect:
      buffers: {a: [3, 3, 3]}
  - args:
      a: {dtype: int32, shape: [3], data: [1, 2, 3]}
      n: 2
    expect:
      error: binding
"""
from tvm.script import tir as T


@T.prim_func
def main(a: T.handle, n: T.int32):
    A = T.match_buffer(a, (n,), "int32")
    for i in range(n):
        A[i] = n
